#!/bin/sh
# A once-access the compiler hands to memcpy (or memmove ...) is not one
# access: scan says torn, with the call as the evidence, where it said
# "no memory access attributed to the site" (unattributed) before.
# Linux 6.12's nft_synproxy built by clang 19 for s390x (issue 32): the
# READ_ONCE and WRITE_ONCE of the 2-byte-aligned 4-byte struct
# nf_synproxy_info are brasl %r14, memcpy and a tail call, jg memcpy,
# each with length 4.  tests/scan/s390-once-copy.c has that shape, and
# a 320-byte struct read at once, which clang 19 hands to memcpy on
# x86-64 too.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires clang-19 clang-19
requires s390x-linux-gnu-objdump binutils-s390x-linux-gnu
requires objdump binutils
requires python3 python3

SRC=$RWONCE_ROOT/tests/scan/s390-once-copy.c
READ=$(line_of "$SRC" "= READ_ONCE(priv->info);")
WRITE=$(line_of "$SRC" "WRITE_ONCE(priv->info, newpriv->info);")
BIG=$(line_of "$SRC" "struct big b = READ_ONCE(*p);")

if have_cmd clang-19 && have_cmd s390x-linux-gnu-objdump && clang_can s390x-linux-gnu; then
	test_expect_success 'clang-19 -O2 s390x: the read is brasl to memcpy, the write jg memcpy (else this proves nothing)' '
		clang-19 --target=s390x-linux-gnu -O2 -g -c "$SRC" -o "$TEST_TMP/s.o" &&
		s390x-linux-gnu-objdump -dr --no-show-raw-insn "$TEST_TMP/s.o" >"$TEST_TMP/s.dis" &&
		sed -n "/<synproxy_read>:/,/^\$/p" "$TEST_TMP/s.dis" >"$TEST_TMP/read.dis" &&
		grep -q "lghi	%r4,4" "$TEST_TMP/read.dis" &&
		grep -q "brasl	%r14" "$TEST_TMP/read.dis" &&
		grep -q "R_390_PLT32DBL	memcpy" "$TEST_TMP/read.dis" &&
		sed -n "/<synproxy_write>:/,/^\$/p" "$TEST_TMP/s.dis" >"$TEST_TMP/write.dis" &&
		grep -q "jg	" "$TEST_TMP/write.dis" &&
		grep -q "R_390_PLT32DBL	memcpy" "$TEST_TMP/write.dis" &&
		! grep -Eq "	(l|st|lh|sth|llc|stc)	" "$TEST_TMP/read.dis" "$TEST_TMP/write.dis"
	'
	test_expect_success 's390x: both torn, "a call of memcpy()", the call cited; exit 1' '
		{ "$RWONCE" scan "$TEST_TMP/s.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		grep -q "s390-once-copy.c:$READ:[0-9]*: error: READ_ONCE(priv->info) of .struct nf_synproxy_info. (4 bytes) compiled to a call of memcpy(), not one access: torn \[scan-torn\]" "$TEST_TMP/out" &&
		grep -q "s390-once-copy.c:$WRITE:[0-9]*: error: WRITE_ONCE(priv->info) of .struct nf_synproxy_info. (4 bytes) compiled to a call of memcpy(), not one access: torn \[scan-torn\]" "$TEST_TMP/out" &&
		grep -Eq "note: [0-9a-f]+ <synproxy_read\+0x[0-9a-f]+>: brasl %r14, 0x[0-9a-f]+ <memcpy>$" "$TEST_TMP/out" &&
		grep -Eq "note: [0-9a-f]+ <synproxy_write\+0x[0-9a-f]+>: jg 0x[0-9a-f]+ <memcpy>$" "$TEST_TMP/out"
	'
	test_expect_success 's390x: the JSON says torn with the call, no instance unattributed for them' '
		"$RWONCE" scan --json "$TEST_TMP/s.o" >"$TEST_TMP/out.json" 2>/dev/null; test $? = 1 &&
		python3 - "$TEST_TMP/out.json" "$READ" "$WRITE" <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		for line in sys.argv[2:]:
		    mine = [i for i in d["site_instances"] if i["line"] == int(line)]
		    assert len(mine) == 1, mine
		    assert mine[0]["verdict"] == "torn", mine
		    assert mine[0]["why"] == "compiled to a call of memcpy(), not one access: torn", mine
		    assert len(mine[0]["instructions"]) == 1 and "<memcpy>" in mine[0]["instructions"][0]["text"], mine
		PY
	'
else
	test_skip 'clang-19 s390x: memcpy calls' "$(missing_why clang-19 s390x-linux-gnu-objdump)"
fi

if have_cmd clang-19 && have_cmd objdump && clang_can x86_64-linux-gnu; then
	test_expect_success 'clang-19 -O2 x86-64: the 320-byte read is a call of memcpy (else this proves nothing)' '
		clang-19 --target=x86_64-linux-gnu -O2 -g -c "$SRC" -o "$TEST_TMP/x.o" &&
		objdump -dr --no-show-raw-insn "$TEST_TMP/x.o" |
			sed -n "/<big_read>:/,/^\$/p" >"$TEST_TMP/big.dis" &&
		grep -q "R_X86_64_PLT32	memcpy" "$TEST_TMP/big.dis"
	'
	test_expect_success 'x86-64: torn, the call cited' '
		{ "$RWONCE" scan "$TEST_TMP/x.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		grep -q "s390-once-copy.c:$BIG:[0-9]*: error: READ_ONCE(\*p) of .struct big. (320 bytes) compiled to a call of memcpy(), not one access: torn \[scan-torn\]" "$TEST_TMP/out" &&
		grep -Eq "note: [0-9a-f]+ <big_read\+0x[0-9a-f]+>: call.* <memcpy>$" "$TEST_TMP/out"
	'
else
	test_skip 'clang-19 x86-64: memcpy call' "$(missing_why clang-19 objdump)"
fi

test_done
