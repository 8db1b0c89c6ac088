#!/bin/sh
# rwonce scan -j N shares the units of one file among the workers (each
# with its own libdw handles, taking the units in turns): on a linked
# program of several units and on a relocatable link (ld -r) of them,
# -j 2 and -j 3 print byte for byte what -j 1 prints, text and JSON, and
# the progress line on a terminal counts units.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd clang

CFLAGS="-O2 -g -fno-pic -I$RWONCE_ROOT/probes -I$RWONCE_ROOT/include"
for f in probes/controls.c probes/library.c tests/scan/kernel-shape.c \
	 tests/scan/two-sites.c tests/scan/formed-base.c tests/scan/writes.c; do
	clang $CFLAGS -c "$RWONCE_ROOT/$f" -o "$TEST_TMP/$(basename "$f" .c).o" || exit 1
done
probe_main_c "$TEST_TMP/main.c"
clang -O2 -g -c "$TEST_TMP/main.c" -o "$TEST_TMP/main.o"
OBJS="$TEST_TMP/controls.o $TEST_TMP/library.o $TEST_TMP/kernel-shape.o $TEST_TMP/two-sites.o $TEST_TMP/formed-base.o $TEST_TMP/writes.o"

# The same output for -j 1, 2 and 3: text, JSON, the summary on stderr.
same_for_every_j() { # file
	for fmt in text json; do
		for j in 1 2 3; do
			"$RWONCE" scan $RAW_MACROS --format=$fmt -j $j "$1" \
				>"$TEST_TMP/out.$fmt.$j" 2>"$TEST_TMP/err.$fmt.$j"
			echo $? >"$TEST_TMP/rc.$fmt.$j"
		done
		for j in 2 3; do
			cmp "$TEST_TMP/out.$fmt.1" "$TEST_TMP/out.$fmt.$j" &&
			cmp "$TEST_TMP/err.$fmt.1" "$TEST_TMP/err.$fmt.$j" &&
			cmp "$TEST_TMP/rc.$fmt.1" "$TEST_TMP/rc.$fmt.$j" || return 1
		done
	done
	test "$(cat "$TEST_TMP/rc.text.1")" = 1 &&
	grep -q "scan-torn" "$TEST_TMP/out.text.1"
}

test_expect_success 'a linked program of 7 units: -j 2 and -j 3 print what -j 1 prints' '
	clang -O2 -g -no-pie -o "$TEST_TMP/prog" $OBJS "$TEST_TMP/main.o" &&
	same_for_every_j "$TEST_TMP/prog" &&
	grep -q "1 of 1 file checked" "$TEST_TMP/err.text.1"
'

test_expect_success 'a relocatable link (ld -r) of the same units: the same for every -j' '
	ld -r -o "$TEST_TMP/all.o" $OBJS &&
	same_for_every_j "$TEST_TMP/all.o"
'

test_expect_success 'with other files: the split file and the rest, the same for every -j' '
	for j in 1 2 3; do
		"$RWONCE" scan $RAW_MACROS --json -j $j "$TEST_TMP/prog" $OBJS \
			>"$TEST_TMP/m.$j" 2>&1
	done
	grep -q "scan-torn" "$TEST_TMP/m.1" &&
	cmp "$TEST_TMP/m.1" "$TEST_TMP/m.2" && cmp "$TEST_TMP/m.1" "$TEST_TMP/m.3"
'

test_expect_success 'every unit is scanned once: the instances of the parts add up' '
	"$RWONCE" scan $RAW_MACROS -j 2 "$TEST_TMP/all.o" >/dev/null 2>"$TEST_TMP/one" ;
	"$RWONCE" scan $RAW_MACROS -j 2 $OBJS >/dev/null 2>"$TEST_TMP/many" ;
	a=$(sed -n "s/.*; \([0-9]*\) site instances: .*/\1/p" "$TEST_TMP/one") &&
	b=$(sed -n "s/.*; \([0-9]*\) site instances: .*/\1/p" "$TEST_TMP/many") &&
	test -n "$a" && test "$a" = "$b"
'

if have_cmd script; then
	test_expect_success 'the progress line on a terminal counts units' '
		script -qec "$RWONCE scan $RAW_MACROS -j 2 $TEST_TMP/prog" /dev/null >"$TEST_TMP/tty" ;
		grep -q "rwonce scan: [01]/1 files, [1-9][0-9]* units, [0-9]* instances" "$TEST_TMP/tty"
	'
else
	test_skip 'the progress line counts units' "$(missing_why script)"
fi

test_done
