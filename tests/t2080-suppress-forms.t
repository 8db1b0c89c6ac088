#!/bin/sh
# Every form of in-source suppression (rwonce(1), SUPPRESSIONS): the
# marker in any case, a comment above the first line of a multi-line
# statement, rwonce-ignore-begin/-end ranges, rwonce-ignore-file; a note
# for each suppression that suppressed nothing and for a finding whose
# lines a suppression of another rule covers; SARIF suppressions of
# kind inSource with the reason as justification, for each form.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd python3
cd "$TEST_TMP" || exit 1
R=$RWONCE
mkdir p
cat >p/a.c <<'C'
int x, y, z;
int f(void)
{
	/* RWONCE-IGNORE[Access-Once]: written in capitals */
	int v = ACCESS_ONCE(x);
	// rwonce-ignore[access-once]: the whole statement
	v += 1 +
		ACCESS_ONCE(y);
	// rwonce-ignore-begin[access-once]: the old driver
	v += ACCESS_ONCE(z);
	v += ACCESS_ONCE(x);
	// rwonce-ignore-end
	v += ACCESS_ONCE(y); // rwonce-ignore[volatile-cast]: the wrong rule
	// rwonce-ignore[access-once]: nothing here
	v += 2;
	return v + ACCESS_ONCE(z);
}
C
printf 'int q;\n/* rwonce-ignore-file[access-once]: a test of the idiom */\nint g(void) { return ACCESS_ONCE(q); }\nint h(void) { return ACCESS_ONCE(q) + 1; }\n' >p/b.c
printf 'int q;\n/* rwonce-ignore[access-once]: fixed long ago */\nint g(void) { return READ_ONCE(q); }\n' >p/c.c
printf 'int q;\n/* rwonce-ignore-begin[access-once]: never closed */\nint g(void) { return ACCESS_ONCE(q); }\n' >p/d.c

"$R" audit -v p >out 2>err; rc=$?
test_expect_success 'exit 1: the findings no suppression covers' '
	test $rc = 1 && test "$(grep -c "warning: ACCESS" out)" = 3 &&
	grep -q "^p/a.c:13:7: warning: .*\\[access-once\\]" out &&
	grep -q "^p/a.c:16:13: warning: .*\\[access-once\\]" out &&
	grep -q "^p/d.c:3:22: warning: .*\\[access-once\\]" out'
test_expect_success 'the marker and the rule id in capitals suppress' '
	grep -q "^p/a.c:5:10: note: suppressed (written in capitals):" out'
test_expect_success 'a comment above a multi-line statement covers its second line' '
	grep -q "^p/a.c:8:3: note: suppressed (the whole statement):" out'
test_expect_success 'begin ... end covers the lines between them' '
	grep -q "^p/a.c:10:7: note: suppressed (the old driver):" out &&
	grep -q "^p/a.c:11:7: note: suppressed (the old driver):" out'
test_expect_success 'after the end, nothing is covered' '
	grep -q "^p/a.c:16:13: warning:" out'
test_expect_success 'rwonce-ignore-file covers the whole file' '
	grep -q "^p/b.c:3:22: note: suppressed (a test of the idiom):" out &&
	grep -q "^p/b.c:4:22: note: suppressed (a test of the idiom):" out'
test_expect_success 'a begin without an end suppresses nothing, with a warning' '
	grep -q "p/d.c:2: rwonce-ignore: rwonce-ignore-begin without a rwonce-ignore-end" err'
test_expect_success 'a note for a suppression that matched nothing (a file with findings)' '
	grep -q "p/a.c:14: note: rwonce-ignore\\[access-once\\] suppresses nothing: no access-once finding on lines 14-15" err'
test_expect_success '... and in a file with no finding left' '
	grep -q "p/c.c:2: note: rwonce-ignore\\[access-once\\] suppresses nothing" err'
test_expect_success 'a valid id of another rule: a note at the finding, which is reported' '
	grep -q "p/a.c:13: note: the rwonce-ignore of line 13 names \\[volatile-cast\\], not \\[access-once\\]" err &&
	grep -q "p/a.c:13: note: rwonce-ignore\\[volatile-cast\\] suppresses nothing" err'
test_expect_success 'a suppression of a rule the run did not check (double-fetch off) gets no note' '
	printf "int q;\\n// rwonce-ignore[double-fetch]: checked by hand\\nint g(int *p) { return *p + *p; }\\n" >p/e.c &&
	"$R" audit p >/dev/null 2>e2; ! grep -q "p/e.c" e2'

"$R" audit --format=sarif p >s.sarif 2>/dev/null
test_expect_success 'SARIF: each suppressed finding a result with an inSource suppression and its reason' '
	python3 - s.sarif <<'"'PY'"'
import json, sys
rs = json.load(open(sys.argv[1]))["runs"][0]["results"]
sup = {}
for r in rs:
    line = r["locations"][0]["physicalLocation"]["region"]["startLine"]
    uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    for s in r.get("suppressions", []):
        assert s["kind"] == "inSource", s
        sup[(uri, line)] = s["justification"]
want = {("p/a.c", 5): "written in capitals", ("p/a.c", 8): "the whole statement",
        ("p/a.c", 10): "the old driver", ("p/a.c", 11): "the old driver",
        ("p/b.c", 3): "a test of the idiom", ("p/b.c", 4): "a test of the idiom"}
assert sup == want, sup
active = [r for r in rs if not r.get("suppressions")]
assert len(active) == 3, len(active)
PY'
test_done
