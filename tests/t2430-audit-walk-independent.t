#!/bin/sh
# Results independent of the walk (issue 34, point 3): what a file needs to
# know -- the tree's once-macros, the types of its operands -- comes from
# the whole tree (its root found by .git, or --srcroot), so a file or a
# folder gets exactly the findings the whole-tree run gives it, and
# --report-only PATH limits the output, not the knowledge.  The fixture
# tree keeps its once-macro and its types in include/ (reached through
# <...>, which the one-file type index does not follow); before this, a
# run on drivers/ alone knew neither and found nothing.  The lexical
# engine also reports a hand-written volatile cast of a multi-field
# aggregate (*(volatile struct ticket *)&lock) as volatile-aggregate.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 2

mkdir -p proj/.git proj/include/asm proj/drivers/net proj/kernel
cat >proj/include/once.h <<'EOF'
#define MY_READ(x) (*(const volatile __typeof__(x) *)&(x))
#define MY_WRITE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
EOF
cat >proj/include/asm/lock.h <<'EOF'
typedef struct ticket {
	unsigned short owner, next;
} ticket_t;
typedef struct {
	unsigned int lo, hi;
} pair_t;
EOF
cat >proj/drivers/net/ring.c <<'EOF'
#include <once.h>
#include <asm/lock.h>

ticket_t tk;
pair_t pr;
unsigned int counter;

unsigned int poll(void)
{
	ticket_t t = MY_READ(tk);
	pair_t p = MY_READ(pr);

	MY_WRITE(pr, p);
	return t.owner + p.lo + MY_READ(counter);
}
EOF
cat >proj/kernel/sched.c <<'EOF'
#include <once.h>
struct spin { unsigned short owner, next; } lk;

unsigned short contended(void)
{
	struct spin s = *(volatile struct spin *)&lk;

	return (unsigned short)(s.next - s.owner) + MY_READ(lk.owner);
}
EOF

# the findings of one file (any severity, and their notes), as
# "line:col message [rule]", sorted
of() { # report file
	sed -n "s#^\\(\\./\\)\\{0,1\\}proj/$2:\\([0-9]*:[0-9]*\\): \\(warning\\|error\\|note\\): \\(.*\\)\$#\\2 \\4#p" "$1" | sort
}
audit() {
	"$RWONCE" audit -q --no-source "$@"
	test $? -le 1
}

test_expect_success 'the whole-tree run' '
	audit proj >whole.txt && grep -q "drivers/net/ring.c" whole.txt'
test_expect_success 'the whole-tree run types ring.c through include/: volatile-aggregate on the ticket and the pair' '
	of whole.txt drivers/net/ring.c >whole-ring.txt &&
	test $(grep -c "\[volatile-aggregate\]" whole-ring.txt) = 3 &&
	grep -q "^10:15 MY_READ(tk) of .ticket_t.*\[volatile-aggregate\]$" whole-ring.txt'
for target in proj/drivers/net/ring.c proj/drivers/net proj/drivers; do
	test_expect_success "audit $target: the findings the whole-tree run gives ring.c" "
		audit $target >one.txt && of one.txt drivers/net/ring.c >one-ring.txt &&
		test -s one-ring.txt && diff -u whole-ring.txt one-ring.txt"
done
test_expect_success 'audit proj/kernel/sched.c: the whole-tree run'"'"'s findings for it' '
	of whole.txt kernel/sched.c >whole-sched.txt && test -s whole-sched.txt &&
	audit proj/kernel/sched.c >one.txt && of one.txt kernel/sched.c >one-sched.txt &&
	diff -u whole-sched.txt one-sched.txt'
test_expect_success 'lexical engine: a hand-written volatile cast of a two-field struct is volatile-aggregate' '
	grep -q "^6:18 hand-written volatile read of struct .struct spin. (2 storage units, the narrowest 2 bytes).*\[volatile-aggregate\]$" whole-sched.txt &&
	grep -q "^6:18 hand-written volatile read of .lk.*\[volatile-cast\]$" whole-sched.txt'
test_expect_success '--report-only limits the output to a path, not the knowledge' '
	audit --report-only proj/drivers proj >only.txt &&
	! grep -v "^proj/drivers/" only.txt | grep -q . &&
	of only.txt drivers/net/ring.c >only-ring.txt && diff -u whole-ring.txt only-ring.txt'
test_expect_success '--report-only accepts ./ and a trailing slash' '
	audit --report-only ./proj/kernel/ proj >only2.txt &&
	of only2.txt kernel/sched.c | diff -u whole-sched.txt - &&
	! grep -q "ring.c" only2.txt'

# Without a root (no .git, no --srcroot) the walked paths are the tree, as
# before: drivers/ alone knows neither MY_READ nor the types.  --srcroot
# gives the root back.
rm -r proj/.git
test_expect_success 'no .git and no --srcroot: the walked paths are all the run knows' '
	"$RWONCE" audit -q --no-source --allow-empty proj/drivers >noroot.txt; test $? -le 1 &&
	! grep -q "\[volatile-aggregate\]" noroot.txt'
test_expect_success '--srcroot names the root: the whole-tree findings again' '
	audit --srcroot proj proj/drivers/net/ring.c >srcroot.txt &&
	of srcroot.txt drivers/net/ring.c | diff -u whole-ring.txt -'
# (the notes name the definition by a path from the current folder)
test_expect_success 'from inside the tree, --srcroot above the current folder' '
	(cd proj/drivers && "$RWONCE" audit -q --no-source --srcroot ../.. net/ring.c >../../inside.txt; test $? -le 1) &&
	sed "s|^net/|proj/drivers/net/|" inside.txt >inside2.txt &&
	of inside2.txt drivers/net/ring.c | grep -v "once-macro of this tree" >inside3.txt &&
	grep -v "once-macro of this tree" whole-ring.txt | diff -u - inside3.txt'

test_done
