#!/bin/sh
# The fuzz oracle counts for a volatile object only what the program's own
# code does to it: a load that starts in a neighbouring object and runs
# over it is the neighbour's, libc's copies are not the program's, and a
# load that starts in padding and wholly contains it is a widened access.
# Struct objects with a brace initialiser are watched.  The reducer's UB
# guards accept Csmith's nested pointers with added qualifiers and reject
# other incompatible pointers.  On armhf the two 4-byte halves of a 64-bit
# volatile are one access.  Programs: tests/fuzz/oracle/.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/fuzz.sh"
requires python3 python3
requires arm-linux-gnueabihf-gcc-12 gcc-arm-linux-gnueabihf
requires qemu-arm qemu-user
need_cmd gcc python3
fuzz_need_x86
fuzz_need_csmith_headers

fuzz_private_tmpdir
P="$RWONCE_ROOT/tests/fuzz/oracle"

# "rwonce fuzz --check-one" exits 0 when gcc -O0 and -O2 differ in the
# expected class (and the guards pass); its verdict is on stderr.
check() { # expected-class program
	"$RWONCE" fuzz --check-one --ref gcc:x86_64:-O0 --bad gcc:x86_64:-O2 \
		--expect "$1" "$P/$2" 2>"$TEST_TMP/err"
	rc=$?
	cat "$TEST_TMP/err"
	return $rc
}

test_expect_success 'a load from a neighbour that runs over the object is not its access' '
	check same neighbour.c'
test_expect_success 'libc copying the object is not the program accessing it' '
	check same libc-copy.c'
test_expect_success 'a load from padding that contains the object is widened' '
	check widened widened.c && grep -q "g_1: reference r1; here r4@-3" "$TEST_TMP/err"'
test_expect_success 'a volatile declared as a bare "unsigned" is watched' '
	"$RWONCE" fuzz --check-one --ref gcc:x86_64:-O0 \
		--bad "$RWONCE_ROOT/tests/fuzz/cc-dup-load:x86_64:-O0" --expect count \
		"$P/plain-unsigned.c" 2>"$TEST_TMP/err"
	rc=$?; cat "$TEST_TMP/err"; test $rc = 0 && grep -q "count: g: reference r4; here r4 r4" "$TEST_TMP/err"'
test_expect_success 'a struct object with a brace initialiser is watched' '
	check aggregate aggregate-init.c && grep -q "g_2: reference r4 r4@+4; here r4 r4" "$TEST_TMP/err"'

# armhf: a volatile int64_t read as two 4-byte halves (ldrd) at -O0 and as
# one 8-byte load at -O2 is one read both times (the issue #14 armhf
# campaign's seed 3, first called torn).
if have_cmd arm-linux-gnueabihf-gcc-12 && have_cmd qemu-arm; then
	test_expect_success 'armhf: two halves of a 64-bit volatile are one access, like one 8-byte load' '
		"$RWONCE" fuzz --check-one --ref gcc:armhf:-O0 --bad gcc:armhf:-O2 \
			--expect same "$P/wide-halves.c" 2>"$TEST_TMP/err"
		rc=$?; cat "$TEST_TMP/err"; test $rc = 0'
else
	test_skip 'armhf: two halves of a 64-bit volatile are one access, like one 8-byte load' \
		"$(missing_why arm-linux-gnueabihf-gcc-12 qemu-arm)"
fi

guard() { # program: 0 when it passes the guards
	"$RWONCE" fuzz --check-one --ref gcc:x86_64:-O0 --bad gcc:x86_64:-O0 \
		--expect same "$P/$1" 2>"$TEST_TMP/err"
	rc=$?
	cat "$TEST_TMP/err"
	return $rc
}
test_expect_success 'UB guard: nested pointers with an added qualifier pass' '
	guard guard-qual-added.c'
test_expect_success 'UB guard: volatile added at both levels (once-mode seed 19) passes' '
	guard guard-qual-added-2.c'
test_expect_success 'UB guard: an int pointer from a long pointer fails' '
	! guard guard-int-from-long.c &&
	grep -q "undefined behaviour guard: .*incompatible pointer type" "$TEST_TMP/err"'
test_expect_success 'UB guard: a pointer that drops volatile fails' '
	! guard guard-drops-volatile.c &&
	grep -q "undefined behaviour guard: .*volatile int32_t \*\*" "$TEST_TMP/err"'
test_expect_success 'no temporary files left' 'test -z "$(ls -A "$TMPDIR")"'
test_done
