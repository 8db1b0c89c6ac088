#!/bin/sh
# rwonce scan keeps the output contract of audit: rwonce-ignore[RULE]:
# reason comments in the source the line table names (on the site's line
# or the line above) suppress its instances -- counted in the summary,
# listed with -v, "suppressed" in JSON, "suppressions" in SARIF -- and
# --baseline FILE (an earlier --format=json or sarif result) reports only
# new findings, matched by fingerprints that survive a line inserted
# above.  The deliberate finding is shaped like the one of Debian's own
# kernel (drivers/xen/time.c): a struct copied whole inside a loop that
# re-reads it until two reads agree.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1
mkdir src
cat >src/s.c <<'C'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct snap { long a, b, c, d, e, f; };
struct snap shared, other;
struct snap copy_a(void)
{
	return READ_ONCE(shared);
}
struct snap copy_b(void)
{
	/* rwonce-ignore[scan-torn]: a 48-byte copy, re-read until stable */
	return READ_ONCE(shared);
}
C
# -fno-ipa-icf: gcc would otherwise fold the two identical functions.
(cd src && gcc -O2 -g -fno-ipa-icf -c s.c -o ../s.o)
scan() { "$RWONCE" scan "$@"; }

scan s.o >out 2>err; rc=$?
test_expect_success 'one object, the same site twice: the suppressed one is not reported (exit 1 for the other)' '
	test $rc = 1 &&
	grep -q "^src/s.c:6:9: error: READ_ONCE(shared) .*torn \\[scan-torn\\]\$" out &&
	! grep -q "^src/s.c:11:" out'
test_expect_success 'the summary counts the suppressed instance' '
	grep -q "^rwonce scan: 1 finding, 1 suppressed; 2 site instances: ok 0, torn 2," err'
test_expect_success '-v lists it with its reason' '
	scan -v s.o >vout 2>/dev/null;
	grep -q "^src/s.c:11:9: note: suppressed (a 48-byte copy, re-read until stable): READ_ONCE(shared) .*\\[scan-torn\\]" vout'
test_expect_success 'JSON: "suppressed" with the justification, fingerprints on both' '
	scan --format=json s.o >j.json 2>/dev/null;
	grep -q "\"suppressed\": \\[" j.json &&
	grep -q "\"line\": 11, .*\"function\": \"copy_b\", \"fingerprint\": \"[0-9a-f]*:1\", \"justification\": \"a 48-byte copy, re-read until stable\"" j.json &&
	grep -q "\"line\": 6, .*\"function\": \"copy_a\", \"fingerprint\": \"[0-9a-f]*:1\"" j.json'
test_expect_success 'SARIF: the suppression of kind inSource' '
	scan --format=sarif s.o >s.sarif 2>/dev/null;
	grep -q "\"suppressions\": \\[ { \"kind\": \"inSource\", \"justification\": \"a 48-byte copy, re-read until stable\" } \\]" s.sarif &&
	[ $(grep -c "\"suppressions\"" s.sarif) = 1 ]'
test_expect_success 'another rule id suppresses nothing' '
	sed "s/rwonce-ignore\\[scan-torn\\]/rwonce-ignore[scan-widened]/" src/s.c >src/w.c &&
	(cd src && gcc -O2 -g -fno-ipa-icf -c w.c -o ../w.o) &&
	scan w.o >o 2>e; test $? = 1 && grep -c "error: .*\\[scan-torn\\]" o >n && test "$(cat n)" = 2'
mkdir other
cp src/s.c other/s.c
# the same lines, the comment without its marker
sed -i "s/rwonce-ignore\[scan-torn\]: //" src/s.c
test_expect_success '--sources: the comment is read from the source scan reads' '
	scan s.o >o 2>e; test $? = 1 && test "$(grep -c "error:" o)" = 2 &&
	scan --sources other s.o >o 2>e; test $? = 1 && test "$(grep -c "error:" o)" = 1 &&
	grep -q "1 suppressed" e'
cp other/s.c src/s.c

# ---- a baseline: the deliberate copy of a retry loop ----
# tests/scan/retry-copy.c: the copy re-read until two reads agree
cp "$RWONCE_ROOT/tests/scan/retry-copy.c" src/t.c
(cd src && gcc -O2 -g -c t.c -o ../t.o)
scan --format=json t.o >base.json 2>/dev/null
scan --format=sarif t.o >base.sarif 2>/dev/null
test_expect_success 'the baseline run has the one finding' '
	grep -c "\"rule\": \"scan-torn\"" base.json >n && test "$(cat n)" = 1'
{ printf '/* a comment and a declaration put above */\nextern int unrelated;\n'
  cat src/t.c
  printf 'struct vcpu_time copy2(void)\n{\n\treturn READ_ONCE(shared_time);\n}\n'
} >src/t2.c
mv src/t2.c src/t.c
(cd src && gcc -O2 -g -c t.c -o ../t.o)
for b in base.json base.sarif; do
	test_expect_success "--baseline $b: the old finding is hidden after the lines above, the new one reported (exit 1)" '
		scan --baseline '"$b"' t.o >o 2>e; test $? = 1 &&
		test "$(grep -c "error:" o)" = 1 &&
		grep -q "^src/t.c:19:9: error: READ_ONCE(shared_time)" o &&
		grep -q "^rwonce scan: 1 finding, 1 in the baseline (of its 1);" e'
done
sed -i '/^struct vcpu_time copy2/,$d' src/t.c
(cd src && gcc -O2 -g -c t.c -o ../t.o)
test_expect_success '--baseline: only the old finding left: exit 0, -v lists it' '
	scan --baseline base.json t.o >o 2>e && test ! -s o &&
	scan -v --baseline base.json t.o >o 2>/dev/null;
	grep -q "^src/t.c:13:.*note: in the baseline: READ_ONCE(shared_time)" o'
test_expect_success '--baseline: a file that is not a scan result is refused (exit 2)' '
	printf "int x;\nint f(void) { return *(volatile int *)&x; }\n" >v.c &&
	"$RWONCE" audit --format=json v.c >audit.json 2>/dev/null;
	scan --baseline audit.json t.o >o 2>e; test $? = 2 &&
	grep -q "rwonce: error: .*audit.json" e'
test_done
