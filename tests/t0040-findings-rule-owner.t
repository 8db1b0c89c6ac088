#!/bin/sh
# findings/ knows no command (issue 36, point 3): each row of
# src/findings/rules.def names the command that owns it (BY_AUDIT,
# BY_SCAN), and what a run lists -- SARIF's rules, the manual a rule's
# help points to -- comes from that column, not from the rule's position
# nor from a command name compared in src/findings/*.c.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3
requires gcc gcc

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1
DEF=$RWONCE_ROOT/src/findings/rules.def

test_expect_success 'every rule row names its owner' '
	grep -c "^RULE(" "$DEF" >n &&
	test "$(grep -Ec "^RULE\\([A-Z_]+, \"[a-z-]+\", BY_(AUDIT|SCAN), " "$DEF")" = "$(cat n)"'

test_expect_success 'src/findings/*.c compares no command name' '
	! grep -nE "RULE_IS_SCAN|\"(audit|scan)\"" "$RWONCE_ROOT"/src/findings/*.c'

# The rule ids a SARIF lists, in order, against the rows of one owner.
sarif_rules() {
	python3 -c "import json,sys; print(\"\\n\".join(r[\"id\"] for r in json.load(open(sys.argv[1]))[\"runs\"][0][\"tool\"][\"driver\"][\"rules\"]))" "$1"
}
rows_of() { # OWNER
	sed -n "s/^RULE([A-Z_]*, \"\\([a-z-]*\\)\", $1, .*/\\1/p" "$DEF"
}

printf 'int x;\nint f(void)\n{\n\treturn ACCESS_ONCE(x);\n}\n' >a.c
test_expect_success "audit's SARIF lists exactly the BY_AUDIT rows" '
	"$RWONCE" audit --format=sarif a.c >a.sarif; test $? = 1 &&
	sarif_rules a.sarif >ids &&
	rows_of BY_AUDIT >want && test -s want && diff want ids'

cat >s.c <<'C'
struct snap { long a, b, c, d, e, f; };
struct snap shared;
struct snap copy(void)
{
	return *(volatile struct snap *)&shared;
}
C
if "$RWONCE" scan --help >/dev/null 2>&1 && gcc -O2 -g -c s.c -o s.o; then
	test_expect_success "scan's SARIF lists exactly the BY_SCAN rows" '
		"$RWONCE" scan --format=sarif s.o >s.sarif; test $? -le 1 &&
		sarif_rules s.sarif >ids &&
		rows_of BY_SCAN >want && test -s want && diff want ids'
else
	test_expect_success "scan's SARIF lists exactly the BY_SCAN rows" false
fi
test_done
