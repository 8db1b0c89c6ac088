#!/bin/sh
# The scopes an instance is typed in (src/elf/dwarf-scopes.c: walk_down),
# each level's child found among the blocks and inlined copies kept with
# their ranges for the inline chains (src/elf/dwarf-children.c) where
# they are every child that can hold an address, else asked of libdw
# child by child.  The test hook RWONCE_TEST_SCAN_SCOPES=check walks
# libdw's way too and counts the levels it answers otherwise; "off" takes
# every level from libdw, and the reports must be the same both ways.
# The fixture's objects are typed through __auto_type (which the
# sources' type index cannot size) in loops and inlined copies nested
# three deep; gcc's nested function out of line is a child with code of
# its parent's scope, which the kept kids do not hold: that level is
# libdw's.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc
requires clang clang

cd "$TEST_TMP" || exit 1
cat >scopes.c <<'C'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct node { struct node *next; long v; };
int flag;
struct node *head;

static inline long peek(struct node *n)
{
	__auto_type p = n;

	return READ_ONCE(p->v);
}

static inline long walk(struct node *n)
{
	long s = 0;

	for (; n; n = n->next) {
		__auto_type q = n;
		long k = peek(q) + READ_ONCE(q->v);

		s += k;
	}
	return s;
}

long total(void)
{
	long s = 0;

	if (flag > 2) {
		__auto_type n = head;

		s = walk(n) + walk(n->next) + READ_ONCE(n->v);
	}
	return s;
}
C
cat >nested.c <<'C'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct node { struct node *next; long v; };
struct node *head;
int flag;

long outer(int n)
{
	long acc = n;
	__attribute__((noinline)) long add(long k) { return k + READ_ONCE(acc); }

	if (n > 3) {
		__auto_type p = head;
		long m = READ_ONCE(p->v);

		acc += add(m);
	}
	return add(acc) + flag;
}
C

scan() { # NAME OBJECT: -vv text, JSON, stderr (the hook's line apart), status
	o=$1
	"$RWONCE" scan --no-progress -vv --color=never -j 1 \
		--output "json=$o.json" "$2" >"$o.out" 2>"$o.all"
	echo $? >"$o.rc"
	grep -v '^rwonce: test: .*scope levels' "$o.all" >"$o.err"
	grep '^rwonce: test: .*scope levels' "$o.all" >"$o.hook"
	:
}

same() { # A B
	for ext in out json rc err; do
		cmp "$1.$ext" "$2.$ext" || return 1
	done
}

check() { # NAME OBJECT LIBDW: the kept kids answer as libdw; LIBDW levels
	# from libdw: none, or some
	scan "$1" "$2" &&
	RWONCE_TEST_SCAN_SCOPES=check scan "$1-check" "$2" &&
	RWONCE_TEST_SCAN_SCOPES=off scan "$1-off" "$2" &&
	same "$1" "$1-check" && same "$1" "$1-off" &&
	grep -Eq ': 0 findings; [0-9]+ site instances?: ok [1-9]' "$1.err" &&
	grep -q ': object long' "$1.err" &&
	grep -q ": scope levels: [1-9][0-9]* from the kept blocks and inlined copies (0 of them not what libdw's walk gives), $3 from libdw\$" \
		"$1-check.hook" &&
	grep -q ": scope levels: 0 from the kept blocks and inlined copies (0 of them not what libdw's walk gives), [1-9][0-9]* from libdw\$" \
		"$1-off.hook"
}

test_expect_success 'gcc: the scopes from the kept kids, as libdw walks them' '
	gcc -O2 -g -c scopes.c -o gcc.o &&
	check gcc gcc.o 0
'
test_expect_success 'clang: the scopes from the kept kids, as libdw walks them' '
	clang -O2 -g -c scopes.c -o clang.o &&
	check clang clang.o 0
'
test_expect_success 'gcc: a nested function with code among the kids: that level from libdw' '
	gcc -O2 -g -c nested.c -o nested.o &&
	check nested nested.o "[1-9][0-9]*" &&
	grep -q "READ_ONCE(acc): object long, 8 bytes, in .add\." nested.err
'

test_done
