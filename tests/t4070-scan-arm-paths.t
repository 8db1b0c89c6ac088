#!/bin/sh
# gcc's 32-bit ARM code: accesses of one site that never happen in one
# execution are neither duplicated nor torn (tests/scan/arm-paths.c, the
# shapes of three false findings scan once gave on the Linux kernel):
#   - loads under opposite conditions (ldrne / ldreq of one address);
#   - loads on two paths (a return between them, the other reached only
#     by a jump from before the first);
#   - an operand that calls a macro of the same file is typed through the
#     macro's body (READ_ONCE(task_info(p)->stamp): u64, an ldrd: torn by
#     the architecture, with its type and size said);
#   - `if (t->seen != READ_ONCE(t->parent->self))`: the finding cites the
#     READ_ONCE's ldrd, not the loads of t->seen that gcc puts on the
#     column before the site.
# Thumb-2: opposite conditions inside an IT block, from assembly with
# .loc lines on a READ_ONCE line of tests/scan/arm-it-block.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf
requires arm-linux-gnueabihf-as binutils-arm-linux-gnueabihf
requires arm-linux-gnueabihf-objdump binutils-arm-linux-gnueabihf
need_cmd arm-linux-gnueabihf-gcc arm-linux-gnueabihf-as arm-linux-gnueabihf-objdump

SRC=$RWONCE_ROOT/tests/scan/arm-paths.c
EMPTY=$(line_of "$SRC" "return !READ_ONCE(s->head);")
TAILS=$(line_of "$SRC" "return !READ_ONCE(*READ_ONCE(C.tails[seg]));")
CPU=$(line_of "$SRC" "return READ_ONCE(task_info(p)->cpu);")
STAMP=$(line_of "$SRC" "= READ_ONCE(task_info(p)->stamp);")
SELF=$(line_of "$SRC" "if (t->seen != READ_ONCE(t->parent->self))")

for mode in arm thumb; do
	test_expect_success "gcc -O2 -m$mode: the code has the shapes (else this test proves nothing)" '
		arm-linux-gnueabihf-gcc -m'"$mode"' -O2 -fno-pie -g -c "$SRC" -o "$TEST_TMP/$mode.o" &&
		arm-linux-gnueabihf-objdump -d "$TEST_TMP/$mode.o" >"$TEST_TMP/$mode.dis" &&
		grep -q "ldr[a-z.]*	r[0-9], \[r[0-9], #40\]" "$TEST_TMP/$mode.dis" &&
		grep -q "ldr[a-z.]*	r[0-9], \[r[0-9], #44\]" "$TEST_TMP/$mode.dis" &&
		grep -q "ldrd	" "$TEST_TMP/$mode.dis" &&
		if [ '"$mode"' = arm ]; then
			grep -q "ldrne	r[0-9], \[r3\]" "$TEST_TMP/$mode.dis" &&
			grep -q "ldreq	r[0-9], \[r3\]" "$TEST_TMP/$mode.dis"
		fi
	'
	test_expect_success "gcc -O2 -m$mode: two findings, the ldrd of each u64, one typed through the macro" '
		{ "$RWONCE" scan -v 2 "$TEST_TMP/$mode.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		test "$(grep -c " error: " "$TEST_TMP/out")" = 2 &&
		grep -q "arm-paths.c:$SELF:[0-9]*: error: READ_ONCE(t->parent->self) of .unsigned long long. (8 bytes) compiled to 2 loads of 4 bytes by one pair instruction" "$TEST_TMP/out" &&
		grep -q "arm-paths.c:$SELF:[0-9]*: note: [0-9a-f]* <changed+0x[0-9a-f]*>: ldrd r2, r3, \[r3, #0x10\]" "$TEST_TMP/out" &&
		test "$(grep -c "arm-paths.c:$SELF:[0-9]*: note: [0-9a-f]* <" "$TEST_TMP/out")" = 1 &&
		grep -q "arm-paths.c:$STAMP:[0-9]*: error: READ_ONCE(task_info(p)->stamp) of .long long unsigned int. (8 bytes) compiled to 2 loads of 4 bytes by one pair instruction .*: torn \[scan-torn\]" "$TEST_TMP/out" &&
		grep -q "arm-paths.c:$CPU:[0-9]*: READ_ONCE(task_info(p)->cpu): object unsigned int, 4 bytes" "$TEST_TMP/err" &&
		! grep -q "arm-paths.c:$EMPTY:.*error" "$TEST_TMP/out" &&
		! grep -q "arm-paths.c:$TAILS:.*error" "$TEST_TMP/out" &&
		grep -q "torn 2, duplicated 0, widened 0" "$TEST_TMP/err"
	'
done

IT=$RWONCE_ROOT/tests/scan/arm-it-block.c
READ=$(line_of "$IT" "return READ_ONCE(*p);")
cat >"$TEST_TMP/it.s" <<ASM
	.syntax unified
	.thumb
	.file 1 "$IT"
	.text
	.global pick
	.type pick, %function
	.thumb_func
pick:
	.loc 1 $((READ - 2)) 1
	cmp r1, #0
	.loc 1 $READ 9
	ite ne
	ldrne r2, [r0]
	ldreq r3, [r0]
	.loc 1 $((READ + 1)) 1
	bx lr
	.size pick, .-pick
	.global twice
	.type twice, %function
	.thumb_func
twice:
	.loc 1 $((READ - 2)) 1
	cmp r1, #0
	.loc 1 $READ 9
	ldr r2, [r0]
	ldr r3, [r0]
	.loc 1 $((READ + 1)) 1
	bx lr
	.size twice, .-twice
ASM

test_expect_success 'Thumb-2: ldrne/ldreq of one word in an IT block are not duplicated; two plain ldr are' '
	arm-linux-gnueabihf-as -o "$TEST_TMP/it.o" "$TEST_TMP/it.s" &&
	{ "$RWONCE" scan "$TEST_TMP/it.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	test "$(grep -c " error: " "$TEST_TMP/out")" = 1 &&
	grep -q "arm-it-block.c:$READ:[0-9]*: error: READ_ONCE(\*p) .* duplicated \[scan-duplicated\]" "$TEST_TMP/out" &&
	grep -q "note: in .*it.o, function .twice." "$TEST_TMP/out" &&
	grep -q "2 site instances: ok 1, torn 0, duplicated 1" "$TEST_TMP/err"
'

test_done
