#!/bin/sh
# clang with -no-integrated-as hands its assembly to GNU as, whose 2.40
# (Debian 12) writes each `.file N "name" md5 0x...` into the line table
# byte for byte backwards.  The Linux rseq selftests build so with clang
# (their Makefile adds -no-integrated-as), as does a kernel built with
# LLVM_IAS=0: every source, /usr/include/stdint.h too, "does not match
# the build: its MD5 is not the one the line table records", nothing
# judged, exit 2 -- with the sources the build was made from.  The
# reversed digest is the same text: the sites are judged.  A text that
# did change still does not match.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires clang-19 clang-19
requires as binutils

mkdir -p "$TEST_TMP/src" && cd "$TEST_TMP/src" || exit 1
cat >k.c <<'EOF2'
#define RSEQ_ACCESS_ONCE(x) (*(__volatile__ __typeof__(x) *)&(x))
struct rseq_abi { unsigned cpu_id_start, cpu_id; };
unsigned cpu(struct rseq_abi *r)
{
	return RSEQ_ACCESS_ONCE(r->cpu_id);
}
EOF2
clang-19 -O2 -g -no-integrated-as -c k.c -o ../gas.o || exit 1

test_expect_success 'the line table of GNU as: the source matches, its site is judged' '
	{ "$RWONCE" scan --no-source ../gas.o >../out 2>../err; test $? = 0; } &&
	! grep -q "does not match" ../err &&
	grep -q "1 site instance: ok 1, .*unattributed 0; 1 site; 1 of 1 file checked" ../err
'
test_expect_success 'a source changed since: still not the one built' '
	sed "s/cpu_id);/cpu_id );/" k.c >k2 && mv k2 k.c &&
	{ "$RWONCE" scan --no-source ../gas.o >../out 2>../err; test $? = 2; } &&
	grep -q "k.c. does not match the build: its MD5 is not the one the line table records" ../err
'
test_done
