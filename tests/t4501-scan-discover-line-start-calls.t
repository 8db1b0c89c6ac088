#!/bin/sh
# scan's discovery notes each "NAME(" that starts a line of a file: where
# a generator macro of another file is invoked (jemalloc's atomic.h), so
# that the file is read again once the generators are known.  The lines
# were found with a memchr() call each (1% of scan -j 1 on Debian's
# vmlinux: two million lines, most of them short); now 64 bytes at a time
# from the masks of newlines and identifier bytes, then line by line for
# the last bytes (issue 35).  A line start at each place a block can put
# it -- the first byte, the first of a block (its newline the last byte
# of the one before), the last of a block, the bytes after the blocks,
# the last line without its newline -- is noted; a line that starts with
# a digit, a '$', a blank or a name not followed by '(' is not.  The
# test hook RWONCE_TEST_SCAN_DISCOVER_STATS counts them.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
# pad N: a comment line of N bytes, its newline included
pad() { printf '//%*s\n' "$(($1 - 3))" '' | tr ' ' x; }
# what #if 0 leaves out need not be C, only tokens
{
	printf '_Static_assert(1, "a");\n' # byte 0: noted
	printf '#if 0\n'
	pad 34                          # to byte 64
	printf 'B(2)\n'                 # a block's first byte: noted
	pad 52                          # to byte 121
	printf '9a(3)\n'                # a digit first: not
	printf 'C(4)\n'                 # byte 127, a block's last: noted
	printf ' D(5)\n$E(6)\nF (7)\n'  # a blank, a $, a blank before (: not
	printf '#endif\n'
	printf 'int G(int *p)\n{\n\treturn *(volatile int *)p;\n}\n' # int G(: not
	printf '#if 0\nH(8)\n#endif\n'    # after the blocks: noted
	printf '_Static_assert(1, "z");' # the last line, no newline: noted
} >calls.c
len=$(wc -c <calls.c)
gcc -O2 -g -c calls.c -o calls.o || exit 1

test_expect_success "the line starts noted ($len bytes)" '
	RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan calls.o >out 2>err
	grep -q "discovery statistics: named sources: 1 read, 0 not (offered before as an #include); names called at a line.s start: 5$" err
'
# the same lines behind every shift by one byte: each place in a block
test_expect_success 'the same, shifted by 1 to 64 bytes' '
	for n in $(seq 1 64); do
		{ printf "//%*s\n" "$n" "" | tr " " y; cat calls.c; } >"s$n.c" &&
		gcc -O2 -g -c "s$n.c" -o "s$n.o" &&
		RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan "s$n.o" >out 2>err
		grep -q "names called at a line.s start: 5$" err ||
			{ echo "shifted by $n: $(grep "line.s start" err)"; return 1; }
	done
'
test_done
