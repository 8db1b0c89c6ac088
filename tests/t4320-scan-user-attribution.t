#!/bin/sh
# Attribution by the site, not the last row (issue 31, item 4), on the
# four builds of issue 31 (clang 19 and gcc 12, x86-64 and aarch64):
#   - a load folded into another instruction whose row carries another
#     column of the site's statement counts for the site: clang x86-64
#     reads MY_READ(s->n) > 0 as cmpl $0, 0xc(%rdi) at the '>', and the
#     second and third operands of a + b + c as addl at the '+'s (3 sites
#     "code on other columns" before); a plain load there is another
#     operand's and does not count;
#   - rows that share an address, the site's column then another's: the
#     code counts for the site (only the later row counted);
#   - the padding after a call that does not return (abort) is no
#     instance "outside every function";
#   - the stack rule depends on what the address is, not on the
#     addressing mode: a local whose address the function publishes
#     (&f) is shared, its accesses in the frame its own -- x86-64's
#     0x18(%rsp) was "the stack only", aarch64's through add x19, sp, #..
#     ok; a local never published stays "the stack only".
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

requires x86_64-linux-gnu-as binutils-x86-64-linux-gnu

SRC=$RWONCE_ROOT/tests/scan/user-folded.c

while read -r name cfg; do
	user_config_enter "$name" "folded loads, padding" $cfg || continue
	user_build "$name $cfg" "$SRC" u.o || exit 1
	test_expect_success "$name: every site checked, each on its own load, no instance outside a function" '
		"$RWONCE" scan -v --no-source --json u.o >out.json 2>err &&
		grep -q "site instances: ok 9, torn 0, duplicated 0, widened 0, unattributed [01]; 1\{0,1\}[09] sites; 1 of 1 file checked" err &&
		grep -q "coverage: 10 sites in 1 of [0-9]* sources\{0,1\} read: 1\{0,1\}[09] checked, [01] without code (not compiled 0, inlined away 0, optimised out [01], code on other columns 0); [01] of 1\{0,1\}[09] instances unattributed\( (the stack only 1)\)\{0,1\}$" err &&
		! grep -q "outside every function" err out.json &&
		for v in "s->n) > 0:0xc\|#12\]" "s->a) +:(%rdi)\|\[x0\]" "s->b) +:4(%rdi)\|#4\]" "s->c);:8(%rdi)\|#8\]"; do
			l=$(line_of "$SRC" "MY_READ(${v%%:*}")
			c=$(sed -n "${l}p" "$SRC" | awk -v s="MY_READ(${v%%:*}" "{ print index(\$0, s) }")
			grep "\"line\": $l, \"column\": $c," out.json | grep -q "\"verdict\": \"ok\", .*\"instructions\": \[{[^]]*\"text\": \"[a-z]* [^\"]*\(${v#*:}\)" ||
				{ echo "line $l col $c: not judged on its own load"; return 1; }
		done &&
		for v in "f.go)" "f.ready)"; do
			grep "\"line\": $(line_of "$SRC" "MY_READ($v"), " out.json | grep -q "\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" ||
				{ echo "MY_READ($v: not ok"; return 1; }
		done &&
		! grep "\"line\": $(line_of "$SRC" "MY_READ(v)"), " out.json | grep "\"verdict\"" | grep -v "accesses only the stack"
	'
done <<EOF2
$USER_CONFIGS
EOF2

# Two rows at one address, the site's column then an operator's, and a
# plain load (no operator's instruction): written as assembly, so the
# table is exactly that (and nothing types s->n: its one load is named,
# not called ok).
L=$(line_of "$SRC" "MY_READ(s->n) > 0")
cat >"$TEST_TMP/shared.s" <<ASM
	.file 1 "$SRC"
	.text
	.globl positive
	.type positive, @function
positive:
	.loc 1 $L 6
	.loc 1 $L 20
	movl 12(%rdi), %eax
	testl %eax, %eax
	setg %al
	movzbl %al, %eax
	.loc 1 $((L + 3)) 1
	ret
	.size positive, .-positive
ASM
if have_cmd x86_64-linux-gnu-as; then
	test_expect_success 'rows sharing an address: the code counts for the site whose column comes first' '
		x86_64-linux-gnu-as -o "$TEST_TMP/shared.o" "$TEST_TMP/shared.s" &&
		"$RWONCE" scan --no-source --json "$TEST_TMP/shared.o" >"$TEST_TMP/shared.json" 2>"$TEST_TMP/shared.err" &&
		grep -q "1 site instance: ok 0, torn 0, duplicated 0, widened 0, unattributed 1;" "$TEST_TMP/shared.err" &&
		grep -q "\"line\": $L, \"column\": 6, .*\"verdict\": \"unattributed\", \"why\": \"compiled to one 4-byte load, but the object.s size is unknown [^\"]*\", .*\"text\": \"movl 0xc(%rdi), %eax\"" "$TEST_TMP/shared.json"
	'
	# the other path the rows take (accessor_rows(): a --macro name
	# discovery did not take, or a file that defines an accessor)
	# gave the site no code there: "no memory access" (issue 31)
	test_expect_success 'rows sharing an address: the same by the accessor path' '
		"$RWONCE" scan --no-source --json --macro never_defined=read-once "$TEST_TMP/shared.o" >"$TEST_TMP/shared2.json" 2>"$TEST_TMP/shared2.err" &&
		grep -q "1 site instance: ok 0, torn 0, duplicated 0, widened 0, unattributed 1;" "$TEST_TMP/shared2.err" &&
		grep -q "\"line\": $L, \"column\": 6, .*\"verdict\": \"unattributed\", \"why\": \"compiled to one 4-byte load, but the object.s size is unknown [^\"]*\", .*\"text\": \"movl 0xc(%rdi), %eax\"" "$TEST_TMP/shared2.json"
	'
else
	test_skip 'rows sharing an address' "$(missing_why x86_64-linux-gnu-as)"
	test_skip 'rows sharing an address, by the accessor path' "$(missing_why x86_64-linux-gnu-as)"
fi
test_done
