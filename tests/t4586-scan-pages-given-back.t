#!/bin/sh
# scan gives a linked file's pages back to the page cache every few
# units (t4410), but only those of the sections the walk reads once, in
# the file's order: each unit's DIEs, abbreviations, line program,
# ranges, locations and code.  The pages every unit reads again --
# .debug_str and .debug_line_str for names, the ELF header and section
# table, the symbol tables -- stay: given back with the whole mapping
# they were read again after each drop (on Debian's 6.1 vmlinux two
# thirds of the file's page faults).  RWONCE_TEST_SCAN_DROPS says which
# sections are given back, and how many whole pages of each.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

gcc -O2 -g -fno-pic -I"$RWONCE_ROOT/probes" -I"$RWONCE_ROOT/include" \
	-c "$RWONCE_ROOT/tests/scan/kernel-shape.c" -o "$TEST_TMP/k.o" || exit 1
probe_main_c "$TEST_TMP/main.c"
gcc -O2 -g -c "$TEST_TMP/main.c" -o "$TEST_TMP/main.o" || exit 1
gcc -O2 -g -no-pie -o "$TEST_TMP/prog" "$TEST_TMP/k.o" "$TEST_TMP/main.o" || exit 1
ld -r -o "$TEST_TMP/all.o" "$TEST_TMP/k.o" "$TEST_TMP/main.o" || exit 1

scan() { # NAME FILE [ENV...]
	name=$1 file=$2
	shift 2
	env "$@" "$RWONCE" scan $RAW_MACROS --no-progress --color=never -j 1 \
		--json "$file" >"$TEST_TMP/$name.out" 2>"$TEST_TMP/$name.err"
	echo $? >"$TEST_TMP/$name.rc"
}

test_expect_success 'a linked program: the sections read once are given back' '
	scan drops "$TEST_TMP/prog" RWONCE_TEST_SCAN_DROPS=1 &&
	grep "^rwonce: test: .*: pages given back: " "$TEST_TMP/drops.err" |
		sed "s/.*: pages given back: //; s/, [0-9]*\$//" | sort -u \
		>"$TEST_TMP/given" &&
	grep -qx "\.debug_info" "$TEST_TMP/given" &&
	grep -qx "\.debug_line" "$TEST_TMP/given" &&
	grep -qx "\.text" "$TEST_TMP/given"
'

test_expect_success 'the sections every unit reads are kept' '
	for s in .debug_str .debug_line_str .symtab .strtab; do
		! grep -qx "$s" "$TEST_TMP/given" || return 1
	done
'

test_expect_success 'a relocatable object: nothing given back (its pages are written)' '
	scan rel "$TEST_TMP/all.o" RWONCE_TEST_SCAN_DROPS=1 &&
	! grep -q "pages given back" "$TEST_TMP/rel.err"
'

test_expect_success 'the report is the same with the hook' '
	scan base "$TEST_TMP/prog" &&
	cmp "$TEST_TMP/base.out" "$TEST_TMP/drops.out" &&
	cmp "$TEST_TMP/base.rc" "$TEST_TMP/drops.rc" &&
	grep -v "^rwonce: test: " "$TEST_TMP/drops.err" | cmp - "$TEST_TMP/base.err"
'

test_done
