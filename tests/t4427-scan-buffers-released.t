#!/bin/sh
# What a worker holds between units (issue 35, memory flat in -j): the
# sources judging lexed for a unit (a published local's caller, read by
# source_sites_published_arg) are let go at the unit's end, and a row
# buffer grown past a bound is given back after its unit -- else each
# worker of -j kept the four largest sources and the largest unit's rows
# it ever met until its file's end.  The test hooks
# RWONCE_TEST_SCAN_TEXT_HELD (how many lexed sources were held at a
# unit's end, before and after they were let go) and
# RWONCE_TEST_SCAN_ROWS_KEPT=N (the bound, in rows, instead of 16384;
# what was given back and kept) say it on stderr; the reports are those
# of a run without the hooks.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
gcc -O2 -g -c "$RWONCE_ROOT/tests/scan/user-stack-node.c" -o sn.o || exit 1
gcc -O2 -g -fno-pic -I"$RWONCE_ROOT/include" \
	-c "$RWONCE_ROOT/tests/scan/kernel-shape.c" -o ks.o || exit 1
gcc -O2 -g -fno-pic -I"$RWONCE_ROOT/probes" -I"$RWONCE_ROOT/include" \
	-c "$RWONCE_ROOT/tests/scan/two-sites.c" -o ts.o || exit 1
ld -r -o all.o sn.o ks.o ts.o || exit 1

scan() { # NAME FILE [ENV...]: stdout, stderr (the hooks' lines apart), status
	name=$1 file=$2
	shift 2
	env "$@" "$RWONCE" scan $RAW_MACROS --no-progress --no-source -v --json \
		-j 1 "$file" >"$name.out" 2>"$name.err"
	echo $? >"$name.rc"
	grep '^rwonce: test: ' "$name.err" >"$name.hook"
	grep -v '^rwonce: test: ' "$name.err" >"$name.err-"
}

same() { # A B
	cmp "$1.out" "$2.out" && cmp "$1.err-" "$2.err-" && cmp "$1.rc" "$2.rc"
}

test_expect_success 'a published local judged: its caller'"'"'s source was lexed in the unit, and let go at its end' '
	scan base sn.o &&
	grep -q "its address also taken at .*: published" base.out &&
	scan held sn.o RWONCE_TEST_SCAN_TEXT_HELD=1 &&
	cat held.hook &&
	test "$(cat held.hook)" = "rwonce: test: sn.o: lexed sources held at a unit'"'"'s end: at most 1, after it 0" &&
	same base held
'

test_expect_success 'three units: every row buffer over 4 rows given back after its unit' '
	scan base3 all.o &&
	scan rows all.o RWONCE_TEST_SCAN_ROWS_KEPT=4 &&
	cat rows.hook &&
	test "$(cat rows.hook)" = "rwonce: test: all.o: row buffers given back after 3 units; at most 0 rows kept between units" &&
	same base3 rows
'

test_expect_success 'the default bound keeps a small unit'"'"'s rows for the next' '
	scan kept all.o RWONCE_TEST_SCAN_ROWS_KEPT=100000 &&
	cat kept.hook &&
	test "$(wc -l <kept.hook)" = 1 &&
	grep -q "^rwonce: test: all.o: row buffers given back after 0 units; at most [1-9][0-9]* rows kept between units$" kept.hook &&
	same base3 kept
'

test_done
