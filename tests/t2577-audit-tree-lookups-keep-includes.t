#!/bin/sh
# A file's #include lines, which rank the tree's headers when a type is
# looked up (the header the file includes first), are found at its first
# tree lookup and kept for its others (src/cfront/treetypes.h,
# struct tree_includes): found again at each, they were 77.7 million
# tokens walked for 6,258 lookups in 1,305 files of linux-source-6.12
# (issue #35).  They must be the file's own: struct s is defined twice,
# with an int member v and with a two-int struct v; p.c and r.c include
# the first, q.c the second, each at another place among its tokens, and
# each asks for the type of v twice.  Only q.c's two READ_ONCE()s are of
# an aggregate.  Lines kept from another file, or lost after the first
# lookup, give another header.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
t=$TEST_TMP/tree
mkdir -p "$t/.git" "$t/include/x" "$t/include/y" "$t/drv" && cd "$t" || exit 1
printf 'struct s { int v; };\n' >include/x/s.h
printf 'struct s { struct { int a, b; } v; };\n' >include/y/s.h
printf '#include <x/s.h>\nint f(struct s *p) { return READ_ONCE(p->v); }\nint g(struct s *q) { return READ_ONCE(q->v); }\n' >drv/p.c
printf 'int before;\n#include <y/s.h>\nint h(struct s *p) { return READ_ONCE(p->v).a; }\nint k(struct s *q) { return READ_ONCE(q->v).b; }\n' >drv/q.c
printf 'extern int a, b;\n#include <x/s.h>\nint m(struct s *p) { return READ_ONCE(p->v); }\nint n(struct s *q) { return READ_ONCE(q->v); }\n' >drv/r.c
"$RWONCE" audit --no-config --no-progress -j 1 --preset linux . >audit.txt 2>audit.err
echo $? >rc

test_expect_success 'both READ_ONCE()s of q.c are of an aggregate' '
	cat audit.txt audit.err &&
	grep -q "q.c:3:29: .*READ_ONCE(p->v) of .struct <anonymous>.*volatile-aggregate" audit.txt &&
	grep -q "q.c:4:29: .*READ_ONCE(q->v) of .struct <anonymous>.*volatile-aggregate" audit.txt'
test_expect_success 'those of p.c and r.c are not' '
	! grep -q "p\.c:" audit.txt &&
	! grep -q "r\.c:" audit.txt &&
	[ "$(cat rc)" = 1 ] &&
	grep -q "2 findings in 1 of 5 files: volatile-aggregate 2" audit.err'
test_done
