#!/bin/sh
# *(volatile int *)p++ is a volatile read of *p, and p is stepped: the ++
# is the pointer's, a cast binding less tightly than a postfix operator.
# The site was taken as *(volatile int *)p followed by '++' -- "operand of
# ++ or --", which it is not -- and fix left it.  Now audit calls it a
# read (a write before '='), and fix converts it to READ_ONCE(*p++) /
# WRITE_ONCE(*p++, v): rwonce.h takes its argument's address once
# (__auto_type p = &(x); typeof does not evaluate), as the kernel's does,
# so the step happens once, as before.  (*(volatile int *)p)++, whose ++
# is the object's, is still left.  The fixed program prints what the
# original prints (gcc, clang-19, -O0 and -O2).
. "$(dirname "$0")/lib/tap.sh"
requires clang-19 clang-19

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
mkdir orig
cat >orig/s.c <<'EOF'
/* A volatile cast of a pointer stepped by ++ or --: the step is the
 * pointer's (a cast binds less tightly than a postfix operator), the
 * access one volatile read or write of what it pointed to. */
#include <stdio.h>

static int step_reads(int *p)
{
	int a = *(volatile int *)p++;
	int b = *(volatile int *)(p++);
	int c = *(volatile int *)--p;
	return a * 100 + b * 10 + c;
}

static void step_writes(unsigned *p, unsigned v)
{
	*(volatile unsigned *)p++ = v;
	*(volatile unsigned *)p-- = v + 1;
	(*(volatile unsigned *)p)++;
}

int main(void)
{
	int r[3] = { 1, 2, 3 };
	unsigned w[2] = { 0, 0 };

	step_writes(w, 7);
	printf("%d %u %u\n", step_reads(r), w[0], w[1]);
	return 0;
}
EOF
cp orig/s.c s.c
F=$TEST_TMP/orig/s.c

test_expect_success 'audit: reads and writes of a stepped pointer, fixable' "
	'$RWONCE' audit -q --no-progress s.c >audit.txt; test \$? = 1 &&
	test \$(grep -c '\\[volatile-cast\\]\$' audit.txt) = 6 &&
	grep -qx \"s.c:8:10: note: hand-written volatile read of '\\*(p++)': use READ_ONCE(\\*(p++)) \\[volatile-cast\\]\" audit.txt &&
	grep -qx \"s.c:10:10: note: hand-written volatile read of '\\*--p': use READ_ONCE(\\*--p) \\[volatile-cast\\]\" audit.txt &&
	grep -qx \"s.c:17:2: note: hand-written volatile write of '\\*(p--)': use WRITE_ONCE(\\*(p--), value) \\[volatile-cast\\]\" audit.txt &&
	grep -q '^s.c:18:3: .*rwonce fix leaves it: operand of ++ or --' audit.txt &&
	test \$(grep -c 'operand of ++' audit.txt) = 1"

test_expect_success 'fix: READ_ONCE(*p++), WRITE_ONCE(*p++, v); the object ++ left' "
	'$RWONCE' fix s.c >fix.diff 2>fix.err; test \$? = 1 &&
	grep -qx '+	int a = READ_ONCE(\\*p++);' fix.diff &&
	grep -qx '+	int b = READ_ONCE(\\*(p++));' fix.diff &&
	grep -qx '+	int c = READ_ONCE(\\*--p);' fix.diff &&
	grep -qx '+	WRITE_ONCE(\\*p++, v);' fix.diff &&
	grep -qx '+	WRITE_ONCE(\\*p--, v + 1);' fix.diff &&
	grep -q 'rwonce fix: 5 sites to convert in 1 file, 1 left unchanged' fix.err &&
	'$RWONCE' fix -q --in-place s.c; test \$? = 1"

for cc in gcc clang-19; do
	if ! have_cmd $cc; then
		test_skip "$cc: the fixed program prints what the original prints" "$(missing_why $cc)"
		continue
	fi
	for o in 0 2; do
		test_expect_success "$cc -O$o: the fixed program prints what the original prints" "
			$cc -std=gnu11 -Wall -Werror -O$o -o orig.bin '$F' &&
			$cc -std=gnu11 -Wall -Werror -O$o -I'$RWONCE_ROOT/include' -o fixed.bin s.c &&
			./orig.bin >orig.out && ./fixed.bin >fixed.out &&
			test \"\$(cat orig.out)\" = '122 8 8' && cmp orig.out fixed.out"
	done
done

test_done
