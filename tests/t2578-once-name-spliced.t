#!/bin/sh
# A once-macro's name cut by a line splice (ACCESS_\<newline>ONCE(x)) is
# a call of that macro all the same: the preprocessor joins the lines
# before it reads the name.  audit looks the name up as spelled without
# the splice (src/audit/rules-lexical.c, macro_at()), so the call is a
# site and its finding is reported; before, the run found no site and
# said nothing was checked.  fix reads such files too (a word cut by a
# splice is in none of its byte filters) and leaves each of these
# sites with a note: rewriting the name would drop the splice and move
# every line below it (__LINE__, the compiler's messages).
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1

mkdir tree
printf 'int g;\nint f(void) { return ACCESS_\\\nONCE(g); }\nvoid h(int v) { ACCESS_\\\nONCE(g) = v; }\nint k(void) { return __LINE__; }\n' >tree/name.c
printf 'struct s { int a, b; };\nstruct s o;\nint r(void) { struct s v = READ_\\\nONCE(o); return v.a; }\n' >tree/read.c
# no "volatile" in the bytes, and no once-macro's name: only the lexer
# sees the cast
printf 'int c(int *p)\n{\n\treturn *(vola\\\ntile int *)p;\n}\n' >tree/cast.c
cp -R tree orig
(cd tree && "$RWONCE" audit --no-config --no-progress -j 1 --format=json . \
	>../audit.json 2>../audit.err; echo $? >../audit.rc)
(cd tree && "$RWONCE" audit --no-config --no-progress -j 1 . \
	>../audit.txt 2>&1)
(cd tree && "$RWONCE" fix --no-config --no-progress -j 1 . \
	>../fix.diff 2>../fix.err; echo $? >../fix.rc)
(cd tree && "$RWONCE" fix --no-config --no-progress -j 1 --in-place . \
	>/dev/null 2>&1)

test_expect_success 'no once-macro name or volatile in the bytes' '
	! grep -l -e ACCESS_ONCE -e READ_ONCE -e volatile orig/*.c'
test_expect_success 'audit: each spliced name is a site, the cast too' '
	cat audit.json audit.err &&
	grep -q "\"sites\": 4," audit.json &&
	[ "$(cat audit.rc)" = 1 ]'
test_expect_success 'audit: the two ACCESS_ONCE calls are reported where they start' '
	cat audit.txt &&
	grep -q "name.c:2:22: warning: ACCESS_ONCE(g) is deprecated: use READ_ONCE(g)" audit.txt &&
	grep -q "name.c:4:17: warning: ACCESS_ONCE(g) is deprecated: use WRITE_ONCE(g, value)" audit.txt'
test_expect_success 'fix: each spliced site is named as left, with why' '
	cat fix.err &&
	grep -q "name.c:2:22: note: ACCESS_ONCE() left unchanged: a line splice inside the macro.s name \[access-once\]" fix.err &&
	grep -q "name.c:4:17: note: ACCESS_ONCE() left unchanged: a line splice inside the macro.s name \[access-once\]" fix.err &&
	grep -q "cast.c:3:.*volatile cast left unchanged: a comment or line splice inside the cast" fix.err &&
	grep -q "0 sites to convert in 0 files, 3 left unchanged (3 files scanned)" fix.err'
test_expect_success 'fix: no edit, and --in-place leaves every byte' '
	[ ! -s fix.diff ] &&
	diff -r orig tree'
test_done
