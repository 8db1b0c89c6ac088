#!/bin/sh
# The lexer's shortest paths (issue #35): an identifier of plain bytes
# ended where no backslash or byte from 0x80 on follows, and the
# punctuators of one byte that no other byte can extend -- ( ) , ; { }
# [ ] -- made without the general path's splice and newline checks.
# fast.tokens is the dump of the lexer before them, on identifiers and
# punctuators next to a splice, a backslash that is none, UTF-8, a byte
# 0xff, the string prefixes (L u U u8 R), '$', \u escapes, directives
# (a #define's parameters and body, #include <h>, %:define) and the end
# of the file.  The invariants (check) hold on it too.
. "$(dirname "$0")/lib/tap.sh"

LT="$TEST_TOOL cfront"
D=$RWONCE_ROOT/tests/cfront/lexer
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"

test_expect_success 'fast.c lexes to the tokens of the lexer before the short paths' \
	"$LT dump $D/fast.c >$TEST_TMP/fast.tokens && diff -u $D/fast.tokens $TEST_TMP/fast.tokens"

test_expect_success 'the invariants hold on fast.c' "$LT check $D/fast.c"

test_done
