#!/bin/sh
# Baselines as code scanning keeps alerts (rwonce(1), BASELINES):
# fingerprints (v3) of the rule, the file, the site's text, its line and
# its neighbours -- the function only for identical sites -- so renaming
# the enclosing function keeps a finding; an old rwonce's baseline (v2,
# function in the hash) is still read; --update-baseline writes the new
# one whole; SARIF results carry baselineState new, unchanged, absent.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd python3
cd "$TEST_TMP" || exit 1
R=$RWONCE
mkdir p
cat >p/a.c <<'C'
int flag, other;
int reader(void)
{
	return ACCESS_ONCE(flag);
}
int writer(int v)
{
	ACCESS_ONCE(other) = v;
	return v;
}
C
"$R" audit --format=json p >base.json 2>/dev/null
"$R" audit --format=sarif p >base.sarif 2>/dev/null

sed -i 's/^int reader(void)$/int read_flag(void)/' p/a.c
test_exit_msg 0 'the enclosing function renamed: the finding stays in the JSON baseline' \
	'2 in the baseline \(of its 2\)' "$R" audit --baseline base.json p
test_exit_msg 0 '... and in the SARIF baseline' \
	'2 in the baseline \(of its 2\)' "$R" audit --baseline base.sarif p

# an identical site in another function: the old one stays known, the
# copy is new
cat >>p/a.c <<'C'
int reader2(void)
{
	return ACCESS_ONCE(flag);
}
C
test_exit_msg 1 'an identical site added in another function is new, the old one is not' \
	'^p/a.c:13:9: warning: ACCESS_ONCE\(flag\).*1 in the baseline|1 finding in 1 of 1 file: access-once 1, 2 in the baseline' \
	"$R" audit --baseline base.json p
"$R" audit --baseline base.json p >o 2>/dev/null
test_expect_success '... and it is the copy (line 13) that is reported' '
	test "$(grep -c warning: o)" = 1 && grep -q "^p/a.c:13:9: warning:" o'

# the site's own line changed: another finding
sed -i 's/return ACCESS_ONCE(flag);$/return ACCESS_ONCE(flag) + 0;/' p/a.c
test_exit_msg 1 'the site'"'"'s own line changed: a new finding (control)' \
	'access-once 2, 1 in the baseline' "$R" audit --baseline base.json p

# a baseline of the rwonce before v3 (tests/findings: the golden output
# of tests/audit/rules as that rwonce wrote it) is still read, on the
# fixture files it names (the folder has grown since)
cd "$RWONCE_ROOT/tests/audit" || exit 1
ARGS="--enable all --macro CMM_ACCESS_ONCE=access-once --macro CMM_LOAD_SHARED=read-once"
V2=$RWONCE_ROOT/tests/findings/baseline-v2-rules
FILES=$(python3 -c 'import json,sys; print(" ".join(sorted({f["path"] for f in json.load(open(sys.argv[1]))["findings"]})))' "$V2.json")
n=$(grep -c '"fingerprint"' "$V2.json")
test_exit_msg 0 'an old rwonce'"'"'s JSON baseline (v2 fingerprints) still matches every finding' \
	"$n in the baseline \\(of its $n\\)" "$R" audit $ARGS --baseline "$V2.json" $FILES
test_exit_msg 0 '... and its SARIF baseline (rwonceFindingHash/v2)' \
	"$n in the baseline \\(of its $n\\)" "$R" audit $ARGS --baseline "$V2.sarif" $FILES
cd "$TEST_TMP" || exit 1

# --update-baseline
mkdir u && cp p/a.c u/a.c
test_exit_msg 0 '--update-baseline: exit 0, every finding now in the baseline' \
	'access-once|in the baseline \(of its 3\)' "$R" audit --update-baseline known.json u
test_expect_success '... the file is rwonce JSON with v3 fingerprints that the next run matches' '
	python3 -c "import json; d=json.load(open(\"known.json\")); assert d[\"fingerprint_version\"]==3; assert len(d[\"findings\"])+len(d.get(\"baselined\",[]))==3" &&
	"$R" audit --baseline known.json u >o 2>&1 && grep -q "3 in the baseline (of its 3)" o'
cp known.json known.keep
test_exit_msg 2 '--update-baseline to a folder that does not exist: exit 2, named' \
	'--update-baseline nodir/k.json: No such file' "$R" audit --update-baseline nodir/k.json u
test_expect_success '... and nothing is left half-written' '! test -e nodir && cmp known.json known.keep'

# SARIF baselineState: one finding removed, one added
sed -i 's/ACCESS_ONCE(other) = v;/(void)v;/' u/a.c
printf 'int late;\nint l(void)\n{\n\treturn ACCESS_ONCE(late);\n}\n' >>u/a.c
"$R" audit --format=sarif --baseline known.json u >state.sarif 2>/dev/null
test_expect_success 'SARIF baselineState: unchanged, new, and the removed one absent with its rule and place' '
	python3 - state.sarif <<'"'PY'"'
import json, sys
rs = json.load(open(sys.argv[1]))["runs"][0]["results"]
st = sorted((r["baselineState"], r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in rs)
assert [s[0] for s in st].count("unchanged") == 2, st
new = [s for s in st if s[0] == "new"]
assert new == [("new", "access-once", 18)], st
absent = [s for s in st if s[0] == "absent"]
assert absent == [("absent", "access-once", 8)], st
PY'
"$R" audit --format=sarif u >plain.sarif 2>/dev/null
test_expect_success 'no baseline: no baselineState' '! grep -q baselineState plain.sarif'
test_done
