#!/bin/sh
# mem_count() (src/lib/memfind.h) counts a byte 32 at a time with AVX2
# where the processor has it, else 8 in a 64-bit word: discovery numbers
# each #define of a tree by the newlines before it (issue #35: the
# eight-at-a-time count was 1.8 % of an audit of the kernel).  Both ways
# must count what a byte-by-byte count does, from every offset, for
# bytes that are there and one that is not, with the buffer ending where
# an unreadable page begins (a load past it would crash).  Then the line
# of a #define past a 32-byte block of newlines, as audit names it.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
. "$RWONCE_ROOT/tests/lib/simd-check.sh"
simd_checks lib memcount counts 'the byte-by-byte one' 'without AVX2'

# a once-macro #defined after 70 blank lines (two blocks and more) and
# after a \r\n line: audit names its line
mkdir "$TEST_TMP/tree" && cd "$TEST_TMP/tree" || exit 1
{
	printf 'int pad;\r\n'
	i=0
	while [ $i -lt 70 ]; do echo; i=$((i + 1)); done
	printf '#define MY_ONCE(x) (*(volatile __typeof__(x) *)&(x))\n'
	printf 'int f(int *p) { return MY_ONCE(*p); }\n'
} >a.c
"$RWONCE" audit --no-config --no-progress -j 1 --format=json . \
	>audit.json 2>audit.err
test_expect_success 'audit: the #define after 70 blank lines is on line 72' '
	cat audit.err &&
	grep -q "\"name\": \"MY_ONCE\".*\"path\": \"./a.c\", \"line\": 72" audit.json'
test_done
