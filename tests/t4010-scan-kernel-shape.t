#!/bin/sh
# The Linux kernel's READ_ONCE on an aggregate -- (*(const volatile
# typeof(x) *)&(x)) -- on a two-u16 ticket lock and on a union of four u8
# and a u32, fields read from the copy (tests/scan/kernel-shape.c):
# clang -O2 splits both on x86-64, aarch64 and armhf (torn, every load
# listed); gcc -O2 reads each with one load (ok, exit 0).  READ_ONCE of a
# local variable goes through the stack: unattributed, never ok or elided.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"

SRC=$RWONCE_ROOT/tests/scan/kernel-shape.c
TICKET=$(line_of "$SRC" "READ_ONCE(*lock)")
WORD=$(line_of "$SRC" "READ_ONCE(*w)")
LOCAL=$(line_of "$SRC" "return READ_ONCE(v);")
requires aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
requires arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf
requires python3 python3

for t in x86_64-linux-gnu aarch64-linux-gnu arm-linux-gnueabihf; do
	if ! clang_can "$t"; then
		test_skip "clang -O2 $t: ticket and lock word torn" "$(clang_why "$t")"
		continue
	fi
	test_expect_success "clang -O2 $t: ticket lock and lock word are torn" '
		clang --target='"$t"' -O2 -g -fno-pic -c "$SRC" -o "$TEST_TMP/k.o" &&
		{ "$RWONCE" scan "$TEST_TMP/k.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		kernel_shape_torn "$TEST_TMP/out" "$TEST_TMP/err" &&
		grep -q "note: in .*k.o, function .ticket_is_locked." "$TEST_TMP/out"
	'
done

for cc in gcc aarch64-linux-gnu-gcc arm-linux-gnueabihf-gcc; do
	if ! have_cmd "$cc"; then
		test_skip "$cc -O2: ticket and lock word ok" "$(missing_why "$cc")"
		continue
	fi
	test_expect_success "$cc -O2: one load each, exit 0" '
		'"$cc"' -O2 -g -fno-pic -c "$SRC" -o "$TEST_TMP/g.o" &&
		"$RWONCE" scan "$TEST_TMP/g.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
		test ! -s "$TEST_TMP/out" &&
		grep -q "2 site instances: ok 2, torn 0, duplicated 0, widened 0, unattributed 0" "$TEST_TMP/err"
	'
done

if clang_can x86_64-linux-gnu && have_cmd python3; then
	test_expect_success 'DWARF 4 line tables: the same two torn sites' '
		clang -O2 -gdwarf-4 -c "$SRC" -o "$TEST_TMP/d4.o" &&
		{ "$RWONCE" scan "$TEST_TMP/d4.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		finding_with_insns "$TEST_TMP/out" "$TICKET" scan-torn kernel-shape.c 2 &&
		finding_with_insns "$TEST_TMP/out" "$WORD" scan-torn kernel-shape.c 4
	'
	test_expect_success '-gline-tables-only (no types): torn, with the bytes covered' '
		clang -O2 -gline-tables-only -c "$SRC" -o "$TEST_TMP/lt.o" &&
		{ "$RWONCE" scan "$TEST_TMP/lt.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		grep -q "READ_ONCE(\*lock) of .ticket_lock_t. compiled to 2 loads of 2 bytes covering 4 bytes: torn" "$TEST_TMP/out" &&
		grep -q "READ_ONCE(\*w) of .union lock_word. compiled to 4 loads of 1 byte covering 4 bytes: torn" "$TEST_TMP/out"
	'
	clang -O2 -g -c "$SRC" -o "$TEST_TMP/j.o"
	test_expect_success 'JSON: findings with notes, instances per verdict' '
		"$RWONCE" scan --json "$TEST_TMP/j.o" >"$TEST_TMP/j"; test $? = 1 &&
		python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
f = d[\"findings\"]
assert len(f) == 2 and all(x[\"rule\"] == \"scan-torn\" for x in f), f
assert all(len(x[\"notes\"]) >= 3 for x in f), f
assert d[\"instances\"] == {\"ok\": 0, \"torn\": 2, \"duplicated\": 0, \"widened\": 0, \"unattributed\": 1}, d
assert d[\"summary\"] == {\"scan-torn\": 2, \"scan-duplicated\": 0, \"scan-widened\": 0}, d
assert d[\"files\"][\"checked\"] == 1 and d[\"files\"][\"trouble\"] == 0, d
assert d[\"sites\"] == 3, d
" "$TEST_TMP/j"
	'
	test_expect_success '-v: the local variable is unattributed, with the reason' '
		"$RWONCE" scan -v 1 "$TEST_TMP/j.o" >/dev/null 2>"$TEST_TMP/v"; test $? = 1 &&
		grep -q "kernel-shape.c:$LOCAL:[0-9]*: note: READ_ONCE(v) in .local_once. (.*j.o): unattributed: accesses only the stack (a local object or a copy in the frame)" "$TEST_TMP/v"
	'
	test_expect_success 'SARIF: scan rules only, results with ruleIndex into them' '
		"$RWONCE" scan --format=sarif "$TEST_TMP/j.o" >"$TEST_TMP/s"; test $? = 1 &&
		python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
run = d[\"runs\"][0]
ids = [r[\"id\"] for r in run[\"tool\"][\"driver\"][\"rules\"]]
assert ids == [\"scan-torn\", \"scan-duplicated\", \"scan-widened\"], ids
for r in run[\"results\"]:
    assert ids[r[\"ruleIndex\"]] == r[\"ruleId\"] == \"scan-torn\"
    assert r[\"locations\"][0][\"physicalLocation\"][\"region\"][\"startLine\"] in ($TICKET, $WORD)
    assert r[\"properties\"][\"notes\"]
assert len(run[\"results\"]) == 2
" "$TEST_TMP/s"
	'
else
	if clang_can x86_64-linux-gnu; then why=$(missing_why python3); else why=$(clang_why x86_64-linux-gnu); fi
	test_skip 'DWARF 4, line tables only, JSON and SARIF output' "$why"
fi

test_done
