#!/bin/sh
# Objects for bench/scan-identical.sh on every machine scan reads: the
# scan tests' fixtures (tests/scan/*.c) and verify's probe controls and
# library probes, compiled with -g by clang 19 and by the gcc cross
# compilers for x86-64, i386, aarch64, armhf (ARM and Thumb-2), s390x,
# ppc64le, riscv64 and mips64el, at -O0, -O2 and -Os.  MIPS objects are
# linked into a shared object each (scan cannot read a MIPS .o's DWARF:
# elfutils 0.188 has no MIPS backend).  A compile that fails is skipped
# and counted; the list of what was built is OUT/objects.txt.
#
#   bench/scan-isa-fixtures.sh OUT
set -u
out=${1:?usage: bench/scan-isa-fixtures.sh OUT}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
: > "$out/objects.txt"
failed=0
# name  compiler  flags
configs='
x86_64-clang   clang-19 --target=x86_64-linux-gnu
x86_64-gcc     gcc
i386-clang     clang-19 --target=i686-linux-gnu
i386-gcc       gcc -m32
aarch64-clang  clang-19 --target=aarch64-linux-gnu
aarch64-gcc    aarch64-linux-gnu-gcc
armhf-clang    clang-19 --target=arm-linux-gnueabihf -marm
thumb-clang    clang-19 --target=arm-linux-gnueabihf -mthumb
armhf-gcc      arm-linux-gnueabihf-gcc -marm
thumb-gcc      arm-linux-gnueabihf-gcc -mthumb
s390x-clang    clang-19 --target=s390x-linux-gnu
s390x-gcc      s390x-linux-gnu-gcc
ppc64le-clang  clang-19 --target=powerpc64le-linux-gnu
ppc64le-gcc    powerpc64le-linux-gnu-gcc
riscv64-clang  clang-19 --target=riscv64-linux-gnu
riscv64-gcc    riscv64-linux-gnu-gcc
mips64el-clang clang-19 --target=mips64el-linux-gnuabi64
mips64el-gcc   mips64el-linux-gnuabi64-gcc
'
srcs="$root/tests/scan/*.c $root/probes/controls.c $root/probes/library.c"
echo "$configs" | while read -r name cc flags; do
	[ -n "$name" ] || continue
	command -v "$cc" >/dev/null 2>&1 || { echo "skip $name: no $cc" >&2; continue; }
	for opt in 0 2 s; do
		dir=$out/$name-O$opt
		mkdir -p "$dir"
		for src in $srcs; do
			base=$(basename "$src" .c)
			obj=$dir/$base.o
			# shellcheck disable=SC2086
			if ! $cc $flags -O$opt -g -fno-pic -I"$root/probes" \
				-I"$root/include" -I"$root/tests/scan" \
				-I"$root/tests/scan/user-include" \
				-c "$src" -o "$obj" 2>/dev/null; then
				echo "failed: $name -O$opt $base" >&2
				rm -f "$obj"
				continue
			fi
			case $name in
			mips64el-*)
				# shellcheck disable=SC2086
				$cc $flags -shared -nostdlib -o "$dir/$base.so" \
					"$obj" 2>/dev/null &&
					echo "$dir/$base.so" >> "$out/objects.txt"
				rm -f "$obj" ;;
			*)	echo "$obj" >> "$out/objects.txt" ;;
			esac
		done
	done
done
wc -l < "$out/objects.txt"
