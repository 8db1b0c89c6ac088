#!/bin/sh
# The lexer's fast paths (issue #35): a run of identifier bytes ended 16
# bytes at a time, a run of blanks in one loop, a block comment crossed
# from star to star with memchr().  Each must give the tokens the byte by
# byte loops gave: runs.tokens is the dump of the lexer before them, on
# runs that end at every offset of a 16-byte block, beside a blank, a
# splice, '$', UTF-8, a comment or a newline; comments with stars,
# splices between '*' and '/', and one never closed.
. "$(dirname "$0")/lib/tap.sh"

LT="$TEST_TOOL cfront"
D=$RWONCE_ROOT/tests/cfront/lexer
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"

test_expect_success 'runs.c lexes to the tokens of the byte by byte lexer' \
	"$LT dump $D/runs.c >$TEST_TMP/runs.tokens && diff -u $D/runs.tokens $TEST_TMP/runs.tokens"

test_expect_success 'the invariants hold on runs.c' "$LT check $D/runs.c"

# the same runs ended by the end of the buffer: each prefix of a long
# line, so that a run's block meets the last byte at every offset
test_expect_success 'runs cut by the end of the file at every offset' '
	line=$(printf "abc_XYZ_09\$abc_XYZ_09\$abc_XYZ_09\$ /* a*b */ q")
	i=1
	while [ $i -le ${#line} ]; do
		printf "%s" "$line" | cut -c1-$i | tr -d "\n" >"$TEST_TMP/cut$i.c"
		i=$((i + 1))
	done
	$LT check $TEST_TMP/cut*.c >$TEST_TMP/cut.out &&
	! grep -v "^ok " $TEST_TMP/cut.out &&
	$LT dump $TEST_TMP/cut33.c >$TEST_TMP/cut33.tokens &&
	grep -qx "1:1 ident B----- abc_XYZ_09\\\$abc_XYZ_09\\\$abc_XYZ_09\\\$" $TEST_TMP/cut33.tokens
'

test_done
