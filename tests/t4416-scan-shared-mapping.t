#!/bin/sh
# The workers of -j that read one linked file's units at once read it
# through one read-only mapping, and share one index of its symbols
# (issue 35: scan's memory flat in -j): libdwfl's handles are each
# worker's own, but the pages of DWARF, strings and symbols they read are
# resident once, not once per worker.  The test hook
# RWONCE_TEST_SCAN_SHARED_MAP says, as each mapping is given back, how
# many workers it served and whether the symbol index was shared.  A
# program at -j 2 is read through such mappings by both workers, in both
# of scan's passes (discovery's and the scan's), its code's symbols
# indexed once; a relocatable object (relocated in place by libdwfl, a
# written copy each) is not; and the reports are -j 1's.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

set --
for f in probes/controls.c probes/library.c tests/scan/kernel-shape.c \
	 tests/scan/two-sites.c tests/scan/writes.c; do
	o=$TEST_TMP/$(basename "$f" .c).o
	gcc -O2 -g -fno-pic -I"$RWONCE_ROOT/probes" -I"$RWONCE_ROOT/include" \
		-c "$RWONCE_ROOT/$f" -o "$o" || exit 1
	set -- "$@" "$o"
done
probe_main_c "$TEST_TMP/main.c"
gcc -O2 -g -c "$TEST_TMP/main.c" -o "$TEST_TMP/main.o" || exit 1
gcc -O2 -g -no-pie -o "$TEST_TMP/prog" "$@" "$TEST_TMP/main.o" || exit 1
ld -r -o "$TEST_TMP/all.o" "$@" || exit 1

scan() { # NAME JOBS FILE [ENV...]
	name=$1 j=$2 file=$3
	shift 3
	env "$@" "$RWONCE" scan $RAW_MACROS --no-progress -v --color=never -j "$j" \
		--output "json=$TEST_TMP/$name.json" \
		--output "sarif=$TEST_TMP/$name.sarif" "$file" \
		>"$TEST_TMP/$name.out" 2>"$TEST_TMP/$name.err"
	echo $? >"$TEST_TMP/$name.rc"
}

# the workers a pass's mappings served, added up (2 shares a pass: one
# mapping for both, or one each when a worker was done before the other
# began)
served() { # NAME
	sed -n 's/^rwonce: test: one mapping for \([0-9]*\) workers\{0,1\};.*/\1/p' \
		"$TEST_TMP/$1.err" | awk '{ n += $1 } END { print n + 0 }'
}

test_expect_success 'a program at -j 2: both passes read it through shared mappings, its symbols indexed once' '
	scan j2 2 "$TEST_TMP/prog" RWONCE_TEST_SCAN_SHARED_MAP=1 &&
	test "$(served j2)" = 4 &&
	grep -q "^rwonce: test: one mapping for [12] workers\{0,1\}; symbol indexes shared: code yes, " "$TEST_TMP/j2.err" &&
	! grep "^rwonce: test: .*: no$" "$TEST_TMP/j2.err" &&
	grep -q "; [1-9][0-9]* site instances: ok [1-9]" "$TEST_TMP/j2.err"
'

test_expect_success 'its reports are those of -j 1, which maps it its own way' '
	scan j1 1 "$TEST_TMP/prog" RWONCE_TEST_SCAN_SHARED_MAP=1 &&
	! grep -q "^rwonce: test:" "$TEST_TMP/j1.err" &&
	grep -v "^rwonce: test:" "$TEST_TMP/j2.err" | sort >"$TEST_TMP/j2.err-" &&
	sort "$TEST_TMP/j1.err" >"$TEST_TMP/j1.err-" &&
	for ext in json sarif out rc err-; do
		cmp "$TEST_TMP/j1.$ext" "$TEST_TMP/j2.$ext" || return 1
	done
'

test_expect_success 'a relocatable object at -j 2: each worker its own relocated copy' '
	scan r2 2 "$TEST_TMP/all.o" RWONCE_TEST_SCAN_SHARED_MAP=1 &&
	! grep -q "^rwonce: test:" "$TEST_TMP/r2.err" &&
	scan r1 1 "$TEST_TMP/all.o" &&
	cmp "$TEST_TMP/r1.out" "$TEST_TMP/r2.out" &&
	cmp "$TEST_TMP/r1.json" "$TEST_TMP/r2.json" &&
	grep -q "; [1-9][0-9]* site instances: ok [1-9]" "$TEST_TMP/r2.err"
'

# Split DWARF: the units are skeletons whose DIEs are in .dwo files,
# which libdw looks for by the file's folder -- which an ELF read from
# memory does not have: not shared (nor a file naming a dwz file).
test_expect_success 'a split-DWARF program (clang -gsplit-dwarf, gcc -gdwarf-4 -gsplit-dwarf) is not shared; its reports are -j 1s' '
	mkdir -p "$TEST_TMP/split" && cd "$TEST_TMP/split" &&
	for cc in "clang -gdwarf-5" "gcc -gdwarf-4"; do
		set -- &&
		for f in probes/controls.c tests/scan/two-sites.c; do
			o=$(basename "$f" .c).o &&
			$cc -O2 -g -gsplit-dwarf -fno-pic -I"$RWONCE_ROOT/probes" \
				-I"$RWONCE_ROOT/include" -c "$RWONCE_ROOT/$f" -o "$o" &&
			set -- "$@" "$o" || return 1
		done &&
		$cc -O2 -g -gsplit-dwarf -c "$TEST_TMP/main.c" -o main.o &&
		$cc -O2 -g -gsplit-dwarf -no-pie -o prog "$@" main.o &&
		scan s2 2 "$TEST_TMP/split/prog" RWONCE_TEST_SCAN_SHARED_MAP=1 &&
		! grep -q "^rwonce: test:" "$TEST_TMP/s2.err" &&
		grep -q "; [1-9][0-9]* site instances: " "$TEST_TMP/s2.err" &&
		scan s1 1 "$TEST_TMP/split/prog" &&
		cmp "$TEST_TMP/s1.out" "$TEST_TMP/s2.out" &&
		cmp "$TEST_TMP/s1.json" "$TEST_TMP/s2.json" || return 1
	done
'

test_done
