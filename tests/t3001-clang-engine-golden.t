#!/bin/sh
# The libclang engine on its golden fixtures (tests/audit/clang/*.c, *.h): every
# finding must be named by a // CHECK: line in the fixture and every CHECK
# must be found (tests/audit/clang/filecheck.sh).  Also: a header's findings once
# per run, a unit that fails to parse is counted and the run goes on, the
# same output with -j1 and -j2, clear errors for a missing or bad database.
. "$(dirname "$0")/lib/tap.sh"

# The hint of a message (make a compilation database with bear).
mentions bear
clang_audit() { "$TEST_TOOL" clang-audit "$@"; }
AUDIT=clang_audit
FIX=$RWONCE_ROOT/tests/audit/clang
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (make)"
"$AUDIT" -p /nonexistent 2>&1 | grep -q 'built without libclang' &&
	skip_all "rwonce built without libclang (apt-get install libclang-dev)"

mkdir "$TEST_TMP/db"
"$FIX/make-db.sh" "$TEST_TMP/db" "$FIX"

cd "$FIX" || exit 2
"$AUDIT" -p "$TEST_TMP/db" --types -j2 >"$TEST_TMP/out" 2>"$TEST_TMP/err"
echo $? >"$TEST_TMP/rc"

test_expect_success 'a failed unit makes the run exit 2 (trouble)' \
	'test "$(cat "$TEST_TMP/rc")" = 2'
test_expect_success 'the failed unit is named with libclang diagnostics' \
	'grep -q "broken.c: cannot be parsed cleanly" "$TEST_TMP/err" &&
	 grep -q "no-such-header.h.* file not found" "$TEST_TMP/err"'
test_expect_success 'only the broken unit failed' \
	'test "$(grep -c "cannot be parsed" "$TEST_TMP/err")" = 1'

for f in once.h typedefs.c macros.c anon.c aggregate.c word32.c broken.c ifdef.c; do
	test_expect_success "golden: $f" \
		"'$FIX/filecheck.sh' '$FIX/$f' '$TEST_TMP/out'"
done

test_expect_success 'a header finding is reported once for seven units' \
	'test "$(grep -c "^once.h:33:9: warning: .*\[access-once-nonscalar\]" "$TEST_TMP/out")" = 1'

test_expect_success 'the same findings with -j1 as with -j2' \
	'"$AUDIT" -p "$TEST_TMP/db" --types -j1 >"$TEST_TMP/out1" 2>/dev/null;
	 cmp "$TEST_TMP/out" "$TEST_TMP/out1"'

test_expect_success 'a path selects units: anon.c alone' \
	'"$AUDIT" -p "$TEST_TMP/db" anon.c >"$TEST_TMP/one"; test $? = 1 &&
	 ! grep -v "^anon.c:" "$TEST_TMP/one" | grep -v "^once.h:" | grep -q . &&
	 grep -q "^anon.c:13:9:" "$TEST_TMP/one"'

test_expect_failure_msg 'no compile_commands.json: exit 2, says how to make one' \
	'compile_commands.json: No such file.*bear' \
	'"$AUDIT" -p "$TEST_TMP"'

mkdir "$TEST_TMP/bad"
printf '{ "not": "an array" ' >"$TEST_TMP/bad/compile_commands.json"
test_expect_failure_msg 'a broken database: exit 2, names the file' \
	'bad/compile_commands.json: not a compilation database' \
	'"$AUDIT" -p "$TEST_TMP/bad"'

mkdir "$TEST_TMP/gone"
printf '[{"directory": "%s", "file": "vanished.c", "command": "cc -c vanished.c"},\n {"directory": "%s", "file": "anon.c", "command": "cc -std=gnu11 -c anon.c"}]\n' \
	"$TEST_TMP/gone" "$FIX" >"$TEST_TMP/gone/compile_commands.json"
test_expect_success 'a unit whose file is gone: named, counted, the others audited' \
	'"$AUDIT" -p "$TEST_TMP/gone" >"$TEST_TMP/gone.out" 2>"$TEST_TMP/gone.err"; rc=$?;
	 cat "$TEST_TMP/gone.err"; test $rc = 2 &&
	 grep -q "vanished.c: cannot be parsed" "$TEST_TMP/gone.err" &&
	 grep -q "vanished.c: No such file or directory" "$TEST_TMP/gone.err" &&
	 grep -q "^anon.c:13:9: .*\[access-once-nonscalar\]" "$TEST_TMP/gone.out"'

test_expect_failure_msg 'a bad --macro: exit 2' "unknown kind 'sideways'" \
	'"$AUDIT" -p "$TEST_TMP/db" --macro FOO=sideways'

# A project's own macro named with --macro: CMM_ACCESS_ONCE=access turns
# its uses into ACCESS_ONCE findings.
cat >"$TEST_TMP/urcu.c" <<'EOC'
#define CMM_ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
struct two { int a, b; };
int f(struct two *p) { struct two v = CMM_ACCESS_ONCE(*p); return v.a; }
EOC
printf '[{"directory": "%s", "file": "urcu.c", "command": "cc -c urcu.c"}]\n' \
	"$TEST_TMP" >"$TEST_TMP/compile_commands.json"
test_expect_success '--macro NAME=access: a project macro is ACCESS_ONCE' \
	'cd "$TEST_TMP" && "$AUDIT" -p . --macro CMM_ACCESS_ONCE=access >m.out;
	 grep -q "^urcu.c:3:39: warning: CMM_ACCESS_ONCE is deprecated.*\[access-once\]" m.out &&
	 grep -q "^urcu.c:3:39: warning: CMM_ACCESS_ONCE on struct type .struct two.*\[access-once-nonscalar\]" m.out &&
	 grep -q "^urcu.c:3:39: warning: CMM_ACCESS_ONCE: volatile read of 8-byte struct .struct two.*\[volatile-aggregate\]" m.out'
test_expect_success 'without --macro: named like a once macro, so no access-once nor volatile-cast, but the type rules' \
	'cd "$TEST_TMP" && "$AUDIT" -p . >n.out;
	 grep -q "^urcu.c:3:39: warning: CMM_ACCESS_ONCE on struct type .struct two.*\[access-once-nonscalar\]" n.out &&
	 grep -q "^urcu.c:3:39: .*\[volatile-aggregate\]" n.out &&
	 ! grep -q "access-once\]" n.out && ! grep -q "volatile-cast\]" n.out'

test_done
