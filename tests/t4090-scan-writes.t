#!/bin/sh
# Once-accesses that write are sites like reads, wherever the line table
# puts the store (tests/scan/writes.c): clang gives it the column of the
# assigned value -- on the next line when the value is there -- and gcc
# the column of the '=' or the '++', both after the site's text.  clang
# -O2 splits the 8-byte struct writes (ACCESS_ONCE(*p) = v and the raw
# volatile cast) into two 4-byte stores: torn; gcc -O2 stores each once.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"

SRC=$RWONCE_ROOT/tests/scan/writes.c
PAIR=$(line_of "$SRC" "ACCESS_ONCE(*p) = v;")
CAST=$(line_of "$SRC" "*(volatile struct pair *)p = v;")
SPLIT=$(grep -n "ACCESS_ONCE(\*p) =\$" "$SRC" | cut -d: -f1)
COPY=$(line_of "$SRC" "ACCESS_ONCE(*p) = ACCESS_ONCE(*q);")

for t in x86_64-linux-gnu aarch64-linux-gnu; do
	if ! have_cmd clang || ! clang_can "$t"; then
		test_skip "clang -O2 $t: struct writes torn" \
			"clang for $t missing (apt-get install clang $(libc_pkg "$t"))"
		continue
	fi
	test_expect_success "clang -O2 $t: the 8-byte struct writes are torn, the scalar ones ok" '
		clang --target='"$t"' -O2 -g -c "$SRC" -o "$TEST_TMP/c.o" &&
		{ "$RWONCE" scan "$TEST_TMP/c.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		finding_with_insns "$TEST_TMP/out" "$PAIR" scan-torn writes.c 2 &&
		finding_with_insns "$TEST_TMP/out" "$CAST" scan-torn writes.c 2 &&
		finding_with_insns "$TEST_TMP/out" "$SPLIT" scan-torn writes.c 2 &&
		grep -q "writes.c:$PAIR:2: error: ACCESS_ONCE(\*p) of .struct pair. (8 bytes) compiled to 2 stores of 4 bytes: torn" "$TEST_TMP/out" &&
		grep -q "writes.c:$CAST:2: error: volatile-cast write .p. of .struct pair. (8 bytes) compiled to 2 stores of 4 bytes: torn" "$TEST_TMP/out" &&
		test "$(grep -c "error: .*\[scan-torn\]" "$TEST_TMP/out")" = 3 &&
		grep -q "8 site instances: ok 5, torn 3, duplicated 0, widened 0, unattributed 0" "$TEST_TMP/err"
	'
done

if have_cmd gcc; then
	test_expect_success 'gcc -O2: every write checked (store at the = or the ++), ok, exit 0' '
		gcc -O2 -g -c "$SRC" -o "$TEST_TMP/g.o" &&
		"$RWONCE" scan "$TEST_TMP/g.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
		test ! -s "$TEST_TMP/out" &&
		grep -q "8 site instances: ok 8, torn 0, duplicated 0, widened 0, unattributed 0" "$TEST_TMP/err"
	'
	test_expect_success 'gcc -O2: the scalar write, the += and the ++ are each one store (-v 2)' '
		"$RWONCE" scan -v 2 "$TEST_TMP/g.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
		for f in set_int add_int inc_int; do
			l=$(grep -n "^void $f(" "$SRC" | tail -n 1 | cut -d: -f1) &&
			l=$((l + 2)) &&
			instance_block "$TEST_TMP/err" "writes.c:$l:2: ACCESS_ONCE(*p): object int, 4 bytes" >"$TEST_TMP/v" &&
			test "$(grep -c "kind 2 size 4" "$TEST_TMP/v")" = 1 || return 1
		done &&
		instance_block "$TEST_TMP/err" "writes.c:$COPY:20: ACCESS_ONCE(*q): object struct pair, 8 bytes" | grep -q "kind 1 size 8"
	'
else
	test_skip 'gcc -O2 writes' 'gcc not installed (apt-get install gcc)'
fi

test_done
