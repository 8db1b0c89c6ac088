#!/bin/sh
# The output contract's shared pieces, one by one through their test
# driver (test-tool findings, tests/helper/test-findings.c): the shared options of every command
# (-v[=N], --color[=WHEN], --json, the exit status in --help), the
# comment reader, rwonce-ignore suppressions, function spans, the
# fingerprint that survives unrelated edits, and reading a baseline.
. "$(dirname "$0")/lib/tap.sh"

findings_test() { "$TEST_TOOL" findings "$@"; }
FT=findings_test
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
F=$RWONCE_ROOT/tests/findings
cd "$TEST_TMP" || exit 1

opts() { "$FT" options "$@"; }

# ---- options ----
test_expect_success '-v, -vv, -v=N, -vN, --verbose[=N]' '
	opts -v | grep -q "verbose=1 " && opts -vv | grep -q "verbose=2 " &&
	opts -v=3 | grep -q "verbose=3 " && opts -v2 | grep -q "verbose=2 " &&
	opts --verbose | grep -q "verbose=1 " &&
	opts --verbose=4 | grep -q "verbose=4 "'
test_expect_success '-v never takes a file name as its level' '
	opts -v f.o | grep -q "verbose=1 .*args=f.o\$" &&
	opts -v 2 f.o | grep -q "verbose=2 .*args=f.o\$"'
test_expect_failure_msg '-v with a word that is not a level' \
	"option '-v' takes a level" 'opts -vx'
test_expect_success '--json is --format=json' '
	opts --json | grep -q "^format=json " &&
	opts --format=sarif | grep -q "^format=sarif "'
test_expect_success '--color: auto off when piped, always, never, alone' '
	opts | grep -q "color=0 colored=0" &&
	opts --color=always | grep -q "color=1 colored=1" &&
	NO_COLOR=1 opts --color=always | grep -q "colored=1" &&
	opts --color | grep -q "color=1 colored=1" &&
	opts --color=never | grep -q "color=2 colored=0"'
test_expect_failure_msg '--color with an unknown word' \
	"'sometimes' is not auto, always or never" 'opts --color=sometimes'
test_expect_success '--help ends with the exit status' '
	opts --help >h && tail -n 1 h | grep -q "^Exit status: 0 always\\.\$" &&
	grep -q -- "--verbose\\[=<N>\\]" h && grep -q -- "--color\\[=<WHEN>\\]" h'

# ---- comments ----
"$FT" comments "$F/comments.c" >comments.out
test_expect_success 'comments: strings and characters are not comments' '
	! grep -q "not //" comments.out && grep -q "^3-3:  two \"with quotes\"" comments.out'
test_expect_success 'comments: a block comment and a spliced // comment span lines' '
	grep -q "^4-5:  three" comments.out && grep -q "^6-7:  four, spliced" comments.out'
test_expect_success 'comments: an unterminated string ends at its line' '
	grep -q "^9-9:  five" comments.out && [ $(grep -c "^[0-9]" comments.out) = 5 ]'

# ---- suppressions ----
"$FT" suppressions "$F/suppress.c" >supp.out
test_expect_success 'rwonce-ignore on the line: that line and the next' '
	grep -qx "line 1 covers 1-2: \\[scan-torn\\] reason: a reason" supp.out'
test_expect_success 'several ids; a block comment: its lines and the next; the reason joined' '
	grep -qx "line 2 covers 2-4: \\[scan-torn\\] \\[volatile-cast\\] reason: copied in a retry loop, re-read until the version is stable" supp.out'
test_expect_success 'no reason: kept, and said' '
	grep -qx "line 5 covers 5-6: \\[access-once\\] reason: (none)" supp.out'
test_expect_success 'malformed markers suppress nothing and say why' '
	grep -q "^line 6 .*malformed: the brackets do not close" supp.out &&
	grep -q "^line 7 .*malformed: no .\\[. after" supp.out &&
	grep -q "^line 10 .*malformed: a rule id is missing" supp.out'
test_expect_success 'other words and strings are no markers' '
	! grep -q "^line 8 \\|^line 9 " supp.out'
test_expect_success 'two markers in one comment' '
	grep -qx "line 11 covers 11-12: \\[a\\] reason: (none)" supp.out &&
	grep -qx "line 11 covers 11-12: \\[b\\] reason: second" supp.out'

# ---- functions ----
"$FT" functions "$F/functions.c" >fn.out
test_expect_success 'function spans: bodies, attributes, not declarations or initializers' '
	printf "one 3-6\\ntwo 8-14\\nthree 17-17\\nSYSCALL_DEFINE1 18-21\\n" >fn.want &&
	diff -u fn.want fn.out'

# ---- fingerprints ----
# Each version of the file is a.c in a folder of its own: the path (made
# relative to --srcroot, the current folder) is part of the fingerprint.
mkdir v1 v2 v3 v4 v5 v6
printf 'int x;\nint f(void)\n{\n\treturn ACCESS_ONCE(x);\n}\n' >v1/a.c
fp() { (cd "$1" && shift && "$FT" fingerprint a.c "$@" | cut -d" " -f1); }
fp v1 4 9 23 access-once >fp1
test_expect_success 'the fingerprint names the function from the source' '
	(cd v1 && "$FT" fingerprint a.c 4 9 23 access-once) | grep -q " f\$"'
printf '/* a comment */\n#include <x.h>\n' | cat - v1/a.c >v2/a.c
test_expect_success 'lines inserted above: the same fingerprint' '
	fp v2 6 9 23 access-once >fp2 && cmp fp1 fp2'
sed 's/\treturn ACCESS_ONCE/\treturn   ACCESS_ONCE/' v1/a.c >v3/a.c
test_expect_success 'blanks changed around the site: the same fingerprint' '
	fp v3 4 11 25 access-once >fp3 && cmp fp1 fp3'
sed 's/int f(void)/int g(void)/' v1/a.c >v4/a.c
test_expect_success 'the function renamed: the same fingerprint (it tells only identical sites apart)' '
	fp v4 4 9 23 access-once >fp4 && cmp fp1 fp4'
sed "s/ACCESS_ONCE(x)/ACCESS_ONCE(y)/" v1/a.c >v5/a.c
test_expect_success 'another rule or another site text: another fingerprint' '
	fp v1 4 9 23 volatile-cast >fp5 && ! cmp -s fp1 fp5 &&
	fp v5 4 9 23 access-once >fp6 && ! cmp -s fp1 fp6'
cp v1/a.c v6/b.c
test_expect_success 'another file: another fingerprint' '
	(cd v6 && "$FT" fingerprint b.c 4 9 23 access-once) | cut -d" " -f1 >fp7 &&
	! cmp -s fp1 fp7'
test_expect_success 'scan gives the function itself' '
	(cd v1 && "$FT" fingerprint a.c 4 9 23 scan-torn inlined_into) | grep -q " inlined_into\$"'
test_expect_success 'a suppressed finding is marked' '
	printf "int x;\\nint f(void)\\n{\\n\\treturn ACCESS_ONCE(x); /* rwonce-ignore[access-once]: old */\\n}\\n" >s.c &&
	"$FT" fingerprint s.c 4 9 23 access-once 2>err | grep -q " suppressed\$" && ! test -s err'

# ---- baselines ----
test_expect_success 'baseline: rwonce JSON with fingerprints' '
	"$FT" baseline "$F/baseline-scan.json" scan | grep -qx "1 findings, 1 fingerprints"'
test_expect_success 'baseline: SARIF partialFingerprints' '
	"$FT" baseline "$F/baseline.sarif" audit | grep -qx "2 findings, 2 fingerprints"'
test_expect_success 'baseline: another command'"'"'s result is refused' '
	"$FT" baseline "$F/baseline-scan.json" audit | grep -q "a result of rwonce scan (rule .scan-torn.), not of rwonce audit"'
test_expect_success 'baseline: findings without fingerprints are refused' '
	"$FT" baseline "$F/baseline-old.json" audit | grep -q "1 of its 1 findings have no fingerprint"'
test_expect_success 'baseline: not JSON, not there' '
	"$FT" baseline "$F/comments.c" audit | grep -q "not valid JSON" &&
	"$FT" baseline nothere.json audit | grep -q "nothere.json: No such file"'
printf '{"foo": 1}' >other.json
test_expect_success 'baseline: JSON of something else' '
	"$FT" baseline other.json audit | grep -q "neither rwonce.s JSON"'

test_done
