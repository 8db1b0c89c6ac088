#!/bin/sh
# scan -j 2 on one static archive: each worker reads the archive through
# its own libdwfl handle while the other opens the sources the line
# tables name.  Reported by its path, an archive's descriptor was closed
# by libdwfl once per member (elfutils 0.188: the first close its own,
# every later one a number that may by then be another thread's file), so
# a source opened by the other worker at that moment was closed under it:
# "cannot be read (Bad file descriptor)", exit 2, in about one run of 20
# on Concurrency Kit's ppc64le libck.a.  The reader now hands libdwfl the
# archive's bytes, never a descriptor (src/elf/dwarf-lines.c, struct
# archive_image).  Here: an archive of many members, each built from its
# own source and header (so each unit has files to open), scanned at -j 2
# many times -- every run must read every source and say what -j 1 says.
# The race is timing: on the old reader 1 to 4 runs of 40 failed in five
# tries of six here (about 1 run in 20), so 80 runs
# (RWONCE_FDRACE_RUNS) miss it about once in 40 tries; the check of the
# mechanism itself, which does not depend on timing, is t4414.
. "$(dirname "$0")/lib/tap.sh"
requires gcc gcc
need_cmd ar

MEMBERS=48
RUNS=${RWONCE_FDRACE_RUNS:-80}

mkdir -p "$TEST_TMP/b/include" && cd "$TEST_TMP/b" || exit 1
cat >include/once.h <<'EOF'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
EOF
i=0
while [ $i -lt $MEMBERS ]; do
	cat >include/m$i.h <<EOF
struct m$i { unsigned long head, tail; };
static inline unsigned long m${i}_head(struct m$i *q) { return READ_ONCE(q->head); }
EOF
	cat >m$i.c <<EOF
#include "once.h"
#include "m$i.h"
unsigned long m${i}_len(struct m$i *q)
{
	unsigned long t = READ_ONCE(q->tail);
	return t - m${i}_head(q);
}
void m${i}_push(struct m$i *q) { WRITE_ONCE(q->tail, q->tail + 1); }
EOF
	gcc -O2 -g -Iinclude -c m$i.c -o m$i.o || exit 1
	i=$((i + 1))
done
ar rcs libm.a m*.o || exit 1

test_expect_success "-j 1: every member's sites checked, every source read" '
	"$RWONCE" scan -j 1 --no-progress libm.a >one.out 2>one.err &&
	grep -q "^rwonce scan: .* $((MEMBERS * 3)) sites; 1 of 1 file checked" one.err &&
	grep -q "sites in $((MEMBERS * 2)) of $((MEMBERS * 2)) sources read" one.err
'

test_expect_success "-j 2, $RUNS runs: no file closed under a worker, the same report as -j 1" '
	bad=0 n=0
	while [ $n -lt $RUNS ]; do
		n=$((n + 1))
		"$RWONCE" scan -j 2 --no-progress libm.a >two.out 2>two.err
		rc=$?
		if [ $rc != 0 ] || grep -q "Bad file descriptor" two.err ||
		   ! cmp -s one.out two.out || ! cmp -s one.err two.err; then
			bad=$((bad + 1))
			echo "run $n: exit $rc" >&2
			grep -m 3 "Bad file\|error" two.err >&2
		fi
	done
	echo "$bad of $RUNS runs at -j 2 failed" >&2
	test $bad = 0
'

test_done
