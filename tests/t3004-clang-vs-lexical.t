#!/bin/sh
# Both engines of `rwonce audit` over the shared fixtures (the audit
# fixtures tests/audit/rules/*.c and the clang engine's tests/audit/clang/*.c):
# every difference in (place, rule) must be one explained in
# tests/audit/clang/engine-differences.txt.  The clang engine must answer
# everything the lexical engine answers, identically or better.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (make)"
"$RWONCE" audit --engine=clang -p /nonexistent 2>&1 | grep -q 'built without libclang' &&
	skip_all "rwonce built without libclang (apt-get install libclang-dev)"
"$RWONCE" audit --help 2>&1 | grep -q -- '--engine' ||
	skip_all "rwonce audit has no --engine option"

cd "$RWONCE_ROOT/tests" || exit 2
EXPLAINED=$RWONCE_ROOT/tests/audit/clang/engine-differences.txt
MACROS=--macro=CMM_ACCESS_ONCE=access-once,CMM_LOAD_SHARED=access-once

units=$(ls audit/rules/*.c audit/clang/*.c)
{
	printf '['
	sep=
	for f in $units; do
		m32=
		[ "$f" = audit/clang/word32.c ] && m32='"-m32", '
		printf '%s\n {"directory": "%s", "file": "%s", "arguments": ["cc", %s"-std=gnu11", "-c", "%s"]}' \
			"$sep" "$PWD" "$f" "$m32" "$f"
		sep=,
	done
	printf '\n]\n'
} >"$TEST_TMP/compile_commands.json"

keys() {
	sed -n 's/^\([^:]*:[0-9]*:[0-9]*\): [a-z]*: .*\[\([a-z-]*\)\]$/\1 [\2]/p' "$1" | sort -u
}

test_expect_success 'the lexical engine runs over the fixtures' \
	'"$RWONCE" audit -q --engine=lexical $MACROS \
		audit/rules audit/clang >"$TEST_TMP/lex.txt";
	 test $? = 1 && keys "$TEST_TMP/lex.txt" >"$TEST_TMP/lex.keys" &&
	 test -s "$TEST_TMP/lex.keys"'
test_expect_success 'the clang engine runs over the same units' \
	'"$RWONCE" audit -q --engine=clang -p "$TEST_TMP" $MACROS \
		>"$TEST_TMP/clang.txt" 2>"$TEST_TMP/clang.err";
	 test $? = 2 && keys "$TEST_TMP/clang.txt" >"$TEST_TMP/clang.keys" &&
	 test -s "$TEST_TMP/clang.keys"'
test_expect_success 'the units that fail are the ones that do not compile' \
	'test "$(grep -c "cannot be parsed" "$TEST_TMP/clang.err")" = 3 &&
	 grep -q "volatile-cast.c: cannot be parsed" "$TEST_TMP/clang.err" &&
	 grep -q "with-header.c: cannot be parsed" "$TEST_TMP/clang.err" &&
	 grep -q "broken.c: cannot be parsed" "$TEST_TMP/clang.err"'

comm -23 "$TEST_TMP/lex.keys" "$TEST_TMP/clang.keys" | sed 's/^/< /' >"$TEST_TMP/diff"
comm -13 "$TEST_TMP/lex.keys" "$TEST_TMP/clang.keys" | sed 's/^/> /' >>"$TEST_TMP/diff"

test_expect_success 'every difference between the engines is explained' \
	'awk -v expl="$EXPLAINED" "
	BEGIN {
		while ((getline l < expl) > 0) {
			if (l ~ /^[<>] /) {
				split(l, f, /[ \t]+/)
				k = f[1] \" \" f[2] \" \" f[3]; want[k] = 1
				if (f[2] == \"*\") any[f[1] \" \" f[3]] = 1
			}
		}
	}
	{
		split(\$0, f, / /); k = f[1] \" \" f[2] \" \" f[3]
		if (!(k in want) && !((f[1] \" \" f[3]) in any)) {
			print \"unexplained: \" \$0; bad = 1
		}
		seen[k] = 1
	}
	END {
		for (k in want) {
			split(k, f, / /)
			if (f[2] != \"*\" && !(k in seen))
				print \"# listed, no longer differs: \" k
		}
		exit bad
	}" "$TEST_TMP/diff"'
diag "$(wc -l <"$TEST_TMP/diff") differences, all explained in tests/audit/clang/engine-differences.txt when the test passes"

test_expect_success 'nothing the lexical engine reports goes missing but for code not compiled and asm operands' \
	'! grep "^<" "$TEST_TMP/diff" |
	 grep -v -e "audit/rules/volatile-cast.c:16:10 " -e "audit/clang/macros.c:22:26 " -e "audit/clang/macros.c:26:30 " \
		-e "audit/clang/ifdef.c:11:9 " -e "audit/clang/ifdef.c:14:9 " -e "audit/rules/with-header.c:"'

# double-fetch is a lexical rule; the clang engine answers it by running
# that rule over exactly the units it parsed, so both must agree.
test_expect_success 'double-fetch: both engines report the same places' \
	'"$RWONCE" audit -q --engine=lexical --enable double-fetch \
		audit/rules/double-fetch.c >"$TEST_TMP/df-lex.txt"
	 "$RWONCE" audit -q --engine=clang -p "$TEST_TMP" --enable double-fetch \
		audit/rules/double-fetch.c >"$TEST_TMP/df-clang.txt"
	 grep "\[double-fetch\]" "$TEST_TMP/df-lex.txt" >"$TEST_TMP/df-lex.keys" &&
	 grep "\[double-fetch\]" "$TEST_TMP/df-clang.txt" >"$TEST_TMP/df-clang.keys" &&
	 test -s "$TEST_TMP/df-lex.keys" &&
	 diff "$TEST_TMP/df-lex.keys" "$TEST_TMP/df-clang.keys"'

# The front end: -p implies the clang engine, auto picks it when
# ./compile_commands.json is there, and the reports say which engine ran.
test_expect_success '-p DIR alone runs the clang engine (JSON says so)' \
	'"$RWONCE" audit -q --format=json -p "$TEST_TMP" audit/clang/anon.c >"$TEST_TMP/p.json";
	 test $? = 1 && grep -q "\"engine\": \"clang\"" "$TEST_TMP/p.json" &&
	 grep -q "access-once-nonscalar" "$TEST_TMP/p.json"'
test_expect_success 'regions: a finding spans the whole macro call' \
	'grep -q "\"path\": \"audit/clang/anon.c\", \"line\": 13, \"column\": 9, \"end_line\": 13, \"end_column\": 25, \"rule\": \"access-once-nonscalar\"" "$TEST_TMP/p.json"'
test_expect_success '--engine=auto: clang where compile_commands.json is' \
	'cd "$TEST_TMP" && "$RWONCE" audit -q --engine=auto --format=json "$RWONCE_ROOT/tests/audit/clang/anon.c" >auto.json;
	 test $? = 1 && grep -q "\"engine\": \"clang\"" auto.json'
test_expect_success '--engine=auto: lexical where there is none' \
	'cd "$RWONCE_ROOT/tests/audit/clang" && "$RWONCE" audit -q --engine=auto --format=json anon.c >"$TEST_TMP/auto2.json";
	 test $? = 1 && grep -q "\"engine\": \"lexical\"" "$TEST_TMP/auto2.json"'
test_expect_failure_msg '--engine=clang without -p: exit 2, says what is missing' \
	'needs a compilation database: -p DIR' \
	'cd "$RWONCE_ROOT/tests/audit/clang" && "$RWONCE" audit --engine=clang anon.c'

test_done
