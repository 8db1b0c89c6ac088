#!/bin/sh
# A use of a discovered once-macro whose object is spelled from its
# parameters (#define STATE_OF(v) READ_ONCE((v).state); the kernel's
# RB_EMPTY_ROOT(root), READ_ONCE((root)->rb_node), task_is_running,
# __task_cred ...) was dropped without a word: no site, no note, in no
# count -- 216 uses in Debian's 6.1 vmlinux.  scan does not place such
# an object yet; each use is now named, "not checked", with the object's
# spelling, counted on the coverage line and listed in the JSON (reason
# "unplaced").  Uses of macros whose object is an argument stay sites,
# the fifth argument too (PICK5: scan read four, and dropped the use).
. "$(dirname "$0")/lib/tap.sh"
requires gcc gcc
requires clang-19 clang-19

cd "$TEST_TMP" || exit 1
cat >u.c <<'EOF_C'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct log { int pad; int state; };
int flag;
struct log lg;
#define FLAG_GET() READ_ONCE(flag)
#define STATE_OF(v) READ_ONCE((v).state)
#define STATE_PTR(p) READ_ONCE((p)->state)
#define PICK5(a, b, c, d, x) (READ_ONCE(x) + (a) + (b) + (c) + (d))

int a(void) { return FLAG_GET(); }
int b(void) { return STATE_OF(lg); }
int c(struct log *p) { return STATE_PTR(p); }
int e(void) { return PICK5(1, 2, 3, 4, flag); }
EOF_C

for cc in gcc clang-19; do
	$cc -O2 -g -c u.c -o u-$cc.o 2>cc.err || { cat cc.err; exit 1; }
	"$RWONCE" scan -v u-$cc.o >out-$cc 2>err-$cc
	echo $? >rc-$cc
	"$RWONCE" scan --json u-$cc.o >json-$cc 2>/dev/null
	test_expect_success "$cc: each use named, not checked, with its object's spelling" "
		grep -q \"u.c:11:22: note: STATE_OF(lg): not checked: its object, '(v).state', is spelled from the macro's parameters\" err-$cc &&
		grep -q \"u.c:12:31: note: STATE_PTR(p): not checked: its object, '(p)->state', is spelled from the macro's parameters\" err-$cc"
	test_expect_success "$cc: counted on the coverage line, the checked site still checked" "
		grep -q '2 sites in 1 of 1 source read: 2 checked, .*; 2 uses of a once-macro whose object is not placed (not checked); 0 of 2 instances unattributed' err-$cc &&
		test \$(cat rc-$cc) = 0"
	test_expect_success "$cc: a macro's fifth argument as its object: a site, ok" "
		grep -q 'site instances: ok 2, torn 0' err-$cc &&
		grep -q '\"site\": \"PICK5(flag)\", \"access\": \"read\", \"type\": \"int\", \"size\": 4,' json-$cc"
	test_expect_success "$cc: JSON: the count and each use, reason unplaced" "
		grep -q '\"unplaced\": 2,' json-$cc &&
		test \$(grep -c '\"reason\": \"unplaced\"' json-$cc) = 2"
done
test_done
