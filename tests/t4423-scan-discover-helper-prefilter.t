#!/bin/sh
# scan's discovery reads again, with helper macros put in, the files whose
# functions were no once-accessors as read (nsync's atm_load_acq_u32_
# reaches its word through NSYNC_ATOMIC_UINT32_LOAD_ of another header;
# t4390).  Putting a helper in lexes the whole file; on Debian's vmlinux
# 1000 files were read again for the kernel's 2 helpers and all 1000
# lexed, 3.6 % of scan's CPU (issue 35).  Now a file that does not spell
# a helper's name as a word is not lexed: the test hook
# RWONCE_TEST_SCAN_DISCOVER_STATS counts the files read again and lexed.
# Here lib/hlpfn.h spells HLP_WORD_LOAD_ (read again, lexed, its
# accessor found as before); other.c defines a function that is no
# accessor (two volatile loads) and spells the helper only inside a
# longer word (read again, not lexed); spelled.c names it in a comment
# (lexed: the filter reads bytes, not tokens, and stays on the safe side;
# put_in_helpers() then finds no call, and nothing is lexed again);
# deferred.c holds no accessor (its "asm" is an #include <asm/...>: not
# lexed when offered, t4425) and names the helper in a comment: read
# again, lexed then to learn that it defines a function, as before.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

S=$RWONCE_ROOT/tests/scan
H=$S/user-include/lib/hlpfn.h
cd "$TEST_TMP" || exit 1
cat >other.c <<'C'
int MY_HLP_WORD_LOAD_X;
int other_sum(int *p)
{
	return *(volatile int *)p + *(volatile int *)p + MY_HLP_WORD_LOAD_X;
}
C
cat >spelled.c <<'C'
/* not HLP_WORD_LOAD_(p): two loads */
int spelled_sum(int *p)
{
	return *(volatile int *)p + *(volatile int *)p;
}
C
cat >deferred.c <<'C'
#if 0
#include <asm/barrier.h>
#endif
/* not HLP_WORD_LOAD_(p) */
int deferred_get(int *p)
{
	return p[0] + 1;
}
C
for f in "$S/user-hlp-fn.c" other.c spelled.c deferred.c; do
	gcc -O2 -g -I"$S/user-include" -c "$f" -o "$(basename "$f" .c).o" || exit 1
done

test_expect_success 'a file read again that does not spell a helper is not lexed' '
	RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan -v --no-source \
		user-hlp-fn.o other.o spelled.o deferred.o >out 2>err
	grep -q "^rwonce scan: discovery statistics: 3 files lexed for once-accessors, 1 that hold none not (1 of them lexed later, 0 accessors in them); 1 helpers: 4 files read again, 3 lexed, 1 lexed with helpers put in;" err
'

test_expect_success 'the accessor through the helper is found as before' '
	grep -q "discovery: .hlp_load_u32_. is a once-accessor of this tree (read-once): .*lib/hlpfn.h:$(line_of "$H" "hlp_load_u32_(hlp_word") defines it as a function whose body is a volatile cast of what its argument .p. points to, with a helper macro put in (every definition the same place)$" err &&
	grep -q "^rwonce scan: 0 findings; 6 site instances: ok 6," err
'

test_expect_success 'without the hook, no statistics line' '
	"$RWONCE" scan -v --no-source user-hlp-fn.o other.o spelled.o deferred.o >out2 2>err2
	! grep -q "statistics" err2 && cmp out out2 &&
	grep -v "statistics" err | cmp - err2
'
test_done
