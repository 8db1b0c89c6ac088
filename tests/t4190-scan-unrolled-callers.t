#!/bin/sh
# A once-access inlined into a loop that the compiler unrolled repeats
# once per iteration: not duplicated.  scan knew this for callers in
# files it reads for sites; a caller in a file that names no
# once-access (the kernel's ttm_device.c, percpu_counter.c calling
# list.h) was not lexed, its loops unknown, and Linux 6.12 built by
# clang 19 got 2 false "duplicated" findings.  Such a caller's loops are
# now read when a torn or duplicated verdict depends on them.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd clang

clang -O2 -g -c "$RWONCE_ROOT/tests/scan/unrolled-fini.c" -o "$TEST_TMP/u.o"

test_expect_success 'clang -O2 unrolled both loops (else this proves nothing)' '
	objdump -d "$TEST_TMP/u.o" >"$TEST_TMP/dis" &&
	test "$(grep -Ec "mov +\(%rdi\),%rax" "$TEST_TMP/dis")" -ge 2 &&
	test "$(grep -Ec "mov +%r[a-z0-9]+,0x0\(%rip\)" "$TEST_TMP/dis")" -ge 2 &&
	! grep -Eq "volatile|READ_ONCE|WRITE_ONCE" "$RWONCE_ROOT/tests/scan/unrolled-fini.c"
'
test_expect_success 'the unrolled loads and stores: ok, not duplicated' '
	{ "$RWONCE" scan "$TEST_TMP/u.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 0; } &&
	! grep -q "scan-duplicated" "$TEST_TMP/out" &&
	grep -q "2 site instances: ok 2, torn 0, duplicated 0" "$TEST_TMP/err"
'
test_expect_success '-j 2: the same' '
	"$RWONCE" scan -j 2 "$TEST_TMP/u.o" >"$TEST_TMP/out2" 2>"$TEST_TMP/err2" &&
	cmp "$TEST_TMP/out" "$TEST_TMP/out2" && cmp "$TEST_TMP/err" "$TEST_TMP/err2"
'
test_done
