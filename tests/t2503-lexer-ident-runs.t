#!/bin/sh
# The lexer takes an identifier's run of plain bytes ([A-Za-z0-9_$]) 16
# at a time with SSE2 (issue #35: the byte loop was a fifth of the
# lexer's time, which is a tenth of an audit of the kernel).  The tokens
# must be those of the byte-by-byte loop: test-tool lexes 20,000 random
# buffers made of identifier bytes, '$', digits, blanks, line splices,
# a UTF-8 letter, \u escapes, quotes, comments and punctuators both
# ways, and once more placed so that each ends where an unreadable page
# begins (a load past the end would crash), and compares every token's
# kind, flags, offset, length, line and column.  Then identifiers of 1
# to 40 bytes, the last one ending the file, are lexed whole.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1
"$TEST_TOOL" cfront ident-runs >runs.out 2>&1
echo $? >runs.rc

test_expect_success 'random buffers: the same tokens both ways, also at a page end' '
	cat runs.out && [ "$(cat runs.rc)" = 0 ] &&
	grep -qx "ident runs: 20000 buffers, 0 differ" runs.out'

# x, xx, ... up to 40 bytes, each a whole identifier token; the last
# without a newline after it
i=1 word=x
while [ $i -le 40 ]; do
	printf '%s' "$word" >>words.c
	[ $i = 40 ] || printf ' $%s;\n' "$i" >>words.c
	word="${word}$(printf '%s' "abcdefghij0123456789_\$" | cut -c$(( (i % 22) + 1 )))"
	i=$((i + 1))
done
"$TEST_TOOL" cfront dump words.c >dump.out 2>&1
test_expect_success 'identifiers of 1-40 bytes: each one token, the last at the end' '
	awk "\$2 == \"ident\" { n++ } END { exit n != 79 }" dump.out &&
	awk "\$2 == \"ident\" && \$1 ~ /:1\$/ { if (length(\$4) != ++k) bad = 1 }
	     END { exit bad || k != 40 }" dump.out &&
	tail -n 1 dump.out | grep -q "^40:41 eof"'
test_done
