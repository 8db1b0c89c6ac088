#!/bin/sh
# scan's discovery makes a path of every name of every unit's file table
# (the unit's folder joined, normalised, --sources applied) and notes it
# in the shared set of named sources; a kernel's units name the same
# headers again and again -- Debian's vmlinux: 327,043 names for 4,266
# sources (issue 35).  Now each walk remembers the (folder, name) pairs
# it noted without an MD5, and skips them: noting one again changed
# nothing.  A name with an MD5 (clang's DWARF 5) is always noted (two
# units may record different MD5s: the source is then not used).  The
# test hook RWONCE_TEST_SCAN_DISCOVER_STATS counts the paths made and the
# names skipped.  A program of four units (a.c, b.c and c.c include
# lib.h): gcc's tables name each unit's own file twice (entries 0 and
# 1), so 5 paths made, 6 skipped; clang's have MD5s, 7 made, none
# skipped.  The macro and the number of sources are as before.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
printf 'struct s { int v; };\n#define MY_READ(x) (*(volatile __typeof__(x) *)&(x))\n' >lib.h
for n in a b c; do
	printf '#include "lib.h"\nstruct s %s_s;\nint %s_get(void) { return MY_READ(%s_s.v); }\n' $n $n $n >$n.c
done
printf 'int main(void) { return 0; }\n' >m.c

for cc in gcc clang; do
	case $cc in
	gcc) want='5 made into paths, 6 seen before' ;;
	clang) want='7 made into paths, 0 seen before' ;;
	esac
	if ! command -v $cc >/dev/null; then
		test_skip "$cc: the file tables' names seen before are skipped" "$cc is not installed"
		continue
	fi
	$cc -O2 -g -gdwarf-5 a.c b.c c.c m.c -o p-$cc || exit 1
	test_expect_success "$cc: the file tables' names seen before are skipped" '
		RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan -v --no-source p-$cc >out 2>err &&
		grep -q "^rwonce scan: discovery statistics: file tables. names: $want$" err &&
		grep -q "^rwonce scan: discovery: .MY_READ. is a once-macro of this tree (access-once, volatile cast): lib.h:2 " err &&
		grep -q "^rwonce scan: discovery: 1 once-macro found in 5 sources;" err &&
		grep -q "^rwonce scan: 0 findings; 3 site instances: ok 3," err
	'
done
test_done
