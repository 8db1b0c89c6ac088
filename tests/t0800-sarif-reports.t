#!/bin/sh
# SARIF that people and GitHub read (issue 34, point 8): the tool's
# fullName; each rule's help.markdown is the man page's own text for it
# (scripts/man-rules-markdown at build time), with no man: helpUri and no
# informationUri (there is no URL); automationDetails.id names the
# category (--sarif-category); regions carry their snippet and the lines
# around as contextRegion; scan's relatedLocations are cited in the
# message as [text](id), the form GitHub links.  Validated by the SARIF
# multitool (SARIF and GitHub rules) as t2030 does.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3
requires node nodejs
mentions man

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd python3
cd "$TEST_TMP" || exit 1

mkdir tree
printf 'int x;\nint f(void)\n{\n\treturn ACCESS_ONCE(x);\n}\n' >tree/a.c
"$RWONCE" audit -q --format=sarif tree >audit.sarif
"$RWONCE" audit -q --format=sarif --sarif-category kernel/arm64 tree >cat.sarif

cat >inl.c <<'C'
struct snap { long a, b, c, d, e, f; };
struct snap shared;
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
static inline struct snap get(void)
{
	return READ_ONCE(shared);
}
long outer(void)
{
	struct snap s = get();
	return s.a + s.f;
}
C
gcc -O2 -g -c inl.c -o inl.o
"$RWONCE" scan -q --format=sarif inl.o >scan.sarif

check() { # file python-assertions (s: the log, run: its run)
	python3 - "$1" "$RWONCE_ROOT" <<PY
import json, subprocess, sys
s = json.load(open(sys.argv[1]))
root = sys.argv[2]
run = s['runs'][0]
drv = run['tool']['driver']
$2
PY
}

test_expect_success 'audit: fullName, the category, no helpUri or informationUri anywhere' '
	check audit.sarif "
assert drv[\"fullName\"].startswith(\"rwonce audit \"), drv[\"fullName\"]
assert \"informationUri\" not in drv
assert run[\"automationDetails\"] == {\"id\": \"rwonce/audit/\"}, run[\"automationDetails\"]
for r in drv[\"rules\"]:
    assert \"helpUri\" not in r, r[\"id\"]
" && ! grep -q "man:" audit.sarif'

test_expect_success 'audit: each rule'"'"'s help.markdown is its RULES item of rwonce-audit(1), as the script makes it from the page' '
	check audit.sarif "
out = subprocess.run([\"sh\", root + \"/scripts/man-rules-markdown\", root + \"/doc/rwonce-audit.1\", \"RULES\"], capture_output=True, text=True, check=True).stdout
md = {}
for line in out.splitlines():
    args = json.loads(\"[\" + line[len(\"RULE_MARKDOWN(\"):-1] + \"]\")
    md[args[0]] = args[3]
assert len(md) >= 6, md.keys()
for r in drv[\"rules\"]:
    h = r[\"help\"]
    assert h[\"markdown\"] == md[r[\"id\"]] + \"\\n\\nSee \`man rwonce-audit\`, section RULES.\", r[\"id\"]
    assert h[\"text\"].endswith(\"See rwonce-audit(1), section RULES.\"), h[\"text\"]
ao = [r for r in drv[\"rules\"] if r[\"id\"] == \"access-once\"][0]
assert ao[\"help\"][\"markdown\"].startswith(\"\`access-once\`: (on; fixable\"), ao[\"help\"][\"markdown\"]
assert \" every use of \`ACCESS_ONCE\`() \" in ao[\"help\"][\"markdown\"], ao[\"help\"][\"markdown\"]
"'

test_expect_success 'audit: the region with its snippet, the lines around as contextRegion' '
	check audit.sarif "
loc = run[\"results\"][0][\"locations\"][0][\"physicalLocation\"]
assert loc[\"region\"][\"snippet\"] == {\"text\": \"ACCESS_ONCE(x)\"}, loc[\"region\"]
c = loc[\"contextRegion\"]
assert (c[\"startLine\"], c[\"endLine\"]) == (3, 5), c
assert c[\"snippet\"][\"text\"] == \"{\\n\\treturn ACCESS_ONCE(x);\\n}\", c
"'

test_expect_success '--sarif-category names the analysis' '
	check cat.sarif "
assert run[\"automationDetails\"] == {\"id\": \"kernel/arm64/\"}, run[\"automationDetails\"]
"'

test_expect_success 'scan: every related location cited in the message as [text](id); the scan category and fullName' '
	check scan.sarif "
assert drv[\"fullName\"].startswith(\"rwonce scan \")
assert run[\"automationDetails\"] == {\"id\": \"rwonce/scan/\"}
res = run[\"results\"][0]
msg = res[\"message\"][\"text\"]
rel = res[\"relatedLocations\"]
assert len(rel) >= 4, rel
for r in rel:
    t = r[\"message\"][\"text\"].replace(\"[\", \"\\\\[\").replace(\"]\", \"\\\\]\")
    assert \"[%s](%d)\" % (t, r[\"id\"]) in msg, (r, msg)
assert msg.startswith(\"READ_ONCE(shared) of \")
assert \"; the instructions: [<outer+0x0>: \" in msg, msg
assert \"; the inline chain: [\" in msg, msg
scan_rules = [r for r in drv[\"rules\"] if r[\"id\"] == \"scan-torn\"]
assert scan_rules[0][\"help\"][\"markdown\"].startswith(\"\`torn\` \\\\[scan-torn\\\\]: Two or more narrower accesses\"), scan_rules[0][\"help\"]
"'

MT=$RWONCE_ROOT/build/npm/node_modules/.bin/sarif-multitool
if have_cmd node && [ -x "$MT" ] && "$MT" --version >/dev/null 2>&1; then
	validate() { # file: no error under the SARIF and GitHub rules
		rm -f v.sarif
		"$MT" validate --rule-kind '"Sarif;Gh"' "$1" -o v.sarif \
			--log ForceOverwrite >v.log 2>&1
		rc=$?
		cat v.log
		[ $rc = 0 ] && ! grep -q ': error ' v.log
	}
	test_expect_success 'the multitool validates both (SARIF and GitHub rules)' '
		validate audit.sarif && validate scan.sarif && validate cat.sarif'
else
	test_skip 'the multitool validates both' "$(missing_why node) or @microsoft/sarif-multitool not in build/npm (make deps)"
fi

test_done
