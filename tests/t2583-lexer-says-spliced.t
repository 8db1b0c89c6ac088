#!/bin/sh
# lex_buffer() answers whether a line splice may be inside a token
# (src/cfront/lexer.h), and audit walks a lexed file's tokens for a
# volatile keyword only when the file's bytes say "volatile" or that
# answer is yes (src/audit/rules-lexical.c, lexical_audit_file()'s
# kw_possible): 3,441 of the 6,456 files an audit of linux-source-6.12
# lexes say neither (issue #35).  A "no" must be exact: test-tool lexes
# 20,000 random buffers of pieces that splice lines inside words,
# between tokens, in comments and in literals, and no buffer it says no
# for may hold a token marked spliced.  Then audit on files whose only
# volatile is spelled across a splice, in a cast, a string and a
# comment: the cast is found, the others are no casts -- also in a file
# that names no once-macro, which audit's word filters used to pass by.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1

"$TEST_TOOL" cfront spliced-answers >answers.out 2>&1
echo $? >answers.rc

mkdir tree
printf 'int f(int *p)\n{\n\treturn READ_ONCE(*p) + *(vo\\\nlatile int *)p;\n}\n' >tree/cast.c
printf 'const char *s = "vo\\\nlatile"; /* vola\\\ntile (int *) */\nint g(int *p) { return READ_ONCE(*p); }\n' >tree/text.c
# no once-macro's name either: only the lexer sees the cast's keyword
printf 'int h(int *p)\n{\n\treturn *(vola\\\ntile int *)p;\n}\n' >tree/bare.c
(cd tree && "$RWONCE" audit --no-config --no-progress -j 1 --format=text . \
	>../audit.txt 2>../audit.err; echo $? >../audit.rc)

test_expect_success 'a "no" is never a buffer with a spliced token' '
	cat answers.out &&
	[ "$(cat answers.rc)" = 0 ] &&
	grep -q "^spliced answers: 20000 buffers, [1-9][0-9]* yes, [1-9][0-9]* with a spliced token, 0 wrong$" answers.out'
test_expect_success 'no "volatile" in the bytes of the two files' '
	! grep -l volatile tree/cast.c tree/text.c'
test_expect_success 'the cast spelled across a splice is found' '
	cat audit.txt audit.err &&
	grep -q "cast.c:3:.*volatile-cast" audit.txt'
test_expect_success '... and in a file that names no once-macro: the bytes spell neither' '
	! grep -l -e volatile -e READ_ONCE tree/bare.c &&
	grep -q "bare.c:3:.*volatile-cast" audit.txt'
test_expect_success 'the word in a string and in a comment is no cast' '
	! grep -q "text.c" audit.txt &&
	[ "$(cat audit.rc)" = 1 ] &&
	grep -q "2 findings in 2 of 3 files" audit.err'
test_done
