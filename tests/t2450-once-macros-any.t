#!/bin/sh
# once_macros_any() -- "does this file name a once-macro?", asked of
# every byte of the files that say no "volatile" -- finds the words 64
# bytes at a time (SSE2 masks of identifier bytes, issue #35).  It must
# answer what the plain word scan (once_macros_scan) answers, wherever a
# word falls in a block: across a block's end, at the buffer's first and
# last byte, after a digit (the tail of a number: not a word), inside a
# longer word.  test-tool compares the two on every window of the file
# whose ends lie within 160 bytes of its start and end.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1

# a name at each offset 0..70 of a line of filler, so that one of them
# crosses each place of a 64-byte block
pad=''
: >cross.c
for i in $(seq 0 70); do
	printf '%sMY_LOAD(x);\n' "$pad" >>cross.c
	pad="${pad}a"
done
printf 'MY_LOAD' >edges.c            # the whole buffer is the word
printf '9MY_LOAD xMY_LOAD MY_LOADx MY_LOAD9 _MY_LOAD\n' >near.c
printf '0x1fMY_LOAD 1MY_LOAD;\n' >number.c
# a 100-byte word that holds the name: never a match
long=$(printf 'q%.0s' $(seq 1 45))
printf 'int %sMY_LOAD%s;\n' "$long" "$long" >long.c
printf 'int x = READ_ONCE(y);\n' >builtin.c
printf '/* nothing here */\nint y;\n' >none.c

for f in cross edges near number long builtin none; do
	"$TEST_TOOL" cfront names-any $f.c MY_LOAD >$f.out 2>&1
	echo $? >$f.rc
done

test_expect_success 'a name across every place of a block: found' '
	grep -qx "file: yes" cross.out'
test_expect_success 'a buffer that is the name and nothing else: found' '
	grep -qx "file: yes" edges.out'
test_expect_success 'prefixed, suffixed, after a digit or in a longer word: not a use' '
	grep -qx "file: no" near.out && grep -qx "file: no" number.out &&
	grep -qx "file: no" long.out'
test_expect_success 'the built-in names are in the table' '
	grep -qx "file: yes" builtin.out && grep -qx "file: no" none.out'
test_expect_success 'every window: the same answer as the plain scan' '
	for f in cross edges near number long builtin none; do
		[ "$(cat $f.rc)" = 0 ] || { cat $f.out; exit 1; }
		grep -q "^windows: [1-9][0-9]*, differ: 0$" $f.out ||
			{ cat $f.out; exit 1; }
	done'
test_done
