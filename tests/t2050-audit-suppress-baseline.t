#!/bin/sh
# rwonce audit: findings suppressed by rwonce-ignore[RULE]: reason
# comments (on the line or the line above), and --baseline FILE (an
# earlier --format=json or SARIF result): only new findings are
# reported, matched by fingerprints that survive unrelated edits.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1
mkdir p
cat >p/a.c <<'C'
int flag, counter;
int f(void)
{
	return ACCESS_ONCE(flag);
}
int g(void)
{
	/* rwonce-ignore[access-once]: kept for the old compiler,
	 * until the driver is rewritten */
	return ACCESS_ONCE(counter);
}
int h(void)
{
	return ACCESS_ONCE(flag); // rwonce-ignore[volatile-cast, access-once]: two ids
}
struct two { int a, b; } pair;
struct two k(void)
{
	// rwonce-ignore[access-once]: only this rule
	return ACCESS_ONCE(pair);
}
C
audit() { "$RWONCE" audit "$@"; }

audit p >out 2>err; rc=$?
test_expect_success 'a suppressed finding is not reported; the others are (exit 1)' '
	[ $rc = 1 ] && grep -q "^p/a.c:4:9: warning: .*\\[access-once\\]" out &&
	! grep -q "^p/a.c:10:" out && ! grep -q "^p/a.c:14:" out'
test_expect_success 'a suppression names its rules: another rule at the site is reported' '
	grep -q "^p/a.c:20:9: error: .*\\[access-once-nonscalar\\]" out &&
	! grep -q "^p/a.c:20:9: [a-z]*: .*\\[access-once\\]" out'
test_expect_success 'the summary counts the suppressed findings' '
	grep -q "^rwonce audit: 2 findings in 1 of 1 file: access-once 1, access-once-nonscalar 1, 3 suppressed\$" err'
test_expect_success '-v lists them with their reasons' '
	audit -v p >vout 2>/dev/null;
	grep -q "^p/a.c:10:9: note: suppressed (kept for the old compiler, until the driver is rewritten): ACCESS_ONCE(counter)" vout &&
	grep -q "^p/a.c:14:9: note: suppressed (two ids): " vout &&
	grep -q "^p/a.c:20:9: note: suppressed (only this rule): .*\\[access-once\\]" vout'
test_expect_success 'JSON: the suppressed findings in "suppressed", with the justification' '
	audit --format=json p >j.json 2>/dev/null;
	grep -q "\"suppressed\": \\[" j.json &&
	grep -q "\"line\": 10, .*\"justification\": \"kept for the old compiler, until the driver is rewritten\"" j.json &&
	grep -q "\"summary\": {\"access-once\": 1, \"access-once-nonscalar\": 1," j.json'
test_expect_success 'SARIF: suppressions of kind inSource with the justification' '
	audit --format=sarif p >s.sarif 2>/dev/null;
	grep -q "\"suppressions\": \\[ { \"kind\": \"inSource\", \"justification\": \"two ids\" } \\]" s.sarif &&
	[ $(grep -c "\"suppressions\"" s.sarif) = 3 ]'

printf 'int x;\nint f(void)\n{\n\treturn ACCESS_ONCE(x); // rwonce-ignore[access-once]\n}\n' >noreason.c
test_expect_success 'a suppression without a reason still works, with a warning' '
	audit noreason.c >o 2>e; [ $? = 0 ] && ! test -s o &&
	grep -q "^rwonce: warning: noreason.c:4: rwonce-ignore\\[access-once\\] gives no reason" e'
printf 'int x;\nint f(void)\n{\n\treturn ACCESS_ONCE(x); // rwonce-ignore[acess-once]: typo\n}\n' >typo.c
test_expect_success 'an unknown rule id suppresses nothing, with a warning' '
	audit typo.c >o 2>e; [ $? = 1 ] && grep -q "access-once" o &&
	grep -q "rwonce-ignore\\[acess-once\\]: no rule has that id" e'
printf 'int x;\nint f(void)\n{\n\treturn ACCESS_ONCE(x); // rwonce-ignore[access-once: no bracket\n}\n' >bad.c
test_expect_success 'a malformed marker suppresses nothing, with a warning' '
	audit bad.c >o 2>e; [ $? = 1 ] && grep -q "access-once" o &&
	grep -q "bad.c:4: rwonce-ignore: the brackets do not close" e'
printf 'int x;\nint f(void)\n{\n\t// rwonce-ignore[access-once]: too far above\n\n\treturn ACCESS_ONCE(x);\n}\n' >far.c
test_expect_success 'a suppression two lines above does not reach the site' '
	audit far.c >o 2>/dev/null; [ $? = 1 ]'

# ---- baseline ----
audit --format=json p >base.json 2>/dev/null
audit --format=sarif p >base.sarif 2>/dev/null
cp -r p q
sed -i '1i /* a new comment above everything */\n#include <stddef.h>' p/a.c
test_expect_success 'lines inserted above: every finding is in the baseline (exit 0)' '
	audit --baseline base.json p >o 2>e; [ $? = 0 ] && ! test -s o &&
	grep -q "^rwonce audit: 0 findings in 0 of 1 file, 3 suppressed, 2 in the baseline (of its 2)\$" e'
test_expect_success 'a SARIF baseline works the same' '
	audit --baseline base.sarif p >o 2>e; [ $? = 0 ] && ! test -s o'
cat >>p/a.c <<'C'
int f2(void)
{
	return ACCESS_ONCE(flag);
}
C
test_expect_success 'a new finding is reported (exit 1), the old ones are not' '
	audit --baseline base.json p >o 2>e; [ $? = 1 ] &&
	[ $(grep -c warning: o) = 1 ] && grep -q "^p/a.c:26:9: warning: " o'
test_expect_success '-v lists the baselined findings' '
	audit -v --baseline base.json p >o 2>/dev/null;
	grep -q "^p/a.c:6:9: note: in the baseline: ACCESS_ONCE(flag)" o'
sed -i 's/^int f(void)$/int f(void)\n{ return 0; }\nint f_old(void)/' q/a.c
test_expect_success 'the same site in another function is a new finding' '
	audit --baseline base.json q >o 2>/dev/null; [ $? = 1 ] &&
	grep -q "^q/a.c:6:9: warning: .*\\[access-once\\]" o'
cp base.json q.json
sed -i 's/"fingerprint": "[0-9a-f]*:1"/"fingerprint": "0000000000000000:1"/' q.json
test_expect_success 'the fingerprint is what matches (control: changed fingerprints match nothing)' '
	audit --baseline q.json p >o 2>/dev/null; [ $? = 1 ] && [ $(grep -Ec ": (error|warning|note): " o) = 3 ]'
test_expect_success 'JSON with a baseline: the old findings under "baselined"' '
	audit --format=json --baseline base.json p >j2 2>/dev/null;
	grep -q "\"baselined\": \\[" j2 && grep -q "\"line\": 26" j2'
test_expect_success 'SARIF with a baseline: every result with its baselineState' '
	audit --format=sarif --baseline base.json p >s2 2>/dev/null;
	[ $(grep -c "\"ruleId\"" s2) = 6 ] && grep -q "\"baselined\": 2" s2 &&
	[ $(grep -c "\"baselineState\": \"unchanged\"" s2) = 5 ] &&
	[ $(grep -c "\"baselineState\": \"new\"" s2) = 1 ]'
test_expect_failure_msg 'a baseline that is not a result: exit 2 before the run' \
	'--baseline p/a.c: not valid JSON' 'audit --baseline p/a.c p'
test_expect_failure_msg 'a missing baseline: exit 2' \
	'--baseline nothere.json: No such file' 'audit --baseline nothere.json p'
printf '{"tool": "rwonce", "engine": "scan", "findings": [{"rule": "scan-torn", "fingerprint": "1:1"}]}\n' >scan.json
test_expect_failure_msg "scan's result is no baseline for audit" \
	'a result of rwonce scan' 'audit --baseline scan.json p'

test_done
