#!/bin/sh
# The addresses scan prints for a linked ET_DYN file -- a shared object,
# arm64's relocatable vmlinux -- are the file's own, as objdump prints
# them.  libdwfl's offline layout puts such a file at a bias (0x10000),
# and the notes carried it: on Linux 6.12's arm64 vmlinux every cited
# instruction was 0x10000 past objdump's.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd clang objdump

clang -O2 -g -fPIC -shared -I"$RWONCE_ROOT/probes" -I"$RWONCE_ROOT/include" \
	"$RWONCE_ROOT/tests/scan/kernel-shape.c" -o "$TEST_TMP/k.so" || exit 1

test_expect_success 'an ET_DYN file (else this proves nothing)' '
	od -An -tx1 -j16 -N1 "$TEST_TMP/k.so" | grep -q "03"
'
test_expect_success 'every cited instruction is at objdump'"'"'s address for it' '
	{ "$RWONCE" scan "$TEST_TMP/k.so" >"$TEST_TMP/out" 2>/dev/null; test $? = 1; } &&
	objdump -d --no-show-raw-insn "$TEST_TMP/k.so" >"$TEST_TMP/dis" &&
	sed -n "s/.* note: \([0-9a-f]*\) <[^>]*>: .*/\1/p" "$TEST_TMP/out" >"$TEST_TMP/addrs" &&
	test -s "$TEST_TMP/addrs" &&
	while read -r a; do
		grep -Eq "^ +$a:" "$TEST_TMP/dis" || { echo "not in objdump: $a"; return 1; }
	done <"$TEST_TMP/addrs"
'
test_done
