#!/bin/sh
# Every site accounted for (tests/scan/coverage-*.c, coverage-shared.h):
# the summary's coverage line counts the sites of every source the line
# tables name -- a header included by two units once -- and says of each
# site without code why (not compiled: #ifdef'd out, a static inline no
# unit uses; inlined away: gcc's abstract origin of local_only(); optimised
# out: gcc drops the read of a local), and of unattributed instances why;
# -v lists the sites without code; --json lists every instance with its
# verdict and evidence, the coverage counts and the sites without code.
# An instance in code that no DWARF function and no symbol covers says
# so, never '?'.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
requires x86_64-linux-gnu-as binutils-x86-64-linux-gnu
need_cmd gcc clang python3

S=$RWONCE_ROOT/tests/scan
DROP=$(line_of "$S/coverage-a.c" "return READ_ONCE(v) * 0 + v;")
HIDDEN=$(line_of "$S/coverage-a.c" "int a_hidden(")
HIDDEN=$((HIDDEN + 2))
NEVER=$(line_of "$S/coverage-shared.h" "return READ_ONCE(*p) + 1;")
LOCAL=$(line_of "$S/coverage-shared.h" "return READ_ONCE(v);")
PEEK=$(line_of "$S/coverage-shared.h" "return READ_ONCE(*p);")

for cc in gcc clang; do
	(cd "$S" && $cc -O2 -g -c coverage-a.c -o "$TEST_TMP/a-$cc.o" &&
		$cc -O2 -g -c coverage-b.c -o "$TEST_TMP/b-$cc.o")
done

test_expect_success 'gcc: 5 sites in 2 sources, each accounted for' '
	"$RWONCE" scan "$TEST_TMP/a-gcc.o" "$TEST_TMP/b-gcc.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	grep -q "^rwonce scan: coverage: 5 sites in 2 of 3 sources read: 1 checked, 4 without code (not compiled 2, inlined away 1, optimised out 1, code on other columns 0); 0 of 2 instances unattributed$" "$TEST_TMP/err"
'

test_expect_success 'gcc -v: the sites without code, each with its function and reason' '
	"$RWONCE" scan -v 1 "$TEST_TMP/a-gcc.o" "$TEST_TMP/b-gcc.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	grep -q "coverage-a.c:$DROP:9: note: READ_ONCE(v) in .a_drop.: optimised out: its function has code, its line none" "$TEST_TMP/err" &&
	grep -q "coverage-a.c:$HIDDEN:9: note: READ_ONCE(\*p) in .a_hidden.: not compiled: no unit of this build has its function" "$TEST_TMP/err" &&
	grep -q "coverage-shared.h:$NEVER:9: note: READ_ONCE(\*p) in .never_used.: not compiled" "$TEST_TMP/err" &&
	grep -q "coverage-shared.h:$LOCAL:9: note: READ_ONCE(v) in .local_only.: inlined away: its function is only an abstract origin, no copy has code" "$TEST_TMP/err" &&
	test "$(grep -c ": note: .*: \(not compiled\|inlined away\|optimised out\)" "$TEST_TMP/err")" = 4
'

test_expect_success 'clang: the reads of locals are instances on the stack only (unattributed, with the reason)' '
	"$RWONCE" scan "$TEST_TMP/a-clang.o" "$TEST_TMP/b-clang.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	grep -q "^rwonce scan: coverage: 5 sites in 2 of 3 sources read: 3 checked, 2 without code (not compiled 2, inlined away 0, optimised out 0, code on other columns 0); 2 of 4 instances unattributed (the stack only 2)$" "$TEST_TMP/err"
'

test_expect_success 'gcc and clang objects together: the header is one source (./x.h is x.h)' '
	"$RWONCE" scan "$TEST_TMP/a-gcc.o" "$TEST_TMP/b-gcc.o" "$TEST_TMP/a-clang.o" "$TEST_TMP/b-clang.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	grep -q "^rwonce scan: coverage: 5 sites in 2 of 3 sources read: 3 checked" "$TEST_TMP/err"
'

test_expect_success 'JSON: every instance with its evidence, the counts, the sites without code' '
	"$RWONCE" scan --json "$TEST_TMP/a-clang.o" "$TEST_TMP/b-clang.o" >"$TEST_TMP/j" 2>"$TEST_TMP/err" &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
c = d[\"coverage\"]
assert (c[\"sites\"], c[\"checked\"], c[\"not_compiled\"]) == (5, 3, 2), c
assert c[\"instances\"] == 4 and c[\"unattributed\"][\"stack\"] == 2, c
inst = d[\"site_instances\"]
assert len(inst) == 4, inst
assert sorted(i[\"verdict\"] for i in inst) == [\"ok\", \"ok\", \"unattributed\", \"unattributed\"], inst
peek = [i for i in inst if i[\"line\"] == int(sys.argv[2]) and i[\"path\"].endswith(\"coverage-shared.h\")]
assert len(peek) == 2, peek
for i in peek:
    assert i[\"function\"] in (\"a_reads\", \"b_reads\"), i
    assert i[\"inline_chain\"][0][\"function\"] == \"peek\", i
    assert i[\"inline_chain\"][0][\"inlined_into\"] == i[\"function\"], i
    assert len(i[\"instructions\"]) == 1 and i[\"instructions\"][0][\"text\"].startswith(\"mov\"), i
    assert i[\"size\"] == 4 and i[\"type\"] == \"int\", i
nc = d[\"no_code_sites\"]
assert [(s[\"function\"], s[\"reason\"]) for s in nc] == [(\"a_hidden\", \"not_compiled\"), (\"never_used\", \"not_compiled\")], nc
assert d[\"instances\"][\"ok\"] == 2 and d[\"files\"][\"checked\"] == 2, d
" "$TEST_TMP/j" "$PEEK"
'

# Code that no DWARF function and no symbol covers: a .loc in assembly
# without a label in the symbol table.
cat >"$TEST_TMP/nosym.s" <<ASM
	.file 1 "$S/coverage-a.c"
	.text
	.loc 1 $DROP 9
	movl %edi, %eax
	.loc 1 $((DROP + 1)) 1
	ret
ASM

if have_cmd x86_64-linux-gnu-as; then
	test_expect_success 'no function, no symbol: said where the code is, never a bare ?' '
		x86_64-linux-gnu-as -o "$TEST_TMP/nosym.o" "$TEST_TMP/nosym.s" &&
		"$RWONCE" scan -v 1 --json "$TEST_TMP/nosym.o" >"$TEST_TMP/j" 2>"$TEST_TMP/err" &&
		grep -q "coverage-a.c:$DROP:9: note: READ_ONCE(v) in .(no function: 0 is outside every function of the DWARF and the symbol table). (.*nosym.o): unattributed: no memory access" "$TEST_TMP/err" &&
		! grep -q "'"'"'?'"'"'" "$TEST_TMP/err" "$TEST_TMP/j" &&
		grep -q "\"function\": \"(no function: 0 is outside" "$TEST_TMP/j"
	'
else
	test_skip 'no function, no symbol' "$(missing_why x86_64-linux-gnu-as)"
fi

test_done
