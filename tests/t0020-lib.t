#!/bin/sh
# The shared helpers of src/lib/ that the commands run on, through
# test-tool lib (tests/helper/test-lib.c): the worker pool (every item once, results in
# order, per-worker state made and handed back once per worker), the one
# JSON string writer (valid UTF-8 whatever the bytes), the JSON reader
# (escapes, surrogate pairs, 64-bit numbers, where input is malformed),
# splitting on blanks, strbuf's formatting (against snprintf), and
# replacing a file whole (the new text or the
# old, never a mix, and no temporary file left behind).
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3

lib_test() { "$TEST_TOOL" lib "$@"; }
LT=lib_test
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"

pool_ok() { # NR JOBS WORKERS
	cat >"$TEST_TMP/want" <<OUT
items $1, ran twice 0, never 0
done calls $1, last count $1
in_order calls $1, out of order 0
workers $3, each ended once
OUT
	"$LT" pool "$1" "$2" >"$TEST_TMP/got" && diff -u "$TEST_TMP/want" "$TEST_TMP/got"
}
# Odd items take longer: on several workers later items finish first,
# and in_order still sees 0, 1, 2...
test_expect_success 'pool_run: 200 items on 4 workers, in order' 'pool_ok 200 4 4'
test_expect_success 'pool_run: never more workers than items' 'pool_ok 3 8 3'
test_expect_success 'pool_run: one worker (the calling thread)' 'pool_ok 5 1 1'
test_expect_success 'pool_run: no items, no worker' 'pool_ok 0 4 0'
test_expect_success 'pool queue: 500 items through a queue of 4 on 3 workers' '
	printf "items 500, ran twice 0, never 0\ndone calls 500, last count 500\nworkers 3, each ended once\n" >"$TEST_TMP/want" &&
	"$LT" queue 500 3 4 >"$TEST_TMP/got" && diff -u "$TEST_TMP/want" "$TEST_TMP/got"'

test_expect_success 'strbuf_addf, xasprintf, strbuf_add_uint, strbuf_addchars: snprintf'"'"'s text' '
	"$LT" strbuf >"$TEST_TMP/got" &&
	grep -qx "strbuf: 121 checks, 0 wrong" "$TEST_TMP/got" || { cat "$TEST_TMP/got"; false; }'

test_expect_success 'replace_file: the file holds the new text, its folder nothing else' '
	mkdir "$TEST_TMP/rf" && printf "old\n" >"$TEST_TMP/rf/f" &&
	printf "new text\n" | "$LT" replace "$TEST_TMP/rf/f" &&
	printf "new text\n" >"$TEST_TMP/want" && cmp "$TEST_TMP/want" "$TEST_TMP/rf/f" &&
	test "$(ls -A "$TEST_TMP/rf")" = f
'
test_expect_success 'replace_file: a folder that does not exist: the step and why' '
	{ printf "x" | "$LT" replace "$TEST_TMP/no/such/f" >"$TEST_TMP/got"; test $? = 1; } &&
	grep -q "^begin failed: No such file or directory" "$TEST_TMP/got"
'
test_expect_success 'replace_file: a name that is a folder: the old one stays, no temporary left' '
	mkdir -p "$TEST_TMP/rd/d" && : >"$TEST_TMP/rd/d/keep" &&
	{ printf "x" | "$LT" replace "$TEST_TMP/rd/d" >"$TEST_TMP/got"; test $? = 1; } &&
	grep -q "^commit failed: Is a directory" "$TEST_TMP/got" &&
	test -f "$TEST_TMP/rd/d/keep" && test "$(ls -A "$TEST_TMP/rd")" = d
'

test_expect_success 'JSON strings: escapes, UTF-8 kept, bad bytes U+FFFD' '
	printf "plain\nq\"uote\\\\back\ttab\n\001ctl\177\nutf8 \303\251 \342\234\223 \360\235\204\236\nbad \377\303( \355\240\200 end\n" |
		"$LT" json-write >"$TEST_TMP/got" &&
	cat >"$TEST_TMP/want" <<\OUT &&
"plain"
"q\"uote\\back\ttab"
"\u0001ctl\u007f"
"utf8 é ✓ 𝄞"
"bad \ufffd\ufffd( \ufffd\ufffd\ufffd end"
OUT
	diff -u "$TEST_TMP/want" "$TEST_TMP/got"'

test_expect_success 'JSON reader: escapes, surrogates, numbers, other values' '
	echo "{\"a\": \"x\\u00e9\\ud834\\udd1e\\ud800z\\/\", \"n\": [0, 18446744073709551615, true, null, -2.5e3], \"o\": {}}" |
		"$LT" json-read >"$TEST_TMP/got" &&
	cat >"$TEST_TMP/want" <<\OUT &&
key [a]
string 12 [xé𝄞�z/]
key [n]
number 0
number 18446744073709551615
other
other
other
key [o]
OUT
	diff -u "$TEST_TMP/want" "$TEST_TMP/got"'

# A JSON parser of another project reads every line as JSON and UTF-8.
if have_cmd python3; then
	test_expect_success 'JSON strings: what json_add_string writes, Python reads' '
		printf "plain\nq\"uote\\\\back\ttab\n\001ctl\177\nbad \377\303( \355\240\200 end\n" |
			"$LT" json-write >"$TEST_TMP/py" &&
		python3 -c "import json,sys; [json.loads(l) for l in open(sys.argv[1], encoding=\"utf-8\")]" "$TEST_TMP/py"'
else
	test_skip 'JSON strings: what json_add_string writes, Python reads' "$(missing_why python3)"
fi

bad_json() { # name input offset
	test_expect_success "JSON reader: $1 is malformed at byte $3" "
		printf '%s' '$2' | \"$LT\" json-read >'$TEST_TMP/got';
		test \$? = 1 && grep -qx 'malformed at byte $3' '$TEST_TMP/got'"
}
bad_json 'a number beyond 64 bits' '[18446744073709551616]' 20
bad_json 'an unknown escape' '"ab\q"' 4
bad_json 'a raw control character' '"a	b"' 2
bad_json 'an unterminated string' '"abc' 4
bad_json 'text after the value' '[1] x' 4
bad_json 'a missing colon' '{"a" 1}' 5

test_expect_success 'splitting on blanks: spaces and tabs, no quoting' '
	"$LT" split "  -a  -b	c " "" "\"x y\"" >"$TEST_TMP/got" &&
	printf "[-a]\n[-b]\n[c]\n[\"x]\n[y\"]\n" >"$TEST_TMP/want" &&
	diff -u "$TEST_TMP/want" "$TEST_TMP/got"'

test_done
