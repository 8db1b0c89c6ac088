#!/bin/sh
# fix reads a file again (and lexes it) for its volatile casts only when
# a "volatile" in it may be in one (volatile_cast_may_be_in(),
# src/cfront/idioms.h).  In a cast no '(' follows the qualifier itself:
# `asm volatile (` and `__asm__ __volatile__(` are told no even after a
# line that ends in '}' or ')' or in a line splice (issue #35: 1,058
# files of Linux 4.14.5 were read again for their volatile, 359 now;
# most of the others gave nothing).  A typeof group after the qualifier
# still counts, and the casts of a file that also says asm volatile are
# converted.  t2532 checks on generated buffers that "no" is exact.
. "$(dirname "$0")/lib/tap.sh"
requires strace strace

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd strace
cd "$TEST_TMP" || exit 1

. "$RWONCE_ROOT/tests/lib/opens.sh"

mkdir -p t
printf '%s\n' 'static inline void barrier_a(void)' '{' '}' \
	'	asm volatile("" ::: "memory");' \
	'#define BARRIER() \' '	__asm__ __volatile__ ("" ::: "memory")' \
	'static inline void g(void) { if (1) asm volatile(""); }' >t/asm.c
printf '%s\n' 'int get(int *p)' '{' '	asm volatile("" ::: "memory");' \
	'	return *(volatile int *)p + *(volatile __typeof__(*p) *)p;' \
	'}' >t/cast.c
traced_fix r t

test_expect_success 'the casts are converted, the asm left as it is' '
	[ "$(cat r.rc)" = 1 ] &&
	grep -q "^+	return READ_ONCE(\*p) + READ_ONCE(\*p);\$" r.diff &&
	! grep -q "asm.c" r.diff && ! grep -q "asm.c" r.err'
test_expect_success 'a file whose only volatile is an asm one is read once' '
	[ "$(opens r.trace t/asm.c)" = 1 ]'
test_expect_success 'the file with casts is read again' '
	[ "$(opens r.trace t/cast.c)" = 2 ]'
test_done
