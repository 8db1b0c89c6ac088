#!/bin/sh
# The type index parses a function's parameters and locals only when a
# query first asks about its scope (issue #35): an audit asks about the
# few functions that hold a site.  A body that may define a struct, a
# union or a typedef is parsed at once, in order, because those are
# found from anywhere in the file.  The answers must be the ones of the
# index that parses every body at once: `test-tool cfront lazy-check`
# compares the two indexes' tables and, at every unary expression in a
# function, every answer (type, units, layouts, local storage).
. "$(dirname "$0")/lib/tap.sh"

cfront_test() { "$TEST_TOOL" cfront "$@"; }
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1

cat >f.c <<'EOF_C'
int g;
struct pair { int a, b; };

static void defines_a_record(void)
{
	struct inner { long x; unsigned short y; } v;
	(void)v.x;
}

static void defines_a_typedef(void)
{
	typedef unsigned char byte_t;
	byte_t b = 0;
	(void)b;
}

static void attributed(void)
{
	struct __attribute__((packed)) tight { char c; int i; } t;
	(void)t.i;
}

int reader(struct inner *p, long g, byte_t *q, struct pair *pp)
{
	static int calls;
	int local = 0;

	for (int i = 0; i < 2; i++)
		local += READ_ONCE(pp->a);
	calls++;
	return READ_ONCE(p->x) + READ_ONCE(g) + READ_ONCE(*q) + local +
	       READ_ONCE(calls);
}

int global_reader(void)
{
	struct tight *t = 0;
	return READ_ONCE(g) + READ_ONCE(t->i);
}
EOF_C

cfront_test type f.c 29:22 31:19 31:37 31:52 32:19 38:19 38:34 7:8 20:8 14:8 >out 2>err
echo $? >rc

test_expect_success 'the test tool answers ten times' '
	[ "$(cat rc)" = 0 ] && [ "$(wc -l <out)" = 10 ]'
# The parameters and body of reader() and global_reader() are parsed
# when asked; the struct and the typedef of the bodies before them are
# there from the start.  A struct's tag names it in the body that
# defines it only (C's block scope): reader()'s 'struct inner' and
# global_reader()'s 'struct tight' are other, incomplete structs.
test_expect_success 'a record defined in a body is found by its tag there, not in another' "
	grep -qx \"7:8: scalar 'long' 'long'\" out && grep -qx '31:19: unknown' out"
test_expect_success 'a record after an attribute in a body too' "
	grep -qx \"20:8: scalar 'int' 'int'\" out && grep -qx '38:34: unknown' out"
test_expect_success 'a typedef of a body types its local there, not a parameter elsewhere' "
	grep -qx \"14:8: scalar 'byte_t' 'unsigned char'\" out && grep -qx '31:52: unknown' out"
test_expect_success 'a parameter hides the global of its name, elsewhere not' "
	grep -qx \"31:37: scalar 'long' 'long'\" out &&
	grep -qx \"38:19: scalar 'int' 'int'\" out"
test_expect_success 'a parameter in a for loop, a static local' "
	grep -qx \"29:22: scalar 'int' 'int'\" out &&
	grep -qx \"32:19: scalar 'int' 'int'\" out"

cfront_test lazy-check f.c >check 2>err
echo $? >rc
test_expect_success 'lazy-check: the lazy index equals the eager one' '
	[ "$(cat rc)" = 0 ] && ! grep DIFF check &&
	grep -qx "lazy-check: 1 files, [1-9][0-9]* operands, 0 differ" check'
test_expect_success 'lazy-check: three bodies parsed at once, two late' '
	grep -qx "lazy-check: 5 functions, 2 parsed late" check'

# The fixtures of the C front end, audit and fix: every answer the same.
cfront_test lazy-check $(find "$RWONCE_ROOT/tests/cfront" \
	"$RWONCE_ROOT/tests/audit" "$RWONCE_ROOT/tests/fix" -name '*.[ch]' |
	sort) >fixtures 2>err
echo $? >rc
test_expect_success 'lazy-check: the fixtures, 0 differ' '
	[ "$(cat rc)" = 0 ] && ! grep DIFF fixtures &&
	grep -q "files, [1-9][0-9]* operands, 0 differ" fixtures'
test_done
