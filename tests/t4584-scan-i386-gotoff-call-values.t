#!/bin/sh
# An i386 object built by gcc -fPIC whose DWARF holds R_386_GOTOFF
# relocations is checked.  gcc writes one as the DW_OP_addr operand
# added to a GOT pointer it kept in a stack slot, in a call site's
# DW_AT_call_value; elfutils 0.188 does not apply the type, and scan
# took the object's DWARF for unreadable ("4 relocations of .debug_info
# could not be applied"), exit 2: LMDB's mdb.o built for i686 with
# MDB_VL32 was never checked.  Like a TLS offset (t4330), such an offset
# touches no line table, name or code address.  The case first checks
# that the relocation is in the object, so it tests what it says; a
# relocation of another type elfutils cannot apply still leaves the
# object unchecked (t4230).
. "$(dirname "$0")/lib/tap.sh"
requires readelf binutils

SRC=$RWONCE_ROOT/tests/scan/user-i386-gotoff.c
cd "$TEST_TMP" || exit 1

test_expect_success 'gcc -m32 -fPIC writes R_386_GOTOFF into .debug_info' '
	gcc -m32 -fPIC -O2 -g -c "$SRC" -o g.o &&
	readelf -rW g.o | sed -n "/\.rel\.debug_info/,/^\$/p" >rel &&
	grep -q " R_386_GOTOFF " rel
'

test_expect_success 'the object is checked, its site ok' '
	"$RWONCE" scan g.o >out 2>err; echo $? >rc; cat err;
	test "$(cat rc)" = 0 &&
	! grep -q "could not be applied" err &&
	grep -q "1 site instance: ok 1, torn 0, duplicated 0, widened 0, unattributed 0; 1 site; 1 of 1 file checked" err
'
test_done
