#!/bin/sh
# The reason fix gives for a volatile cast it leaves names the primitive
# the access would become: READ_ONCE for a read, WRITE_ONCE for a store.
# Every reason said READ_ONCE, for stores too ("the pointed-to type is a
# struct or union: READ_ONCE() of it ..." at *(volatile struct pair *)sp
# = v).  audit's "rwonce fix leaves it" says the same as fix's note.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
cat >w.c <<'EOF'
/* Volatile casts fix leaves, each read and written: the reason names
 * READ_ONCE for the read and WRITE_ONCE for the write. */
struct pair { int a, b; };

void left(struct pair *sp, struct pair v, int *ip, long w, int *p)
{
	struct pair x = *(volatile struct pair *)sp;	/* struct pointee */
	*(volatile struct pair *)sp = v;
	long y = *(volatile long *)ip;			/* another type */
	*(volatile long *)ip = w;
	int z = *(volatile int *)(p + 1);		/* pointer arithmetic */
	*(volatile int *)(p + 1) = z;
	x = *(volatile struct pair *)&v;		/* not a scalar */
	*(volatile struct pair *)&v = x;
	(void)y;
}
EOF

test_expect_success 'fix: eight casts left, the reads name READ_ONCE, the writes WRITE_ONCE' "
	'$RWONCE' fix w.c >fix.diff 2>fix.err; test \$? = 1 && test ! -s fix.diff &&
	test \$(grep -c 'volatile cast left unchanged' fix.err) = 8 &&
	for n in 7 9 11 13; do
		grep \"^w.c:\$n:\" fix.err | grep -q 'READ_ONCE' &&
		! grep \"^w.c:\$n:\" fix.err | grep -q 'WRITE_ONCE' || exit 1
	done &&
	for n in 8 10 12 14; do
		grep \"^w.c:\$n:\" fix.err | grep -q 'WRITE_ONCE' &&
		! grep \"^w.c:\$n:\" fix.err | grep -q 'READ_ONCE' || exit 1
	done &&
	grep -qx 'w.c:8:2: note: volatile cast left unchanged: the pointed-to type is a struct or union: WRITE_ONCE() of it is not the volatile access it replaces \\[volatile-cast\\]' fix.err &&
	grep -qx 'w.c:12:2: note: volatile cast left unchanged: the pointer is an expression (pointer arithmetic inside the cast): WRITE_ONCE(\\*p, v) needs p alone \\[volatile-cast\\]' fix.err"

test_expect_success 'audit: the same reasons after \"rwonce fix leaves it\"' "
	'$RWONCE' audit -q --no-progress w.c >audit.txt; test \$? = 1 &&
	for n in 8 10 12 14; do
		grep \"^w.c:\$n:\" audit.txt | grep -q 'rwonce fix leaves it: .*WRITE_ONCE' || exit 1
	done &&
	for n in 7 9 11 13; do
		grep \"^w.c:\$n:\" audit.txt | grep -q 'rwonce fix leaves it: .*READ_ONCE' || exit 1
	done"

test_done
