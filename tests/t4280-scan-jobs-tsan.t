#!/bin/sh
# scan -j under ThreadSanitizer (issue 33, point 6): the workers share
# each source's sites and mark a site `seen` (an atomic store) when they
# judge one of its instances; a worker that copied the whole site struct
# to judge it raced with that store (TSan: "data race ... judge.c",
# 4 runs of 8 here before the fix).  The verdict now takes the loop flag
# as a parameter and never copies a shared site.
#
# Needs a ThreadSanitizer build of the tool and its scan plugin, named
# by RWONCE_TSAN (e.g. make BUILD=build-tsan CFLAGS='-O1 -g
# -fsanitize=thread' build-tsan/rwonce build-tsan/rwonce-scan.so, then
# RWONCE_TSAN=build-tsan/rwonce); skipped without one.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd clang
[ -n "${RWONCE_TSAN:-}" ] && [ -x "$RWONCE_TSAN" ] ||
	skip_all "no ThreadSanitizer build of rwonce named by RWONCE_TSAN (see the comment at the top)"

# 16 units inlining one header's two once-accesses, linked into one
# object: its units are shared by the two workers, which judge
# instances of the same sites at once.
cd "$TEST_TMP" || exit 1
cat >h.h <<'EOC'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct pair { unsigned short a, b; };
static inline unsigned get_pair(struct pair *p)
{
	struct pair v = READ_ONCE(*p);

	return v.a + v.b;
}
static inline int get_int(int *p) { return READ_ONCE(*p); }
EOC
i=1
while [ $i -le 16 ]; do
	printf '#include "h.h"\nunsigned f%d(struct pair *p, int *q);\nunsigned f%d(struct pair *p, int *q) { return get_pair(p) + get_int(q); }\n' $i $i >u$i.c
	clang -O2 -g -c u$i.c -o u$i.o
	i=$((i + 1))
done
ld -r -o all.o u*.o

test_expect_success 'scan -j 2 under TSan, 8 runs: no data race, the same findings as -j 1' '
	"$RWONCE" scan -j 1 all.o >want 2>/dev/null; test $? = 1 &&
	n=0 &&
	while [ $n -lt 8 ]; do
		TSAN_OPTIONS="halt_on_error=0 exitcode=66" "$RWONCE_TSAN" scan -j 2 all.o >got 2>err
		test $? = 1 || { cat err; exit 1; }
		! grep -q "ThreadSanitizer" err || { grep -A 12 "WARNING: ThreadSanitizer" err | head -n 30; exit 1; }
		cmp want got || exit 1
		n=$((n + 1))
	done
'

test_done
