#!/bin/sh
# Demonstration 1 across targets: the library's probes are ok for gcc and
# clang at every optimisation level, both backends.  In CI: aarch64 and
# s390x with the Debian cross gcc and clang-19.  With RWONCE_FULL=1
# (make check-full): all eight targets, gcc and clang 14, 16 and 19.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/verify/lib.sh"

# The cross compilers and qemu of each target are run by rwonce, which
# says which package is missing (exit 2): a skip naming it.
requires clang-14 clang-14
requires clang-16 clang-16
requires clang-19 clang-19

if [ "${RWONCE_FULL:-0}" = 1 ]; then
	targets="x86_64 i386 aarch64 armhf s390x ppc64le riscv64 mips64el"
	compilers="gcc clang-14 clang-16 clang-19"
else
	targets="aarch64 s390x"
	compilers="gcc clang-19"
fi

for t in $targets; do
	for cc in $compilers; do
		name="$cc $t: library probes ok at -O0 -O1 -O2 -O3 -Os"
		if ! have_cmd "$cc"; then
			test_skip "$name" "$(missing_why "$cc")"
			continue
		fi
		# A missing cross toolchain or qemu is a skip, never a pass.
		"$RWONCE" verify --cc "$cc" --target "$t" --opt 0 --only read_u8 \
			--backend volatile >"$TEST_TMP/probe" 2>&1
		if [ $? = 2 ]; then
			test_skip "$name" "$(head -n 1 "$TEST_TMP/probe")"
			continue
		fi
		case "$cc $t" in
		clang-*" armhf")
			# Measured: clang 14/16/19 at -O0 make the 8-byte
			# RWONCE_ATOMIC64 store a compare-exchange loop that
			# first reads the old value with two plain 4-byte
			# loads -- reads nobody asked for (widened).  The
			# store itself is one strexd.  -O1 and up are ok.
			test_expect_success "$cc armhf -O0: 8-byte stores widened by a read of the old value (measured)" '
				"$RWONCE" verify --cc "$cc" --target armhf --opt 0 --backend volatile \
					--only "write_u64,assign_once,write_pair32,read_u64" --json >"$TEST_TMP/o0.json"
				test $? = 1 &&
				test "$(verdicts write_u64 "$TEST_TMP/o0.json")" = widened &&
				test "$(verdicts read_u64 "$TEST_TMP/o0.json")" = ok
			'
			levels="1 2 3 s"
			want=8
			;;
		*)
			levels="0 1 2 3 s"
			want=10
			;;
		esac
		name="$cc $t: library probes ok at -O$(echo $levels | sed 's/ / -O/g')"
		test_expect_success "$name" '
			"$RWONCE" verify --cc "$cc" --target "$t" --opt "$levels" --json >"$TEST_TMP/out.json"
			rc=$?
			json_ok "$TEST_TMP/out.json" && all_status ok "$TEST_TMP/out.json" &&
			test $rc = 0 &&
			test $(grep -c "\"backend\": " "$TEST_TMP/out.json") = $want
		'
	done
done

test_done
