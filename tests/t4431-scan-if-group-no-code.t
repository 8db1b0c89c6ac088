#!/bin/sh
# A site without code inside a conditional group of its function's body
# may have been left out by the preprocessor, not optimised out: the
# coverage note says both and names the group's line.  libatomic_ops's
# AO_malloc_enable_mmap() holds AO_store_release() under
# "# if defined(__sun)", and scan called it "optimised out: its function
# has code, its line none" once the function's head was read (27990d4;
# before, "not compiled: no unit of this build has its function", also
# wrong).  A site the compiler really drops, outside any group, keeps the
# plain reason; a group that holds the whole function is no group of
# its body.
. "$(dirname "$0")/lib/tap.sh"
requires gcc gcc
requires clang-19 clang-19

cd "$TEST_TMP" || exit 1
cat >g.c <<'EOF_C'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define MY_API
static int flag, other;

MY_API void enable(void)
{
# if defined(NOT_THIS_BUILD)
	WRITE_ONCE(flag, 1);
# else
	flag = 2;
# endif
}

int drop(void)
{
	int v = 1;
	return READ_ONCE(v) * 0 + other;
}

#ifdef __GNUC__
int whole(void)
{
	return READ_ONCE(other) + flag;
}
#endif
EOF_C

for cc in gcc clang-19; do
	$cc -O2 -g -c g.c -o g-$cc.o 2>cc.err || { cat cc.err; exit 1; }
	"$RWONCE" scan -v g-$cc.o >out-$cc 2>err-$cc
	echo $? >rc-$cc
	test_expect_success "$cc: the WRITE_ONCE under '# if defined(NOT_THIS_BUILD)' names the group (line 8)" "
		grep -q 'g.c:9:[0-9]*: note: WRITE_ONCE(flag) in .enable.: optimised out, or left out by the preprocessor: its function has code, its line none, and the line is in the conditional group of line 8' err-$cc"
	test_expect_success "$cc: the site in a group around the whole function is checked" "
		grep -q 'site instances\{0,1\}: ok 1,' err-$cc &&
		! grep -q 'g.c:24:' err-$cc"
done
test_expect_success 'gcc: the read of a local it drops keeps the plain reason' '
	grep -q "g.c:18:[0-9]*: note: READ_ONCE(v) in .drop.: optimised out: its function has code, its line none$" err-gcc'
test_done
