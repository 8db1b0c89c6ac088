#!/bin/sh
# A function body whose #if/#elif groups each open a statement that one
# shared '}' closes (rpmalloc's os_mdecommit: one "if (madvise(...)) {"
# per MADV_* flavour) is one function, as the preprocessor sees it: the
# brackets of the #elif/#else groups are not counted.  Before, the body
# never closed, every later function of the file was read as part of
# it, and a later site without code was put in the wrong function: "in
# 'os_mdecommit': optimised out: its function has code, its line none"
# for a site of a function no unit compiled, or of a statistics group
# the preprocessor left out.
. "$(dirname "$0")/lib/tap.sh"
requires gcc gcc
requires clang-19 clang-19

cd "$TEST_TMP" || exit 1
cat >b.c <<'EOF_C'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
extern int advise(void *a, unsigned long n, int how);
typedef struct page { long pad; unsigned int state; } page_t;
int disabled;

int decommit(void *a, unsigned long n)
{
#if defined(NOT_THIS_BUILD)
	if (advise(a, n, 1)) {
#elif defined(NOR_THIS_ONE)
	if (advise(a, n, 2)) {
#else
	if (advise(a, n, 3)) {
#endif
		WRITE_ONCE(disabled, 1);
		return 1;
	}
	return 0;
}

unsigned int page_state(page_t *page)
{
	return READ_ONCE(page->state);
}

static unsigned int unused_state(page_t *page)
{
	return READ_ONCE(page->state) + 1;
}

#ifdef NOT_THIS_BUILD
int head(int a) {
#else
int head(long a) {
#endif
	return (int)a + READ_ONCE(disabled);
}
EOF_C

for cc in gcc clang-19; do
	$cc -O2 -g -c b.c -o b-$cc.o 2>cc.err || { cat cc.err; exit 1; }
	"$RWONCE" scan -vv b-$cc.o >out-$cc 2>err-$cc
	echo $? >rc-$cc
	test_expect_success "$cc: the site of a function after the body, never compiled, is in that function" "
		grep -q \"b.c:29:[0-9]*: note: READ_ONCE(page->state) in 'unused_state': not compiled: no unit of this build has its function\" err-$cc"
	test_expect_success "$cc: the sites with code: their functions, ok" "
		grep -q \"b.c:16:[0-9]*: WRITE_ONCE(disabled): object int, 4 bytes, in 'decommit'\" err-$cc &&
		grep -q \"b.c:24:[0-9]*: READ_ONCE(page->state): object unsigned int, 4 bytes, in 'page_state'\" err-$cc &&
		grep -q \"b.c:37:[0-9]*: READ_ONCE(disabled): object int, 4 bytes, in 'head'\" err-$cc &&
		grep -q 'site instances: ok 3, torn 0' err-$cc"
	test_expect_success "$cc: exit 0" "test \$(cat rc-$cc) = 0"
done
test_done
