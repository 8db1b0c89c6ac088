#!/bin/sh
# The libclang engine end to end on compilation databases recorded by
# `bear` from real builds made here (see doc/clang-engine.md):
#  1. liburcu's own examples (Debian's liburcu-dev ships them with their
#     Makefiles): 33 units built by `make`, audited with no unit failing;
#  2. this project's `rwonce verify` battery (probes/*.c) compiled by cc:
#     the engine's volatile-aggregate findings must be exactly the probes
#     the tracer shows clang tearing, each citing its own probe.
. "$(dirname "$0")/lib/tap.sh"

clang_audit() { "$TEST_TOOL" clang-audit "$@"; }
AUDIT=clang_audit
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (make)"
"$AUDIT" -p /nonexistent 2>&1 | grep -q 'built without libclang' &&
	skip_all "rwonce built without libclang (apt-get install libclang-dev)"
requires bear bear
need_cmd bear make cc

URCU_EXAMPLES=/usr/share/doc/liburcu-dev/examples
if [ -f "$URCU_EXAMPLES/Makefile" ]; then
	cp -r "$URCU_EXAMPLES" "$TEST_TMP/urcu"
	test_expect_success 'bear records the liburcu examples build' \
		'cd "$TEST_TMP/urcu" &&
		 bear --output compile_commands.json -- make -j2 >build.log 2>&1 &&
		 test "$(grep -c "\"file\"" compile_commands.json)" -ge 30'
	test_expect_success 'every liburcu example unit parses; no finding' \
		'cd "$TEST_TMP/urcu" &&
		 "$AUDIT" -p . -j2 --stats \
			--macro CMM_ACCESS_ONCE=access,CMM_LOAD_SHARED=read,CMM_STORE_SHARED=write \
			>audit.out 2>audit.err;
		 rc=$?; cat audit.err; test $rc = 0 &&
		 grep -q "units: 3[0-9], failed: 0, findings: 0," audit.err'
else
	test_skip 'liburcu examples' "$URCU_EXAMPLES missing (apt-get install liburcu-dev)"
fi

mkdir "$TEST_TMP/probes"
test_expect_success 'bear records cc on the verify battery' \
	'cd "$RWONCE_ROOT" &&
	 bear --output "$TEST_TMP/probes/compile_commands.json" -- \
		cc -O2 -Iprobes -Iinclude -c probes/controls.c -o "$TEST_TMP/probes/controls.o" &&
	 bear --append --output "$TEST_TMP/probes/compile_commands.json" -- \
		cc -O2 -Iprobes -Iinclude -c probes/library.c -o "$TEST_TMP/probes/library.o" &&
	 test "$(grep -c "\"file\"" "$TEST_TMP/probes/compile_commands.json")" = 2'

cd "$RWONCE_ROOT" || exit 2
"$AUDIT" -p "$TEST_TMP/probes" >"$TEST_TMP/probes/out" 2>"$TEST_TMP/probes/err"
echo $? >"$TEST_TMP/probes/rc"

test_expect_success 'the battery audits with findings (exit 1)' \
	'test "$(cat "$TEST_TMP/probes/rc")" = 1'

# For each volatile-aggregate finding: the probe whose body holds the line
# must be the probe the message cites.
check_probes() {
	grep "\[volatile-aggregate\]" "$TEST_TMP/probes/out" >"$TEST_TMP/va" || return 1
	test "$(wc -l <"$TEST_TMP/va")" = 6 || { cat "$TEST_TMP/va"; return 1; }
	while IFS=: read -r file line rest; do
		cited=$(printf '%s\n' "$rest" | sed -n 's/.*verify probe \([a-z0-9_]*\).*/\1/p')
		probe=$(head -n "$line" "$file" | grep 'RWONCE_PROBE(' | tail -n 1 |
			sed 's/.*RWONCE_PROBE(\([a-z0-9_]*\)).*/\1/')
		echo "$file:$line in $probe cites $cited"
		test -n "$cited" && test "$probe" = "$cited" || return 1
	done <"$TEST_TMP/va"
}
test_expect_success 'volatile-aggregate: exactly the six pair probes, each citing itself' \
	check_probes

test_expect_success 'one-field pte_t and the ipte_control union: no volatile-aggregate' \
	'! grep -E "raw_(read|write)_pte|ipte" "$TEST_TMP/va"'

test_expect_success 'the raw ACCESS_ONCE of the controls on structs and unions: access-once-nonscalar' \
	'for p in raw_read_pair8 raw_read_pair16 raw_read_pair32 raw_write_pair8 \
		 raw_write_pair16 raw_write_pair32 raw_read_pte raw_write_pte; do
		line=$(grep -n "^RWONCE_PROBE($p)" probes/controls.c | cut -d: -f1) &&
		grep "^probes/controls.c:" "$TEST_TMP/probes/out" | grep "\[access-once-nonscalar\]" |
		awk -F: -v l="$line" "\$2 > l && \$2 < l + 12" | grep -q . || { echo "no finding in $p"; return 1; }
	 done'
test_expect_success 'the raw idiom is reported once, in the body of RAW_ACCESS' \
	'test "$(grep -c "\[volatile-cast\]" "$TEST_TMP/probes/out")" = 1 &&
	 grep -q "^probes/controls.c:15:.*volatile cast in macro RAW_ACCESS.*\[volatile-cast\]" "$TEST_TMP/probes/out"'

test_expect_success 'rwonce.h (probes/library.c): only ACCESS_ONCE deprecation' \
	'! grep "^probes/library.c:" "$TEST_TMP/probes/out" | grep -v "\[access-once\]"'

test_done
