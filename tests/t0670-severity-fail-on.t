#!/bin/sh
# Severity levels per rule (issue 34 point 4): error for what can tear or
# is not one access (access-once-nonscalar, once-size, volatile-aggregate,
# scan's torn/duplicated/widened), warning for double-fetch and the
# deprecated access-once, note for the style rule volatile-cast -- one
# fact in src/findings/rules.def, shown in every format (text, JSON,
# SARIF result level and defaultConfiguration, HTML); --fail-on LEVEL
# makes only findings at or above it count for exit 1.  Before, every
# finding was a "warning" everywhere and any finding exited 1.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3
requires clang clang

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
have_cmd python3 || skip_all "$(missing_why python3)"
export NO_PROGRESS=1
cd "$TEST_TMP" || exit 1

cat >levels.c <<'C'
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
struct pair { int a, b; };
struct pair pr;
int flag;
int get(void) { return *(volatile int *)&flag; }
struct pair both(void) { return ACCESS_ONCE(pr); }
C
printf 'int flag;\nint get(void) { return *(volatile int *)&flag; }\n' >style.c

# ---- the levels in every format ----
"$RWONCE" audit levels.c >levels.txt 2>levels.err
test_expect_success 'text: error, warning and note by rule, gcc-style' '
	grep -q "^levels.c:6:[0-9]*: error: .*\[access-once-nonscalar\]$" levels.txt &&
	grep -q "^levels.c:6:[0-9]*: warning: .*\[access-once\]$" levels.txt &&
	grep -q "^levels.c:5:[0-9]*: note: .*\[volatile-cast\]$" levels.txt &&
	! grep -q ": warning: .*\[access-once-nonscalar\]" levels.txt
'
test_expect_success '--list-rules: each rule with its level, as rules.def says' '
	"$RWONCE" audit --list-rules >rules.list &&
	for r in access-once:warning access-once-nonscalar:error volatile-cast:note double-fetch:warning once-size:error volatile-aggregate:error volatile-wrong-level:error; do
		grep -Eq "^${r%%:*} +(on|off) +${r#*:} " rules.list || { echo "$r"; exit 1; }
	done &&
	grep -c "^RULE(" "$RWONCE_ROOT/src/findings/rules.def" >n.def &&
	test "$(grep -Ec "LEVEL_(ERROR|WARNING|NOTE)," "$RWONCE_ROOT/src/findings/rules.def")" = "$(cat n.def)"
'
test_expect_success 'JSON: every finding has its rule'"'"'s level' '
	"$RWONCE" audit --json levels.c >levels.json; test $? = 1 &&
	python3 - levels.json rules.list <<-PY
	import json, sys
	lv = {l.split()[0]: l.split()[2] for l in open(sys.argv[2])}
	f = json.load(open(sys.argv[1]))["findings"]
	assert len(f) == 3, f
	for x in f:
	    assert x["level"] == lv[x["rule"]], x
	PY
'
test_expect_success 'SARIF: result level and each rule'"'"'s defaultConfiguration.level' '
	"$RWONCE" audit --format=sarif levels.c >levels.sarif; test $? = 1 &&
	python3 - levels.sarif rules.list <<-PY
	import json, sys
	lv = {l.split()[0]: l.split()[2] for l in open(sys.argv[2])}
	run = json.load(open(sys.argv[1]))["runs"][0]
	rules = run["tool"]["driver"]["rules"]
	audit = [r for r in lv if not r.startswith("scan-")]
	assert sorted(r["id"] for r in rules) == sorted(audit), rules
	for r in rules:
	    assert r["defaultConfiguration"]["level"] == lv[r["id"]], r["id"]
	    sev = r["properties"]["problem.severity"]
	    assert sev == {"note": "recommendation"}.get(lv[r["id"]], lv[r["id"]]), sev
	levels = sorted(x["level"] for x in run["results"])
	assert levels == ["error", "note", "warning"], levels
	for x in run["results"]:
	    assert x["level"] == lv[x["ruleId"]], x
	PY
'
test_expect_success 'HTML: each finding and the rule table show the level' '
	"$RWONCE" audit --format=html levels.c >levels.html; test $? = 1 &&
	grep -q "data-level=\"error\"" levels.html &&
	grep -q "data-level=\"note\"" levels.html &&
	grep -q "<span class=\"level warning\">warning</span>" levels.html
'

# ---- --fail-on ----
test_exit_msg 1 'default (note): a style note alone fails, as before' \
	'note: .*\[volatile-cast\]' "$RWONCE" audit style.c
test_exit_msg 0 '--fail-on warning: a note alone does not; a line says so' \
	'1 finding below --fail-on=warning, not counted in the exit status' \
	"$RWONCE" audit --fail-on warning style.c
test_exit_msg 0 '--fail-on error: still reported in the output' \
	'^style.c:2:[0-9]*: note: ' "$RWONCE" audit --fail-on error style.c
test_exit_msg 1 '--fail-on error: an error fails' \
	'2 findings below --fail-on=error' "$RWONCE" audit --fail-on error levels.c
test_exit_msg 1 '--fail-on warning: the warning and the error count' \
	'1 finding below --fail-on=warning' "$RWONCE" audit --fail-on warning levels.c
test_exit_msg 2 '--fail-on of an unknown level: exit 2, naming it' \
	"unknown level 'fatal' \\(error, warning or note\\)" \
	"$RWONCE" audit --fail-on fatal style.c
test_expect_success '--fail-on with --baseline: only new findings at the level count' '
	"$RWONCE" audit --json style.c >base.json; test $? = 1 &&
	"$RWONCE" audit --fail-on error --baseline base.json levels.c >b.out 2>&1; test $? = 1 &&
	"$RWONCE" audit --fail-on error --baseline base.json style.c >b2.out 2>&1
'

# ---- scan: its verdicts are errors ----
if have_cmd clang; then
	cat >t.c <<'C'
struct pair { unsigned a, b; };
struct pair p;
unsigned f(void) { struct pair v = *(volatile struct pair *)&p; return v.a + v.b; }
C
	clang -O2 -g -c t.c -o t.o
	test_exit_msg 1 'scan: a torn site is an error, and fails --fail-on error' \
		'^t.c:3:36: error: .*torn \[scan-torn\]' "$RWONCE" scan --fail-on error t.o
	test_expect_success 'scan JSON and SARIF: level error' '
		"$RWONCE" scan --json t.o >t.json; test $? = 1 &&
		"$RWONCE" scan --format=sarif t.o >t.sarif; test $? = 1 &&
		python3 - t.json t.sarif <<-PY
		import json, sys
		assert [x["level"] for x in json.load(open(sys.argv[1]))["findings"]] == ["error"]
		run = json.load(open(sys.argv[2]))["runs"][0]
		assert [x["level"] for x in run["results"]] == ["error"]
		assert all(r["defaultConfiguration"]["level"] == "error"
		           for r in run["tool"]["driver"]["rules"])
		PY
	'
else
	test_skip 'scan: a torn site is an error' "$(missing_why clang)"
	test_skip 'scan JSON and SARIF: level error' "$(missing_why clang)"
fi

test_done
