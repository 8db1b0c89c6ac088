#!/bin/sh
# scan reads every source the line tables name, and lexes only those
# whose text says "volatile" or a once-macro's name as a word: the rest
# hold no site.  The words are now cut 16 or 32 bytes at a time by
# once_macros_any() (audit's pre-filter), not byte by byte (issue 35: 3%
# of scanning Debian's vmlinux), and must be cut alike: a name in a
# comment counts, one inside a longer identifier or after a number's
# digits (0x1fREAD_ONCE) does not.  The test hook RWONCE_TEST_SCAN_SOURCES
# says how many sources were read and lexed, and their bytes.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
printf 'static inline int a_fn(int *p) { return *p + 1; }\n' >a.h
printf '/* callers use READ_ONCE on it */\nstatic inline int b_fn(int *p) { return *p + 2; }\n' >b.h
printf '#define MY_READ_ONCE_X 3\nstatic inline int c_fn(int *p) { return *p + MY_READ_ONCE_X; }\n' >c.h
printf '/* not a word: 0x1fREAD_ONCE */\nstatic inline int d_fn(int *p) { return *p + 4; }\n' >d.h
printf '%s\n' 'static inline int e_fn(int *p) { return *p + 5; } /* ACCESS_ONCE */' >e.h
cat >main.c <<'EOF_C'
#include "a.h"
#include "b.h"
#include "c.h"
#include "d.h"
#include "e.h"
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
int g;
int all(int *p);
int all(int *p)
{
	return a_fn(p) + b_fn(p) + c_fn(p) + d_fn(p) + e_fn(p) + READ_ONCE(g);
}
EOF_C
gcc -O2 -g -c main.c -o main.o || exit 1

test_expect_success 'six sources read; main.c, b.h and e.h lexed (a name in a comment, at the end of the file), not a.h, c.h nor d.h' '
	RWONCE_TEST_SCAN_SOURCES=1 "$RWONCE" scan --no-progress main.o >out 2>err &&
	bytes=$(cat main.c b.h e.h | wc -c) &&
	grep "^rwonce: test: sources:" err &&
	grep -q "^rwonce: test: sources: 6 read, 3 lexed ($bytes bytes);" err &&
	grep -q "; 1 site instances\{0,1\}: ok 1," err
'

test_done
