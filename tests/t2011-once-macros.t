#!/bin/sh
# One model of once-macros for every command (src/cfront/once-macros.h):
# the same --macro kinds and messages in audit (both engines), fix and
# scan, and a tree's own once-macros found in its #defines
# (src/cfront/once-discover.h), by the front end and by audit and fix.
. "$(dirname "$0")/lib/tap.sh"

LT="$TEST_TOOL cfront"
M=$RWONCE_ROOT/tests/cfront/macros
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"

# ---- the front end: which definitions are once-macros ----

test_expect_success 'discovered once-macros match the golden list' \
	"cd $M && $LT macros project.h urcu.h kernel.h >$TEST_TMP/m && diff -u $M/expect $TEST_TMP/m"
test_expect_success 'the order the files come in does not matter' \
	"cd $M && $LT macros kernel.h urcu.h project.h >$TEST_TMP/m2 && diff -u $M/expect $TEST_TMP/m2"
test_expect_success 'a chain defined in reverse order is followed (liburcu)' \
	"grep -q '^CMM_LOAD_SHARED read-once volatile-cast object=0' $M/expect && grep -q '^LOAD_FLAG read-once volatile-cast object=0' $M/expect"
test_expect_success 'the kernel READ_ONCE/WRITE_ONCE are volatile casts, found' \
	"grep -q '^READ_ONCE read-once volatile-cast (known name) .* kernel.h:4: __READ_ONCE of its argument' $M/expect && grep -q '^WRITE_ONCE write-once volatile-cast (known name) object=0 value=1' $M/expect"
test_expect_success 'loops, two objects, ++, globals, functions and & are not' \
	"! grep -Eq '^(SPIN_UNTIL|COPY|BUMP|NOW|DEFINE_GETTER|ADDR|REG32) ' $M/expect"
test_expect_success 'a register read through a pointer argument is not one' \
	"! grep -q '^REG32 ' $M/expect"

cat >"$TEST_TMP/hostile.h" <<'EOF'
#define SELF(x) SELF(x)
#define PING(x) PONG(x)
#define PONG(x) PING(x)
#define OPEN(x) (*(volatile typeof(x) *)&(x)
#define EMPTY()
#define LONGLINE(x) \
EOF
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "(" }' >>"$TEST_TMP/hostile.h"
test_expect_success 'self and mutual recursion, broken and huge bodies end' \
	"$LT macros $TEST_TMP/hostile.h >$TEST_TMP/h && ! grep -Eq '^(SELF|PING|PONG|EMPTY|LONGLINE) ' $TEST_TMP/h"

# ---- every command takes the same --macro kinds ----

T=$TEST_TMP/tree
mkdir -p "$T"
cat >"$T/once.h" <<'EOF'
#define KREAD_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define KWRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define KACCESS(x) (*(volatile typeof(x) *)&(x))
EOF
cat >"$T/a.c" <<'EOF'
#include "once.h"
struct pair { unsigned a, b; };
struct pair g;
unsigned u;
unsigned f(void) { struct pair p = KREAD_ONCE(g); return p.a + p.b + KREAD_ONCE(u); }
void w(unsigned v) { KWRITE_ONCE(u, v); }
unsigned r(void) { return KACCESS(u); }
struct pair q(void) { return KACCESS(g); }
EOF
printf '[{"directory": "%s", "file": "a.c", "arguments": ["cc", "-c", "a.c"]}]\n' "$T" >"$T/compile_commands.json"
# an object for scan to read (a build with line tables)
cc -g -O2 -c -o "$T/a.o" "$T/a.c" 2>/dev/null

for kind in access-once read-once write-once volatile-cast access read write; do
	test_expect_success "audit, fix and scan take --macro MY=$kind" \
		"'$RWONCE' audit -q --macro MY=$kind '$T/a.c' >/dev/null; [ \$? -le 1 ] && '$RWONCE' fix -q --macro MY=$kind '$T/a.c' >/dev/null; [ \$? -le 1 ] && '$RWONCE' scan -q --no-progress --macro MY=$kind '$T/a.o' >/dev/null; [ \$? -le 1 ]"
done
want="--macro 'MY=bogus': unknown kind 'bogus' (KIND: access-once, read-once, write-once or volatile-cast)"
for cmd in audit fix scan; do
	case $cmd in scan) arg=$T/a.o ;; *) arg=$T/a.c ;; esac
	"$RWONCE" $cmd --macro MY=bogus "$arg" >"$TEST_TMP/$cmd.out" 2>&1
	st=$?
	test_expect_success "$cmd: an unknown kind is refused with the one message (exit $st)" \
		"[ $st = 2 ] && grep -qF \"rwonce: error: $want\" '$TEST_TMP/$cmd.out'"
done
if "$RWONCE" audit --engine=clang -p "$T" "$T/a.c" >/dev/null 2>&1 ||
   [ $? = 1 ]; then
	"$RWONCE" audit --engine=clang -p "$T" --macro MY=bogus "$T/a.c" >"$TEST_TMP/clang.out" 2>&1
	st=$?
	test_expect_success "audit --engine=clang: the same message (exit $st)" \
		"[ $st = 2 ] && grep -qF \"rwonce: error: $want\" '$TEST_TMP/clang.out'"
	test_expect_success 'audit --engine=clang takes --macro MY=volatile-cast' \
		"'$RWONCE' audit --engine=clang -p '$T' --macro MY=volatile-cast '$T/a.c' >/dev/null; [ \$? -le 1 ]"
else
	test_skip 'audit --engine=clang: the same message' 'no clang engine in this build (libclang-dev)'
	test_skip 'audit --engine=clang takes --macro MY=volatile-cast' 'no clang engine in this build (libclang-dev)'
fi

# ---- audit and fix find the tree's own once-macros ----

test_expect_success 'audit: a header-defined volatile-cast macro on a struct' \
	"'$RWONCE' audit -q '$T' >$TEST_TMP/o; [ \$? = 1 ] && grep -q 'a.c:5:36: error: KREAD_ONCE(g) of struct .struct pair.* \\[volatile-aggregate\\]' $TEST_TMP/o"
test_expect_success 'audit: the finding names the definition in a note' \
	"grep -q \"a.c:5:36: note: 'KREAD_ONCE' is a once-macro of this tree (read-once, volatile cast): $T/once.h:1 defines it as a volatile cast of its argument 'x'\" $TEST_TMP/o"
test_expect_success 'audit: the scalar read through it is no finding' \
	"! grep -q 'KREAD_ONCE(u)' $TEST_TMP/o"
test_expect_success 'audit: the summary lists the once-macros found' \
	"'$RWONCE' audit '$T' >/dev/null 2>$TEST_TMP/e; grep -q '^rwonce audit: 3 once-macros of the tree: KREAD_ONCE ($T/once.h:1), KWRITE_ONCE ($T/once.h:2), KACCESS ($T/once.h:3)' $TEST_TMP/e"
test_expect_success 'audit --format=json: the once-macros, with where and what' \
	"'$RWONCE' audit -q --format=json '$T' >$TEST_TMP/j; grep -q '\"once_macros\": \\[{\"name\": \"KREAD_ONCE\", \"kind\": \"read-once\", \"volatile_cast\": true, \"discovered\": true, \"path\": \"$T/once.h\", \"line\": 1}' $TEST_TMP/j"
test_expect_success 'audit --no-discover: only the built-in names' \
	"'$RWONCE' audit -q --no-discover '$T' >$TEST_TMP/o2; ! grep -qF '/a.c:' $TEST_TMP/o2"
test_expect_success 'audit: a tree ACCESS_ONCE-style macro on a struct is a hazard' \
	"grep -q \"a.c:8:30: error: KACCESS(g) on a struct type 'struct pair'.*\\[access-once-nonscalar\\]\" $TEST_TMP/o && grep -q \"a.c:8:30: note: 'KACCESS' is a once-macro of this tree (access-once, volatile cast)\" $TEST_TMP/o"
test_expect_success 'audit: ... on a scalar it is not reported (style is opt-in)' \
	"! grep -q 'KACCESS(u)' $TEST_TMP/o"
test_expect_success 'fix agrees: a discovered macro is not converted' \
	"cd '$T' && '$RWONCE' fix -q a.c >$TEST_TMP/d; [ \$? = 0 ] && [ ! -s $TEST_TMP/d ]"
test_expect_success 'with --macro KACCESS=access-once both report and convert it' \
	"cd '$T' && '$RWONCE' audit -q --macro KACCESS=access-once a.c >$TEST_TMP/o3; grep -q 'a.c:7:27: warning: KACCESS(u) is an ACCESS_ONCE-style volatile access: use READ_ONCE(u)' $TEST_TMP/o3 && '$RWONCE' fix -q --macro KACCESS=access-once a.c >$TEST_TMP/d3; grep -q '^+unsigned r(void) { return READ_ONCE(u); }' $TEST_TMP/d3"

# The kernel's own READ_ONCE, found to be a volatile cast: no --preset.
K=$TEST_TMP/kernel
mkdir -p "$K/include"
cp "$M/kernel.h" "$K/include/rwonce.h"
cat >"$K/sched.c" <<'EOF'
#include "include/rwonce.h"
struct util_est { unsigned int enqueued, ewma; };
struct task { struct util_est util_est; };
unsigned int task_util_est(struct task *p)
{
	struct util_est ue = READ_ONCE(p->util_est);
	return ue.enqueued > ue.ewma ? ue.enqueued : ue.ewma;
}
EOF
test_expect_success 'audit: the kernel READ_ONCE of a struct, without --preset' \
	"'$RWONCE' audit -q '$K' >$TEST_TMP/k; [ \$? = 1 ] && grep -q 'sched.c:6:23: error: READ_ONCE(p->util_est) of struct .struct util_est.*\\[volatile-aggregate\\]' $TEST_TMP/k && grep -q \"note: 'READ_ONCE' is defined at $K/include/rwonce.h:4 as __READ_ONCE of its argument 'x', a volatile cast of the object's type\" $TEST_TMP/k"
test_expect_success 'audit --no-discover: the same tree needs --preset=linux' \
	"'$RWONCE' audit -q --no-discover '$K' >$TEST_TMP/k2; [ \$? = 0 ] && '$RWONCE' audit -q --no-discover --preset=linux '$K' >$TEST_TMP/k3; [ \$? = 1 ] && grep -q volatile-aggregate $TEST_TMP/k3"

test_done
