#!/bin/sh
# On x86-64 the two tracers must agree on every built-in probe: the QEMU
# plugin and valgrind see the same accesses (kind, offset, size, pc) and so
# give the same verdicts, for gcc and clang-19, every level, both backends.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/verify/lib.sh"
requires qemu-x86_64 qemu-user
requires valgrind valgrind
requires clang-19 clang-19
need_cmd qemu-x86_64 valgrind perl
[ "$(uname -m)" = x86_64 ] || skip_all "x86-64 host needed"

for cc in gcc clang-19; do
	if ! have_cmd $cc; then
		test_skip "$cc: qemu and valgrind agree" "$(missing_why $cc)"
		continue
	fi
	test_expect_success "$cc: qemu and valgrind agree on every probe run" '
		"$RWONCE" verify --cc $cc --tracer qemu --json >"$TEST_TMP/q.json"
		"$RWONCE" verify --cc $cc --tracer valgrind --json >"$TEST_TMP/v.json"
		grep -q "\"tracer\": \"valgrind\"" "$TEST_TMP/v.json" &&
		grep -q "\"tracer\": \"qemu\"" "$TEST_TMP/q.json" &&
		json_shape "$TEST_TMP/q.json" >"$TEST_TMP/q.txt" &&
		json_shape "$TEST_TMP/v.json" >"$TEST_TMP/v.txt" &&
		test $(wc -l <"$TEST_TMP/q.txt") -ge 390 &&
		diff -u "$TEST_TMP/q.txt" "$TEST_TMP/v.txt"
	'
done

test_done
