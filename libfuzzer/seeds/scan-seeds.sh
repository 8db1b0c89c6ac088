#!/bin/sh
# The seed corpus of the scan-reader harness, generated (objects are not
# committed): libfuzzer/seeds/scan-seed.c compiled with -g by CLANG for x86-64,
# arm64, ppc64le and riscv64 (DWARF 5 with MD5s), by gcc for x86-64
# (DWARF 5 with columns, and DWARF 4), and an archive of two of them.
#
#   libfuzzer/seeds/scan-seeds.sh OUTDIR CLANG
set -eu
out=${1:?usage: libfuzzer/seeds/scan-seeds.sh OUTDIR CLANG}
clang=${2:?usage: libfuzzer/seeds/scan-seeds.sh OUTDIR CLANG}
src=$(cd "$(dirname "$0")" && pwd)/scan-seed.c
tmp=$out.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
for t in x86_64 aarch64 powerpc64le riscv64; do
	"$clang" --target=$t-linux-gnu -O2 -g -c -o "$tmp/$t-clang.o" "$src"
done
gcc -O2 -g -c -o "$tmp/x86_64-gcc.o" "$src"
gcc -O2 -gdwarf-4 -c -o "$tmp/x86_64-gcc-dwarf4.o" "$src"
ar rc "$tmp/archive.a" "$tmp/x86_64-gcc.o" "$tmp/aarch64-clang.o"
rm -rf "$out"
mv "$tmp" "$out"
