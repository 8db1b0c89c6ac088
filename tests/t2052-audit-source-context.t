#!/bin/sh
# rwonce audit's text output shows the source line and a caret under the
# site, as gcc does; -q keeps one line per finding, --no-source drops the
# context, and the machine-readable formats do not change.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1
printf 'int flag, x;\nint f(void)\n{\n\tx = ACCESS_ONCE(flag);\n\treturn *(volatile int *)&x;\n}\n' >a.c
# a control byte (ESC) and a tab inside the line, UTF-8 before the site
printf 'int y;\nint g(void) { /* \033[31m\t\303\251 */ return ACCESS_ONCE(y); }\n' >b.c

"$RWONCE" audit a.c >out 2>/dev/null
grep -Ev ": (error|warning|note): " out >context
cat >want <<'T'
    4 |         x = ACCESS_ONCE(flag);
      |             ^~~~~~~~~~~~~~~~~
    5 |         return *(volatile int *)&x;
      |                ^~~~~~~~~~~~~~~~~~~
T
test_expect_success 'the source line, tabs expanded, and a caret with tildes under the site' '
	diff -u want context && grep -q "^a.c:4:6: warning: " out && [ $(wc -l <out) = 6 ]'
test_expect_success '-q: one line per finding' '
	"$RWONCE" audit -q a.c >q; [ $(wc -l <q) = 2 ] && ! grep -q "^ *[0-9]* |" q'
test_expect_success '--no-source: the finding lines only, the summary still there' '
	"$RWONCE" audit --no-source a.c >n 2>e; [ $(wc -l <n) = 2 ] && grep -q "^rwonce audit: 2 findings" e'
printf '    2 | int g(void) { /* ?[31m  \303\251 */ return ACCESS_ONCE(y); }\n      | %36s^~~~~~~~~~~~~~\n' "" >want.b
test_expect_success 'a control byte in the source is shown as ?, the caret lines up (in columns, not bytes)' '
	"$RWONCE" audit b.c 2>/dev/null | grep -Ev ": (error|warning|note): " >b.out;
	diff -u want.b b.out'
test_expect_success 'JSON and SARIF are the same with and without --no-source' '
	"$RWONCE" audit --format=json a.c >j1 2>/dev/null; "$RWONCE" audit --format=json --no-source a.c >j2 2>/dev/null;
	"$RWONCE" audit --format=sarif a.c >s1 2>/dev/null; "$RWONCE" audit --format=sarif -q a.c >s2;
	cmp j1 j2 && cmp s1 s2 && grep -q "\"line\": 4" j1'
test_expect_success '--color=always: the caret in colour, even when piped' '
	"$RWONCE" audit --color=always a.c >c 2>/dev/null;
	grep -q "$(printf "\\033\\\\[1;32m^~")" c'
test_expect_success 'a source gone since it was read: the finding without context' '
	printf "int z;\\nint h(void) { return ACCESS_ONCE(z); }\\n" >gone.c &&
	"$RWONCE" audit --format=json gone.c >g.json 2>/dev/null;
	[ $? = 1 ] && grep -q "\"line\": 2" g.json'

test_done
