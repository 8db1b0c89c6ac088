#!/bin/sh
# SARIF from rwonce audit (and scan) validated by Microsoft's SARIF multitool (npm
# @microsoft/sarif-multitool, installed into build/npm by `make deps`),
# with its SARIF rules and its GitHub code scanning (Gh) rules.
. "$(dirname "$0")/lib/tap.sh"
requires node nodejs
requires clang clang

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
MT=$RWONCE_ROOT/build/npm/node_modules/.bin/sarif-multitool
need_cmd node
[ -x "$MT" ] || skip_all "@microsoft/sarif-multitool not installed in build/npm (make deps)"
"$MT" --version >/dev/null 2>&1 || skip_all "sarif-multitool does not run here (it needs its .NET runtime bundle)"

# The npm wrapper runs the tool through a shell: quote the ';' list.
validate() { # file -> prints errors; fails on any error
	rm -f "$TEST_TMP/v.sarif"
	"$MT" validate --rule-kind '"Sarif;Gh"' "$1" -o "$TEST_TMP/v.sarif" \
		--log ForceOverwrite >"$TEST_TMP/v.log" 2>&1
	rc=$?
	cat "$TEST_TMP/v.log"
	[ $rc = 0 ] && ! grep -q ': error ' "$TEST_TMP/v.log"
}

cd "$RWONCE_ROOT/tests/audit" || exit 1
"$RWONCE" audit -q --enable all rules --format=sarif >"$TEST_TMP/rules.sarif"
test_expect_success 'SARIF with findings validates (SARIF and GitHub rules)' \
	"validate $TEST_TMP/rules.sarif"

: >"$TEST_TMP/empty.c"
"$RWONCE" audit -q "$TEST_TMP/empty.c" --srcroot "$TEST_TMP" --format=sarif >"$TEST_TMP/none.sarif"
test_expect_success 'SARIF without findings validates' \
	"validate $TEST_TMP/none.sarif"

# rwonce scan writes its findings with the same writer: its SARIF too.
if have_cmd clang; then
	clang -O2 -g -c "$RWONCE_ROOT/tests/scan/kernel-shape.c" -o "$TEST_TMP/k.o" &&
	"$RWONCE" scan -q --format=sarif --srcroot "$RWONCE_ROOT" "$TEST_TMP/k.o" \
		>"$TEST_TMP/scan.sarif"
	test_expect_success 'SARIF from rwonce scan (torn findings with notes) validates' \
		"grep -q scan-torn $TEST_TMP/scan.sarif && validate $TEST_TMP/scan.sarif"
else
	test_skip 'SARIF from rwonce scan validates' "$(missing_why clang)"
fi

# What viewers show, present and valid: audit's fixable findings carry
# fix's edit as "fixes"; scan's inline chain and instructions are
# relatedLocations and a codeFlow; the rules their manual text; an input that
# could not be checked is a toolExecutionNotification.
mkdir -p "$TEST_TMP/fx"
printf 'int x, y;\nint f(void)\n{\n\tACCESS_ONCE(y) = 3;\n\treturn ACCESS_ONCE(x) + *(volatile int *)&y;\n}\n' >"$TEST_TMP/fx/a.c"
(cd "$TEST_TMP" && "$RWONCE" audit -q --format=sarif fx >fixes.sarif)
test_expect_success 'audit: every fixable finding has the edit fix makes as SARIF fixes, valid' '
	test "$(grep -c "\"fixable\": true" "$TEST_TMP/fixes.sarif")" = 3 &&
	test "$(grep -c "\"fixes\": \[" "$TEST_TMP/fixes.sarif")" = 3 &&
	grep -q "{ \"deletedRegion\": { \"startLine\": 4, \"startColumn\": 2, \"endLine\": 4, \"endColumn\": 13 }, \"insertedContent\": { \"text\": \"WRITE_ONCE\" } }" "$TEST_TMP/fixes.sarif" &&
	! grep -q "\"helpUri\"" "$TEST_TMP/fixes.sarif" &&
	grep -q "\"markdown\": \"\`access-once\`: (on; fixable; warning)" "$TEST_TMP/fixes.sarif" &&
	validate "$TEST_TMP/fixes.sarif"'
cat >"$TEST_TMP/inl.c" <<'C'
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
(cd "$TEST_TMP" && gcc -O2 -g -c inl.c -o inl.o &&
	"$RWONCE" scan -q --format=sarif inl.o missing.o >inl.sarif 2>/dev/null)
test_expect_success 'scan: the inline chain and the instructions as relatedLocations and a codeFlow; the missing input notified; valid' '
	grep -q "\"message\": { \"text\": \".get. inlined into .outer. here\" }" "$TEST_TMP/inl.sarif" &&
	test "$(grep -c "\"kind\": \"instruction\"" "$TEST_TMP/inl.sarif")" -ge 6 &&
	grep -q "\"codeFlows\": \[ { " "$TEST_TMP/inl.sarif" &&
	grep -q "\"fullName\": \"rwonce scan " "$TEST_TMP/inl.sarif" &&
	grep -q "\"executionSuccessful\": false" "$TEST_TMP/inl.sarif" &&
	grep -q "\"toolExecutionNotifications\": \[" "$TEST_TMP/inl.sarif" &&
	grep -q "{ \"level\": \"error\", \"message\": { \"text\": \"missing.o: cannot read: No such file or directory\" }" "$TEST_TMP/inl.sarif" &&
	validate "$TEST_TMP/inl.sarif"'

# The validator must be able to say no: a control that breaks the schema.
sed 's/"startLine": [0-9]*/"startLine": 0/' "$TEST_TMP/rules.sarif" >"$TEST_TMP/bad.sarif"
test_expect_success 'the validator rejects a broken file (control)' \
	"! validate $TEST_TMP/bad.sarif"

test_done
