#!/bin/sh
# The QEMU tracer on all eight targets, with gcc and clang-14/16/19: the
# demo program's exact access sequence (tests/trace/expect/TARGET-CC.txt,
# measured and reviewed; see tracer/TARGETS.md).  Slow: RWONCE_FULL=1.
. "$(dirname "$0")/lib/tap.sh"
[ "${RWONCE_FULL:-0}" = 1 ] || skip_all "all-target run: set RWONCE_FULL=1 (make check-full)"
. "$RWONCE_ROOT/tests/trace/lib.sh"
requires clang-14 clang-14
requires clang-16 clang-16
requires clang-19 clang-19
requires aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
requires arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf
requires s390x-linux-gnu-gcc gcc-s390x-linux-gnu
requires powerpc64le-linux-gnu-gcc gcc-powerpc64le-linux-gnu
requires --full riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu
requires mips64el-linux-gnuabi64-gcc gcc-mips64el-linux-gnuabi64
requires qemu-x86_64 qemu-user
requires qemu-i386 qemu-user
requires qemu-aarch64 qemu-user
requires qemu-arm qemu-user
requires qemu-s390x qemu-user
requires qemu-ppc64le qemu-user
requires qemu-riscv64 qemu-user
requires qemu-mips64el qemu-user
need_cmd nm

EXPECT=$RWONCE_ROOT/tests/trace/expect

# target  triple  gcc driver and flags
while read -r name triple gcc_cmd; do
	for cc in gcc clang-14 clang-16 clang-19; do
		what="$name $cc"
		qemu=$(awk -v n="$name" '$1 == n { print $2 }' <<EOT
x86_64 qemu-x86_64
i386 qemu-i386
aarch64 qemu-aarch64
armhf qemu-arm
s390x qemu-s390x
ppc64le qemu-ppc64le
riscv64 qemu-riscv64
mips64el qemu-mips64el
EOT
)
		if [ $cc = gcc ]; then
			cc_cmd=$gcc_cmd
			expect=$EXPECT/$name-gcc.txt
		else
			cc_cmd="$cc --target=$triple"
			expect=$EXPECT/$name-clang.txt
		fi
		if ! have_cmd "${cc_cmd%% *}" || ! have_cmd "$qemu"; then
			test_skip "$what" "$(missing_why "${cc_cmd%% *}" "$qemu")"
			continue
		fi
		test_expect_success "$what: builds static and traces as expected" '
			build_demo "demo-$name-$cc" $cc_cmd &&
			exe=$TEST_TMP/demo-$name-$cc &&
			watched "$exe" &&
			main=$(symbol_range "$exe" main) &&
			"$TRACE_DUMP" --target $name --code $main $LO $HI "$exe" >"$exe.out" &&
			diff -u "$expect" "$exe.out"
		'
	done
done <<EOT
x86_64 x86_64-linux-gnu gcc
i386 i386-linux-gnu gcc -m32
aarch64 aarch64-linux-gnu aarch64-linux-gnu-gcc
armhf arm-linux-gnueabihf arm-linux-gnueabihf-gcc
s390x s390x-linux-gnu s390x-linux-gnu-gcc
ppc64le powerpc64le-linux-gnu powerpc64le-linux-gnu-gcc
riscv64 riscv64-linux-gnu riscv64-linux-gnu-gcc
mips64el mips64el-linux-gnuabi64 mips64el-linux-gnuabi64-gcc
EOT

test_done
