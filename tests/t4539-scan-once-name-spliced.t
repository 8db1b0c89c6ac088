#!/bin/sh
# A once-macro's name cut by a line splice (READ_\<newline>ONCE(x)) is
# a call of the macro: the preprocessor joins the lines first.  scan
# read neither such a file (its bytes spell no once-macro's name, nor
# volatile when the macro is defined in a header) nor such a token (its
# bytes are not the name): the site was not counted, and a run whose
# only site it was said nothing was checked, exit 2.  Now the name is
# looked up as the preprocessor reads it (once_macros_find_token()), and
# a file holding a word cut by a splice is lexed.  clang 19 splits the
# volatile struct read into two loads: torn, at the call's first line;
# gcc 12 makes one 8-byte load: ok.
. "$(dirname "$0")/lib/tap.sh"
requires clang-19 clang-19

mkdir -p "$TEST_TMP/src" && cd "$TEST_TMP/src" || exit 1
printf '#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))\n' >once.h
cat >k.c <<'EOF2'
#include "once.h"
struct pair { int a; int b; };
struct pair g;
int f(void)
{
	struct pair v = READ_\
ONCE(g);
	return v.a + v.b;
}
EOF2
clang-19 -O2 -g -c k.c -o ../clang.o || exit 1
gcc -O2 -g -c k.c -o ../gcc.o || exit 1

test_expect_success 'no once-macro name, no volatile in the source bytes' '
	! grep -q -e READ_ONCE -e volatile k.c
'
test_expect_success 'clang: the spliced call is a site, and torn' '
	{ "$RWONCE" scan --sources . ../clang.o >../out 2>../err; test $? = 1; } &&
	cat ../out ../err &&
	grep -q "k.c:6:18: error: READ_ONCE(g) of .struct pair. (8 bytes) compiled to 2 loads of 4 bytes: torn \[scan-torn\]" ../out &&
	grep -q "1 site instance: ok 0, torn 1, duplicated 0, widened 0, unattributed 0; 1 site;" ../err
'
test_expect_success 'gcc: the spliced call is a site, and ok' '
	{ "$RWONCE" scan --sources . ../gcc.o >../out 2>../err; test $? = 0; } &&
	cat ../err &&
	grep -q "1 site instance: ok 1, torn 0, duplicated 0, widened 0, unattributed 0; 1 site;" ../err
'
test_done
