#!/bin/sh
# once_macros_find() turns away nearly every word of a tree by one test
# of a bit filter keyed on the word's first two bytes, last two and
# length (src/cfront/once-macros.c), where two tests -- the first two
# bytes, then the last byte and length -- each passed many words and
# cost the processor a wrong guess about every other one (audit's word
# check of every file without volatile, issue #35).  The filter must
# never turn a name away: every lookup -- the names, their starts and
# ends, one byte changed, random words -- answers as a search of every
# name does, for tables of random names of 1-40 bytes (some bytes not of
# identifiers, some from 0x80 up).  Then a name of one byte and one of
# two are found in a file by audit.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
"$TEST_TOOL" cfront macro-find >"$TEST_TMP/out" 2>&1
echo $? >"$TEST_TMP/rc"
test_expect_success 'a million lookups, each answered as the search of every name' "
	cat '$TEST_TMP/out' &&
	[ \"\$(cat '$TEST_TMP/rc')\" = 0 ] &&
	grep -Eq '^macro find: [0-9]{7,} lookups, 0 differ\$' '$TEST_TMP/out'"

mkdir "$TEST_TMP/tree" && cd "$TEST_TMP/tree" || exit 1
printf 'int f(int *p) { return Q(*p) + QR(*p); }\n' >a.c
"$RWONCE" audit --no-config --no-progress -j 1 --format=json \
	--macro Q=read --macro QR=read . >audit.json 2>audit.err
test_expect_success 'names of one and two bytes are sites' '
	cat audit.err &&
	grep -q "\"sites\": 2" audit.json'
test_done
