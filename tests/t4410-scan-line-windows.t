#!/bin/sh
# scan's memory does not grow with the file (issue 35): the line tables
# scan does not decode itself (t4415) are read through a libdw handle
# that is ended every so many rows (the
# module's handle, which reads the DIEs, never reads one: libdw keeps
# every table it decoded until its handle ends), and a linked file's
# pages go back to the page cache every few units (not a relocatable
# object's, which libdwfl relocated in a written copy).  The test hook
# RWONCE_TEST_SCAN_LINES_WINDOW=1 leaves every table to libdw, makes both
# happen at every unit and says so on stderr: the output, text, JSON and SARIF, at -j 1 and -j 2,
# must be byte for byte the default run's -- a row, a file name or an
# inline chain's call file kept past its unit would read freed memory.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

OBJS=
for f in probes/controls.c probes/library.c tests/scan/kernel-shape.c \
	 tests/scan/two-sites.c tests/scan/formed-base.c tests/scan/writes.c; do
	o=$TEST_TMP/$(basename "$f" .c)
	# clang's DWARF 5 (file 0 is the unit's own source, with MD5s) and
	# gcc's (file 1 is): the file table both ways
	clang -O2 -g -fno-pic -I"$RWONCE_ROOT/probes" -I"$RWONCE_ROOT/include" \
		-c "$RWONCE_ROOT/$f" -o "$o.clang.o" || exit 1
	gcc -O2 -g -fno-pic -I"$RWONCE_ROOT/probes" -I"$RWONCE_ROOT/include" \
		-c "$RWONCE_ROOT/$f" -o "$o.gcc.o" || exit 1
	OBJS="$OBJS $(basename "$f" .c)"
done
probe_main_c "$TEST_TMP/main.c"
for cc in clang gcc; do
	$cc -O2 -g -c "$TEST_TMP/main.c" -o "$TEST_TMP/main.$cc.o" || exit 1
	set --
	for o in $OBJS; do set -- "$@" "$TEST_TMP/$o.$cc.o"; done
	$cc -O2 -g -no-pie -o "$TEST_TMP/prog.$cc" "$@" "$TEST_TMP/main.$cc.o" || exit 1
	ld -r -o "$TEST_TMP/all.$cc.o" "$@" || exit 1
done

scan() { # NAME JOBS FILE [ENV...]: the three reports, stdout, stderr, status
	name=$1 j=$2 file=$3
	shift 3
	env "$@" "$RWONCE" scan $RAW_MACROS --no-progress -v --color=never -j "$j" \
		--output "text=$TEST_TMP/$name.txt" --output "json=$TEST_TMP/$name.json" \
		--output "sarif=$TEST_TMP/$name.sarif" "$file" \
		>"$TEST_TMP/$name.out" 2>"$TEST_TMP/$name.err"
	echo $? >"$TEST_TMP/$name.rc"
}

# the hook's lines apart, the same five files and status (stderr sorted
# for -j 2, whose -v notes come in the order the workers reach them)
same() { # A B [sorted]
	grep -v '^rwonce: test: ' "$TEST_TMP/$2.err" | ${3:-cat} >"$TEST_TMP/$2.err-"
	${3:-cat} <"$TEST_TMP/$1.err" >"$TEST_TMP/$1.err-"
	for ext in txt json sarif out rc; do
		cmp "$TEST_TMP/$1.$ext" "$TEST_TMP/$2.$ext" || return 1
	done
	cmp "$TEST_TMP/$1.err-" "$TEST_TMP/$2.err-"
}

# something was checked: instances found ok, and in clang's code torn ones
# (gcc 12 makes none of them torn)
checked() { # NAME
	grep -q "; [1-9][0-9]* site instances: ok [1-9][0-9]*, " "$TEST_TMP/$1.err" &&
	grep -q "\"verdict\": \"ok\"" "$TEST_TMP/$1.json" &&
	case $1 in
	*clang) grep -q "scan-torn" "$TEST_TMP/$1.txt" &&
		grep -q "; [0-9]* site instances: ok [0-9]*, torn [1-9]" "$TEST_TMP/$1.err" ;;
	esac
}

# The hook says what it did once for discovery's pass over the units and
# once for the scan's (at -j 2: once per worker each).  Discovery reads
# each unit's file table from its line table's header and decodes no
# line program: no handle of its own (t4412).
for cc in clang gcc; do
	test_expect_success "$cc, a linked program of 7 units: a line-table handle and the pages given back at every unit" '
		scan base.$cc 1 "$TEST_TMP/prog.$cc" &&
		! grep -q "^rwonce: test:" "$TEST_TMP/base.$cc.err" &&
		scan w1.$cc 1 "$TEST_TMP/prog.$cc" RWONCE_TEST_SCAN_LINES_WINDOW=1 &&
		grep "^rwonce: test:" "$TEST_TMP/w1.$cc.err" >"$TEST_TMP/hook" &&
		test "$(wc -l <"$TEST_TMP/hook")" = 2 &&
		test "$(grep -c ": 7 units read, line tables through 7 handles (6 walk steps), pages given back 13 times$" "$TEST_TMP/hook")" = 1 &&
		test "$(grep -c ": 7 units read, line tables through 0 handles (0 walk steps), pages given back 7 times$" "$TEST_TMP/hook")" = 1
	'

	test_expect_success "$cc: the output is the same, text, JSON and SARIF, at -j 1 and -j 2" '
		checked base.$cc &&
		same base.$cc w1.$cc &&
		scan w1j2.$cc 2 "$TEST_TMP/prog.$cc" RWONCE_TEST_SCAN_LINES_WINDOW=1 &&
		test "$(grep -c "^rwonce: test:" "$TEST_TMP/w1j2.$cc.err")" = 4 &&
		same base.$cc w1j2.$cc sort
	'

	test_expect_success "$cc, a relocatable link (ld -r): a handle at every unit, its written pages kept" '
		scan rbase.$cc 1 "$TEST_TMP/all.$cc.o" &&
		scan r1.$cc 1 "$TEST_TMP/all.$cc.o" RWONCE_TEST_SCAN_LINES_WINDOW=1 &&
		test "$(grep -c ": 6 units read, line tables through 6 handles (0 walk steps), pages given back 0 times$" "$TEST_TMP/r1.$cc.err")" = 1 &&
		test "$(grep -c ": 6 units read, line tables through 0 handles (0 walk steps), pages given back 0 times$" "$TEST_TMP/r1.$cc.err")" = 1 &&
		checked rbase.$cc &&
		same rbase.$cc r1.$cc
	'
done

test_expect_success 'a window of many rows: one handle for the whole program' '
	scan big 1 "$TEST_TMP/prog.clang" RWONCE_TEST_SCAN_LINES_WINDOW=1000000 &&
	test "$(grep -c ": 7 units read, line tables through 1 handle (0 walk steps), pages given back 7 times$" "$TEST_TMP/big.err")" = 1 &&
	test "$(grep -c ": 7 units read, line tables through 0 handles (0 walk steps), pages given back 7 times$" "$TEST_TMP/big.err")" = 1 &&
	same base.clang big
'

test_done
