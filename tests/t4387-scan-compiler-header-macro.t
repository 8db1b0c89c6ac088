#!/bin/sh
# A once-macro that discovery finds in a compiler's own header is not
# called the tree's (issue 31): gcc 12's <stdatomic.h> defines
# atomic_init as a relaxed atomic_store_explicit, found in
# /usr/lib/gcc/TRIPLET/12/include, and it was listed as "a once-macro of
# this tree".  Now it is "of the compiler's headers, not this tree's";
# a macro of the tree's own file keeps "of this tree".
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd gcc

SRC=$RWONCE_ROOT/tests/scan/compiler-header.c
cd "$TEST_TMP" || exit 1
gcc -O2 -g -c "$SRC" -o c.o || exit 1

test_expect_success 'atomic_init is the compiler'"'"'s, MY_LOAD the tree'"'"'s' '
	{ "$RWONCE" scan -v --no-source c.o >out 2>err; test $? = 0; } &&
	grep -q "discovery: .atomic_init. is a once-macro of the compiler.s headers, not this tree.s (write-once): /usr/lib/gcc[^ ]*/include/stdatomic.h:[0-9]* defines it as" err &&
	grep -q "discovery: .MY_LOAD. is a once-macro of this tree (read-once): .*compiler-header.c:$(line_of "$SRC" "define MY_LOAD") defines it" err &&
	! grep -q "atomic_init. is a once-macro of this tree" err
'
test_done
