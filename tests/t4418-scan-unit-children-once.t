#!/bin/sh
# A unit's own children (every type, declaration and function of every
# header it includes: tens of thousands in a kernel unit) are walked
# once per unit and kept while the unit is scanned, though four readers
# need them: the function table of the inline chains, the functions
# attribution marks (why a site has no code), the index of the unit's
# names (typing an object the DWARF names), and a function by name
# (issue 35: each walk was 2-5% of scanning Debian's vmlinux).  The test
# hook RWONCE_TEST_SCAN_WALKS says how many units were read and how many
# of them had their children walked; the reports are those without it.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

set --
for f in probes/controls.c tests/scan/kernel-shape.c tests/scan/two-sites.c \
	 tests/scan/writes.c; do
	o=$TEST_TMP/$(basename "$f" .c).o
	gcc -O2 -g -fno-pic -I"$RWONCE_ROOT/probes" -I"$RWONCE_ROOT/include" \
		-c "$RWONCE_ROOT/$f" -o "$o" || exit 1
	set -- "$@" "$o"
done
probe_main_c "$TEST_TMP/main.c"
gcc -O2 -g -c "$TEST_TMP/main.c" -o "$TEST_TMP/main.o" || exit 1
gcc -O2 -g -no-pie -o "$TEST_TMP/prog" "$@" "$TEST_TMP/main.o" || exit 1

scan() { # NAME [ENV...]
	name=$1
	shift
	env "$@" "$RWONCE" scan $RAW_MACROS --no-progress -vv --color=never -j 1 \
		--output "json=$TEST_TMP/$name.json" "$TEST_TMP/prog" \
		>"$TEST_TMP/$name.out" 2>"$TEST_TMP/$name.err"
	echo $? >"$TEST_TMP/$name.rc"
}

test_expect_success 'five units read, each one'"'"'s children walked once at most, and some walked' '
	scan hook RWONCE_TEST_SCAN_WALKS=1 &&
	line=$(grep "^rwonce: test: .*/prog: [0-9]* units\{0,1\} read, the children of [0-9]* walked$" "$TEST_TMP/hook.err") &&
	units=$(echo "$line" | sed "s/.*: \([0-9]*\) units\{0,1\} read.*/\1/") &&
	walked=$(echo "$line" | sed "s/.*the children of \([0-9]*\) walked/\1/") &&
	echo "units $units, walked $walked" &&
	test "$units" = 5 &&
	test "$walked" -ge 1 && test "$walked" -le "$units" &&
	grep -q "; [1-9][0-9]* site instances: ok [1-9]" "$TEST_TMP/hook.err"
'

test_expect_success 'the reports are those of a run without the hook' '
	scan plain &&
	grep -v "^rwonce: test:" "$TEST_TMP/hook.err" >"$TEST_TMP/hook.err-" &&
	cp "$TEST_TMP/plain.err" "$TEST_TMP/plain.err-" &&
	for ext in out json rc err-; do
		cmp "$TEST_TMP/plain.$ext" "$TEST_TMP/hook.$ext" || return 1
	done
'

test_done
