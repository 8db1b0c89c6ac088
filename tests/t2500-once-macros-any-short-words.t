#!/bin/sh
# once_macros_any() looks only at the words as long as the table's
# shortest name, told from each 64-byte block's mask of identifier bytes
# and the next block's (issue #35), and cuts the masks 32 bytes at a
# time where the processor has AVX2.  Both ways must answer what the
# plain word scan (once_macros_scan) answers: test-tool asks every window
# within 160 bytes of a file's ends with AVX2 and with SSE2 alone, and
# every window that ends where an unreadable page begins or starts right
# after one (a load past the buffer would crash).  The inputs put names
# and words one byte shorter than the shortest name at each place of a
# block, names right after words longer than one and two blocks, and
# the table's shortest name at 1, 2 and 7 bytes.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1

# names and their prefixes one byte short, at offsets 0..140 of a line
pad=''
: >shift.c
for i in $(seq 0 140); do
	printf '%sMY_LOA x; %sMY_LOAD(x);\n' "$pad" "$pad" >>shift.c
	pad="${pad}b"
done
# a word of 130 bytes (longer than two blocks' worth of a start near a
# block's end), then the name after one blank; and a word of 200 bytes
# that ends with the name (part of the longer word: not a use)
w130=$(printf 'k%.0s' $(seq 1 130))
w200=$(printf 'k%.0s' $(seq 1 200))
: >long.c
for i in $(seq 0 70); do
	printf '%.*s%s MY_LOAD;\n' "$i" "$w130" "$w130" >>long.c
done
printf 'int %sMY_LOAD;\n' "$w200" >inside.c
# only short words: none as long as the shortest name
printf 'a b c d e ab cd MY_LOA _MY int x;\n' >short.c
# one- and two-letter names: every word is a candidate
printf 'int a; long bb, c9; q Q;\n' >tiny.c
printf '%s\n' "$(printf 'xx %.0s' $(seq 1 60))" 'Q' >tiny-end.c

run() { # OUT FILE NAME...
	out=$1
	shift
	"$TEST_TOOL" cfront names-any "$@" >"$out.out" 2>&1
	echo $? >"$out.rc"
}
run shift shift.c MY_LOAD
run short short.c MY_LOAD
run long long.c MY_LOAD
run inside inside.c MY_LOAD
run tiny1 tiny.c Q
run tiny2 tiny.c bb
run tinyno tiny.c z
run tinyend tiny-end.c Q

agree() { # OUT...: every window and page window answered as the scan
	for f in "$@"; do
		[ "$(cat $f.rc)" = 0 ] || { cat $f.out; return 1; }
		grep -q "^windows: [1-9][0-9]*, differ: 0$" $f.out &&
		grep -q "^page windows: [1-9][0-9]*, differ: 0$" $f.out ||
			{ cat $f.out; return 1; }
	done
}

test_expect_success 'names at each place of a block, after a prefix one byte short: found' '
	grep -qx "file: yes" shift.out && agree shift'
test_expect_success 'only words shorter than the shortest name: none' '
	grep -qx "file: no" short.out && agree short'
test_expect_success 'a name after a word longer than two blocks: found' '
	grep -qx "file: yes" long.out && agree long'
test_expect_success 'a name at the end of a 200-byte word: not a use' '
	grep -qx "file: no" inside.out && agree inside'
test_expect_success 'a one-letter and a two-letter name: found, a missing one not' '
	grep -qx "file: yes" tiny1.out && grep -qx "file: yes" tiny2.out &&
	grep -qx "file: no" tinyno.out && agree tiny1 tiny2 tinyno'
test_expect_success 'a one-letter name as the last word of the buffer' '
	grep -qx "file: yes" tinyend.out && agree tinyend'
test_done
