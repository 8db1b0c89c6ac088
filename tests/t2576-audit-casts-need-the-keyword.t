#!/bin/sh
# audit looks for volatile casts only in files with a volatile keyword
# among their tokens (src/audit/rules-lexical.c, has_volatile_kw()):
# without one, no '(' or '*' can start a volatile cast, a cast with the
# volatile on the wrong level or a volatile-pointer macro body, and half
# the files an audit of Linux lexes -- lexed because they name a
# once-macro -- asked all three at each of them (issue #35).  The keyword
# is asked of the tokens, not of the bytes: files that name READ_ONCE and
# spell volatile, __volatile__ or __volatile with a backslash-newline
# inside (no "volatile" in their bytes) keep each cast and its site, and
# a file with no keyword keeps its READ_ONCE site.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
mkdir "$TEST_TMP/tree" && cd "$TEST_TMP/tree" || exit 1
printf 'int f(int *p, int x)\n{\n\tx = READ_ONCE(x);\n\treturn *(vola\\\ntile int *)p;\n}\n' >a.c
printf 'int g(int *p)\n{\n\treturn *(__volatile__ int *)p + READ_ONCE(*p);\n}\n' >b.c
printf 'void *h(void **pp)\n{\n\treturn *(vol\\\natile void **)pp + 0 * READ_ONCE(*pp);\n}\n' >c.c
printf '#define REG(a) (*(__vola\\\ntile unsigned *)(a))\nint k(unsigned long a) { return REG(a) + READ_ONCE(a); }\n' >d.c
printf 'int e(int *p) { return READ_ONCE(*p); }\n' >e.c
"$RWONCE" audit --no-config --no-progress -j 1 --format=text . >audit.txt 2>audit.err
echo $? >rc
"$RWONCE" audit --no-config --no-progress -j 1 --format=json . >audit.json 2>/dev/null

test_expect_success 'no "volatile" in the bytes of a.c, c.c and d.c' '
	! grep -l volatile a.c c.c d.c e.c'
test_expect_success 'the spliced volatile cast of a.c is found' '
	cat audit.txt audit.err &&
	grep -q "a.c:4:.*volatile-cast" audit.txt'
test_expect_success 'the __volatile__ cast of b.c is found' '
	grep -q "b.c:3:.*volatile-cast" audit.txt'
test_expect_success 'the spliced wrong-level cast of c.c is found' '
	grep -q "c.c:3:.*volatile-wrong-level" audit.txt'
test_expect_success 'the spliced __volatile of the macro body in d.c is found' '
	grep -q "d.c:1:.*volatile-cast" audit.txt'
test_expect_success 'four findings in four of five files, nine sites' '
	[ "$(cat rc)" = 1 ] &&
	grep -q "4 findings in 4 of 5 files: volatile-cast 3, volatile-wrong-level 1" audit.err &&
	grep -q "\"sites\": 9" audit.json'
test_done
