#!/bin/sh
# The tree lookup no longer copies the file's type index per variant
# (issue #35): it sets a mark, merges the variant's headers into the
# file's own index, queries it and rewinds to the mark.  After the
# rewind the index must answer exactly as before the merge -- the
# typedef and the struct tag the header gave are unknown again, with the
# same name reported missing -- while with the header merged they are
# known.
. "$(dirname "$0")/lib/tap.sh"

cfront_test() { "$TEST_TOOL" cfront "$@"; }
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1

cat >f.c <<'EOF_C'
extern pte_t shared;
extern struct ticket lock;
int f(void *p)
{
	return ((struct { int a, b; } *)p)->a + shared.low + lock.head;
}
EOF_C
cat >h.h <<'EOF_H'
typedef struct { unsigned int low, high; } pte_t;
struct ticket { unsigned short head, tail; };
EOF_H

cfront_test rewind f.c h.h 1:14 5:42 5:55 >out 2>err
echo $? >rc

test_expect_success 'the test tool answers nine times' '
	[ "$(cat rc)" = 0 ] && [ "$(wc -l <out)" = 9 ]'
test_expect_success 'alone: pte_t and struct ticket are missing' "
	grep -qx \"alone 1:14: unknown, missing 'pte_t'\" out &&
	grep -qx \"alone 5:42: unknown, missing 'pte_t'\" out &&
	grep -qx \"alone 5:55: unknown, missing 'ticket'\" out"
test_expect_success 'merged: the header types them' "
	grep -qx \"merged 1:14: struct 'pte_t' 'struct <anonymous>'\" out &&
	grep -qx \"merged 5:42: scalar 'unsigned int' 'unsigned int'\" out &&
	grep -qx \"merged 5:55: scalar 'unsigned short' 'unsigned short'\" out"
test_expect_success 'rewound: every answer is the one before the merge' "
	grep '^alone ' out | sed 's/^alone //' >before &&
	grep '^rewound ' out | sed 's/^rewound //' >after &&
	test -s before && diff -u before after"
test_done
