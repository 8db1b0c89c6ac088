#!/bin/sh
# Discovery finds a tree's #defines by searching for "define" and
# checking that a '#' starts the logical line there, and numbers the line
# by counting newlines before it (issue #35: it used to walk every line
# of every file).  The answers must be those of the line walk: a '#'
# after other text starts nothing, a line that a backslash (also before
# CR LF) joins to the one before is not a #define of its own, blanks
# and tabs around the '#', and the line numbers across spliced and
# CR LF lines.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1

printf '%s\n' '/* a comment */ #define NOT_AT_START(x) READ_ONCE(x)' \
	'#define SPLIT(x) \' '	READ_ONCE(x)' '#define A 1 \' \
	'#define CONT(x) READ_ONCE(x)' '  #  define INDENT(x) READ_ONCE(x)' \
	'#	define	TABBED(x)	READ_ONCE(x)' '#undefine UNDEF(x) READ_ONCE(x)' \
	'#define NOBLANK(x)READ_ONCE(x)' >d.c
printf '#define CR(x) \\\r\n READ_ONCE(x)\r\nint a; \\\r\n#define CONT2(x) READ_ONCE(x)\r\n\r\n#define LAST(x) READ_ONCE(x)' >>d.c
"$TEST_TOOL" cfront macros d.c >out 2>&1
echo $? >rc
sed 's/ object=.*at / at /; s/: READ_ONCE.*//' out >got
cat >want <<'EOW'
SPLIT read-once at d.c:2
INDENT read-once at d.c:6
TABBED read-once at d.c:7
NOBLANK read-once at d.c:9
CR read-once at d.c:10
LAST read-once at d.c:15
EOW

test_expect_success 'the test tool ran' '[ "$(cat rc)" = 0 ]'
test_expect_success 'the #defines that start a logical line, at their lines' '
	diff -u want got'
test_done
