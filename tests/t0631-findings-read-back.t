#!/bin/sh
# An earlier run's findings are read back in one place (issue 36, point
# 2): findings_read_json() (src/findings/read-json.c) reads rwonce's JSON
# and SARIF for --baseline and for fix --from-scan; baseline.c has no JSON
# reader of its own.  One reader means one answer to "is this rwonce's
# output?": a findings list of non-objects, or a line that is no number,
# is refused as the wrong shape with the byte where it goes wrong (the
# baseline's own reader took both as an empty or a lineless baseline).
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1

test_expect_success 'only read-json.c reads JSON in src/findings/' "
	grep -l 'json_reader_init\|json_read_string' '$RWONCE_ROOT'/src/findings/*.c >readers &&
	test \"\$(sed 's|.*/||' readers)\" = read-json.c"
test_expect_success 'baseline.c reads through findings_read_json()' "
	grep -q 'findings_read_json(' '$RWONCE_ROOT/src/findings/baseline.c' &&
	grep -q 'findings_read_json(' '$RWONCE_ROOT/src/fix/from-scan.c'"

printf 'int x;\nint f(void) { return ACCESS_ONCE(x); }\n' >a.c
test_expect_success 'a JSON baseline and a SARIF one, read back: the finding is baselined' "
	'$RWONCE' audit -q --format=json a.c >base.json;
	'$RWONCE' audit -q --format=sarif a.c >base.sarif;
	'$RWONCE' audit --baseline base.json a.c >out 2>err &&
	grep -q '1 in the baseline' err &&
	'$RWONCE' audit --baseline base.sarif a.c >out 2>err &&
	grep -q '1 in the baseline' err"

printf '{"findings": [1, 2]}\n' >items.json
test_exit_msg 2 'a findings list of numbers: not the shape of a baseline, at the first' \
	'--baseline items\.json: valid JSON, but not the shape of a baseline \(at byte 14\)' \
	"$RWONCE" audit -q --baseline items.json a.c
sed 's/"line": [0-9]*/"line": "three"/' base.json >line.json
test_expect_success '... a line that is no number: the same' "
	'$RWONCE' audit -q --baseline line.json a.c >out 2>err; test \$? = 2 &&
	grep -q 'line\.json: valid JSON, but not the shape of a baseline (at byte [0-9]*)' err"
test_expect_success '... and fix --from-scan refuses it with the same reader' "
	'$RWONCE' fix --from-scan line.json >out 2>err; test \$? = 2 &&
	grep -q 'line.json is not the JSON of rwonce scan --json (malformed near byte [0-9]*)' err"
test_done
