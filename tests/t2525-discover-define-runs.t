#!/bin/sh
# Discovery reads the name of each #define of a tree and the blanks
# after it (an object-like #define that gives another name one name is
# a candidate); Linux 6.12 has 5.7 million #defines, many aligned with
# runs of tabs, and the two byte loops were about 3 % of an audit
# (issue #35).  They are taken 16 bytes at a time (ident_run_end(),
# blank_run_end(): src/cfront/ident-mask.h); each must stop where the
# byte loop does, from every start to every stop of random buffers that
# end where an unreadable page begins.  Then the aliases and function-
# like #defines behind long names and long runs of blanks are found.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
"$TEST_TOOL" cfront define-runs >"$TEST_TMP/out" 2>&1
echo $? >"$TEST_TMP/rc"
test_expect_success 'millions of runs, each ending where the byte loop ends' "
	cat '$TEST_TMP/out' &&
	[ \"\$(cat '$TEST_TMP/rc')\" = 0 ] &&
	grep -Eq '^define runs: [0-9]{7,} runs, 0 differ\$' '$TEST_TMP/out'"

mkdir "$TEST_TMP/tree" && cd "$TEST_TMP/tree" || exit 1
{
	printf '#define A_VERY_LONG_NAME_OF_A_ONCE_MACRO_FOR_A_REGISTER(x) (*(volatile __typeof__(x) *)&(x))\n'
	printf '#define SHORT_ALIAS\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t((  A_VERY_LONG_NAME_OF_A_ONCE_MACRO_FOR_A_REGISTER ))\n'
	printf '#define NOT_AN_ALIAS                                        0x1234\n'
	printf 'int f(int *p) { return SHORT_ALIAS(*p); }\n'
} >a.c
"$RWONCE" audit --no-config --no-progress -j 1 --format=json . \
	>audit.json 2>audit.err
test_expect_success 'the long name and the alias behind 19 tabs are once-macros' '
	cat audit.err &&
	grep -q "\"name\": \"A_VERY_LONG_NAME_OF_A_ONCE_MACRO_FOR_A_REGISTER\", [^}]*\"line\": 1" audit.json &&
	grep -q "\"name\": \"SHORT_ALIAS\", [^}]*\"line\": 2" audit.json &&
	! grep -q NOT_AN_ALIAS audit.json'
test_done
