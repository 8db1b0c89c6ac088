#!/bin/sh
# scan finds once-macros whose helper reaches the object by an arrow
# through the volatile-cast pointer (issue 31): nsync built by clang takes
# gcc_old/atomic.h, where ATM_LOAD(p) is NSYNC_ATOMIC_UINT32_LOAD_(
# (volatile nsync_atomic_uint32_ *)(p)) and the helper is ((p)->value)
# under a type check, (*(p)) otherwise.  Discovery did not read
# ((volatile T *)(p))->value as an object of p, so the two definitions
# disagreed, no ATM_* was found, and scan exited 0 having checked the 3
# volatile stores of an assertion.  Now, on the four builds (clang 19 and
# gcc 12, x86-64 and aarch64), with and without the type check:
#   - OLD_LOAD(p)/OLD_STORE(p, v) of lib/oldword.h are once-macros of
#     what p points to, their two helper definitions agreeing;
#   - each use is a site, checked, ok, at the word's width;
#   - OLD_ODD, whose definitions reach another object ((p)->value, or
#     (p)[1]), is no once-macro.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-arrow.c

while read -r name cfg; do
	user_config_enter "$name" "once-macros through an arrow helper" $cfg || continue
	user_build "$name $cfg" "$SRC" h.o -I"$S/user-include" || exit 1
	user_build "$name $cfg" "$SRC" t.o -I"$S/user-include" -DLIB_TYPECHECK=1 || exit 1
	for o in h t; do
		test_expect_success "$name ($o.o): the arrow helper's two definitions agree" '
			{ "$RWONCE" scan -v --no-source $o.o >out 2>err; test $? = 0; } &&
			grep -q "discovery: .OLD_LOAD. is a once-macro of this tree (access-once): .*lib/oldword.h:27 defines it as a volatile cast of what its argument .p. points to, with OLD_WORD_LOAD_ put in (2 definitions, each the same access)$" err &&
			grep -q "discovery: .OLD_STORE. is a once-macro of this tree (write-once): .*lib/oldword.h:28 defines it as a volatile cast of what its argument .p. points to, with OLD_WORD_STORE_ put in (2 definitions, each the same access)$" err &&
			! grep -q "OLD_ODD" err
		'
		test_expect_success "$name ($o.o): each use a site, checked, ok" '
			grep -q "0 findings; 2 site instances: ok 2, torn 0, duplicated 0, widened 0, unattributed 0; 2 sites; 1 of 1 file checked" err &&
			"$RWONCE" scan --json --no-source $o.o >out.json 2>/dev/null &&
			grep -q "\"site\": \"OLD_LOAD(&l->word)\", \"access\": \"read\", \"type\": \"old_word\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
			grep -q "\"site\": \"OLD_STORE(&l->word)\", \"access\": \"write\", \"type\": \"old_word\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" out.json
		'
	done
done <<EOF2
$USER_CONFIGS
EOF2
test_done
