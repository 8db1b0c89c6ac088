#!/bin/sh
# A use of a discovered once-macro whose object is spelled from its
# parameters (#define STATE_OF(v) READ_ONCE((v).state); the kernel's
# RB_EMPTY_ROOT(root), READ_ONCE((root)->rb_node), task_is_running,
# __task_cred ...) was dropped without a word: no site, no note, in no
# count -- 216 uses in Debian's 6.1 vmlinux.  Such a use is now a site,
# its object placed with the use's arguments (t4480); one whose object
# cannot be spelled so -- a member parameter is given 'in.b' -- is
# named, "not checked", with the reason, counted on
# the coverage line and listed in the JSON (reason "unplaced"); one that
# names __VA_ARGS__ is placed with the use's one variable argument
# (t4512: STATE_VA(lg) is ((lg)).state, ok).  Uses of
# macros whose object is an argument stay sites, the fifth argument too
# (PICK5: scan read four, and dropped the use).
. "$(dirname "$0")/lib/tap.sh"
requires gcc gcc
requires clang-19 clang-19

cd "$TEST_TMP" || exit 1
cat >u.c <<'EOF_C'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct in { int a; int b; };
struct log { int pad; int state; struct in in; };
int flag;
struct log lg;
#define FLAG_GET() READ_ONCE(flag)
#define STATE_OF(v) READ_ONCE((v).state)
#define STATE_PTR(p) READ_ONCE((p)->state)
#define PICK5(a, b, c, d, x) (READ_ONCE(x) + (a) + (b) + (c) + (d))
#define STATE_VA(...) READ_ONCE((__VA_ARGS__).state)
#define MEMBER_OF(p, m) READ_ONCE((p)->m)

int a(void) { return FLAG_GET(); }
int b(void) { return STATE_OF(lg); }
int c(struct log *p) { return STATE_PTR(p); }
int e(void) { return PICK5(1, 2, 3, 4, flag); }
int f(void) { return STATE_VA(lg); }
int g(struct log *p) { return MEMBER_OF(p, in.b); }
EOF_C

for cc in gcc clang-19; do
	$cc -O2 -g -c u.c -o u-$cc.o 2>cc.err || { cat cc.err; exit 1; }
	"$RWONCE" scan -v u-$cc.o >out-$cc 2>err-$cc
	echo $? >rc-$cc
	"$RWONCE" scan --json u-$cc.o >json-$cc 2>/dev/null
	test_expect_success "$cc: a use not placed named, not checked, with its object's spelling and why" "
		grep -q '\"site\": \"STATE_VA(lg)\", \"access\": \"read\", \"type\": \"int\", \"size\": 4,[^{]*\"verdict\": \"ok\"' json-$cc &&
		grep -q \"u.c:18:31: note: MEMBER_OF(p, in.b): not checked: its object, '(p)->m', is spelled from the macro's parameters, and a member it names is an argument of this use that is no one identifier\" err-$cc"
	test_expect_success "$cc: counted on the coverage line, the placed uses checked" "
		grep -q '5 sites in 1 of 1 source read: 5 checked, .*; 1 use of a once-macro whose object is not placed (not checked); 0 of 5 instances unattributed' err-$cc &&
		! grep -q 'STATE_OF(lg): not checked' err-$cc &&
		grep -q '\"site\": \"STATE_OF(lg)\", \"access\": \"read\", \"type\": \"int\", \"size\": 4,[^{]*\"verdict\": \"ok\"' json-$cc &&
		grep -q '\"site\": \"STATE_PTR(p)\", \"access\": \"read\", \"type\": \"int\", \"size\": 4,[^{]*\"verdict\": \"ok\"' json-$cc &&
		test \$(cat rc-$cc) = 0"
	test_expect_success "$cc: a macro's fifth argument as its object: a site, ok" "
		grep -q 'site instances: ok 5, torn 0' err-$cc &&
		grep -q '\"site\": \"PICK5(flag)\", \"access\": \"read\", \"type\": \"int\", \"size\": 4,' json-$cc"
	test_expect_success "$cc: JSON: the count and each use, reason unplaced" "
		grep -q '\"unplaced\": 1,' json-$cc &&
		test \$(grep -c '\"reason\": \"unplaced\"' json-$cc) = 1"
done
test_done
