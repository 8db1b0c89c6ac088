#!/bin/sh
# rwonce audit on the rule fixtures: text, JSON and SARIF against golden
# outputs (tests/audit/golden), so every rule and every message is pinned.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
G=$RWONCE_ROOT/tests/audit/golden
ARGS="-q --enable all --macro CMM_ACCESS_ONCE=access-once --macro CMM_LOAD_SHARED=read-once rules"
cd "$RWONCE_ROOT/tests/audit" || exit 1

# Exit status 1: there are findings.  Anything else fails the run.
run() { "$RWONCE" audit $ARGS "$@"; [ $? = 1 ]; }

test_expect_success 'text output matches the golden file' \
	"run >$TEST_TMP/out.txt && diff -u $G/rules.txt $TEST_TMP/out.txt"
test_expect_success 'JSON output matches the golden file' \
	"run --format=json >$TEST_TMP/out.json && diff -u $G/rules.json $TEST_TMP/out.json"
test_expect_success 'SARIF output matches the golden file' \
	"run --format=sarif | sed 's|\"file://[^\"]*/\"|\"file:///SRCROOT/\"|' >$TEST_TMP/out.sarif && diff -u $G/rules.sarif $TEST_TMP/out.sarif"

test_expect_success 'every rule of the lexical engine is covered' \
	"for r in access-once access-once-nonscalar volatile-cast double-fetch volatile-wrong-level; do grep -q \"\\[\$r\\]\" $G/rules.txt || exit 1; done"

if have_cmd python3; then
	test_expect_success 'JSON and text agree finding by finding' "
		python3 - $G/rules.json $G/rules.txt <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
t = [l.rstrip('\n') for l in open(sys.argv[2])]
mine = ['%s:%d:%d: %s: %s [%s]' % (f['path'], f['line'], f['column'], f['level'], f['message'], f['rule']) for f in j['findings']]
assert mine == t, (mine[:3], t[:3])
counts = {}
for f in j['findings']:
    counts[f['rule']] = counts.get(f['rule'], 0) + 1
for k, v in j['summary'].items():
    assert counts.get(k, 0) == v, k
PY"
	test_expect_success 'SARIF: stable rule ids, ruleIndex, relative URIs, regions, fingerprints' "
		python3 - $G/rules.sarif <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
assert s['version'] == '2.1.0'
run = s['runs'][0]
rules = run['tool']['driver']['rules']
ids = [r['id'] for r in rules]
assert ids[:4] == ['access-once', 'access-once-nonscalar', 'volatile-cast', 'double-fetch'], ids
assert run['originalUriBaseIds']['%SRCROOT%']['uri'].endswith('/')
fps = set()
for r in run['results']:
    assert rules[r['ruleIndex']]['id'] == r['ruleId']
    loc = r['locations'][0]['physicalLocation']
    assert loc['artifactLocation']['uriBaseId'] == '%SRCROOT%'
    assert not loc['artifactLocation']['uri'].startswith('/')
    assert loc['region']['startLine'] >= 1 and loc['region']['startColumn'] >= 1
    fp = r['partialFingerprints']['rwonceFindingHash/v3']
    assert fp not in fps, fp
    fps.add(fp)
    assert r['message']['text']
PY"
else
	test_skip 'JSON and text agree finding by finding' "$(missing_why python3)"
	test_skip 'SARIF: stable rule ids, ruleIndex, relative URIs, regions, fingerprints' "$(missing_why python3)"
fi

test_expect_success 'fixable instances are marked in JSON' \
	"grep -c '\"fixable\": true' $G/rules.json | grep -qx 19"
test_expect_success 'findings are the same with -j1 and -j4' \
	"run -j1 >$TEST_TMP/j1 && run -j4 >$TEST_TMP/j4 && cmp $TEST_TMP/j1 $TEST_TMP/j4"

test_done
