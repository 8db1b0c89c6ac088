#!/bin/sh
# A once-read whose value is dereferenced right after it
# (rcu_dereference(to_vlan(a)->vlan_p)->tcfv_push_dst in Linux's
# tc_vlan.h): the loads through the register the site's load set are of
# the object it points to, not the site's.  Debian's 6.12 act_vlan.ko
# (gcc 12) had 2 false "torn" findings there once discovery made
# rcu_dereference a once-macro: the 6-byte memcpy through the pointer,
# a 4-byte and a 2-byte load, on the site's rows.  From assembly with
# .loc lines on tests/scan/deref-after.c (the site's type is unknown: a
# header's macro; rcu_dereference named a once-macro with --macro, as
# discovery makes it in a C build -- assembly's units are not searched);
# push_pair, the control, reads a struct through a loaded pointer and is
# not dereferenced after: torn.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires x86_64-linux-gnu-as binutils-x86-64-linux-gnu
need_cmd x86_64-linux-gnu-as

SRC=$RWONCE_ROOT/tests/scan/deref-after.c
ETH=$(line_of "$SRC" "__builtin_memcpy(dest, rcu_dereference(")
PAIR=$(line_of "$SRC" "struct pair p = READ_ONCE(")
ECOL=$(sed -n "${ETH}p" "$SRC" | awk '{ print index($0, "rcu_dereference(") }')
PCOL=$(sed -n "${PAIR}p" "$SRC" | awk '{ print index($0, "READ_ONCE(") }')

cat >"$TEST_TMP/d.s" <<ASM
	.file 1 "$SRC"
	.text
	.globl push_eth
	.type push_eth, @function
push_eth:
	.loc 1 $((ETH - 2)) 1
	.loc 1 $ETH $ECOL
	movq 0xe0(%rsi), %rax
	movl 8(%rax), %edx
	movl %edx, (%rdi)
	movzwl 12(%rax), %eax
	movw %ax, 4(%rdi)
	.loc 1 $((ETH + 1)) 1
	ret
	.size push_eth, .-push_eth
	.globl push_pair
	.type push_pair, @function
push_pair:
	.loc 1 $((PAIR - 2)) 1
	.loc 1 $PAIR $PCOL
	movq 0xe0(%rdi), %rax
	movl 0x14(%rax), %ecx
	movl 0x18(%rax), %eax
	.loc 1 $((PAIR + 2)) 1
	addl %ecx, %eax
	ret
	.size push_pair, .-push_pair
ASM
x86_64-linux-gnu-as -o "$TEST_TMP/d.o" "$TEST_TMP/d.s" || exit 1

test_expect_success 'the copy through the dereferenced value is not the site'"'"'s (its one load, of a size not known, not called ok); the control stays torn' '
	{ "$RWONCE" scan --macro rcu_dereference=read-once "$TEST_TMP/d.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	! grep -q "rcu_dereference(to_act(a)->vlan_p).*torn" "$TEST_TMP/out" &&
	grep -q "deref-after.c:$PAIR:[0-9]*: error: READ_ONCE(a->vlan_p->pair) of .struct pair.* compiled to 2 loads of 4 bytes.*: torn" "$TEST_TMP/out" &&
	grep -q "2 site instances: ok 0, torn 1, duplicated 0, widened 0, unattributed 1;" "$TEST_TMP/err" &&
	grep -q "1 of 2 instances unattributed (its size not known 1)" "$TEST_TMP/err"
'
test_done
