#!/bin/sh
# scan finds once-macros that reach their object through a helper macro
# defined one way per configuration (issue 31, tried on nsync, nobody
# here had tuned for it): nsync's ATM_LOAD(p) is __atomic_load_n(
# NSYNC_ATOMIC_UINT32_PTR_(p), __ATOMIC_RELAXED), where the helper is
# &(p)->value under a type check and (p) otherwise.  Discovery read the
# body as it stands, whose pointer names a macro, not a parameter: no
# once-macro, and nsync built by gcc 12 was "3 sites, ok 3, exit 0" (the
# volatile stores of an assertion) with its ATM_LOAD/ATM_STORE uses
# unread.  Now, on the four builds (clang 19 and gcc 12, x86-64 and
# aarch64):
#   - WORD_LOAD(p)/WORD_STORE(p, v) of lib/word.h are once-macros of
#     what p points to, listed with the helper put in and how many of
#     its definitions agree;
#   - each use is a site, checked, ok -- also built with the type check
#     (the struct of one member);
#   - ODD_LOAD, whose helper's definitions disagree on the object (a
#     member of *p, or what *p points to), is no once-macro.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-helpers.c

while read -r name cfg; do
	user_config_enter "$name" "once-macros through a helper" $cfg || continue
	user_build "$name $cfg" "$SRC" h.o -I"$S/user-include" || exit 1
	user_build "$name $cfg" "$SRC" t.o -I"$S/user-include" -DLIB_TYPECHECK=1 || exit 1
	test_expect_success "$name: the helper put in, its two definitions agree" '
		{ "$RWONCE" scan -v --no-source h.o >out 2>err; test $? = 0; } &&
		grep -q "discovery: .WORD_LOAD. is a once-macro of this tree (read-once): .*lib/word.h:24 defines it as a relaxed __atomic_load_n of what its argument .p. points to, with LIB_WORD_PTR put in (2 definitions, each the same access)$" err &&
		grep -q "discovery: .WORD_STORE. is a once-macro of this tree (write-once): .*lib/word.h:25 defines it as a relaxed __atomic_store_n of what its argument .p. points to, with LIB_WORD_PTR put in (2 definitions, each the same access)$" err &&
		! grep -q "ODD_LOAD" err
	'
	test_expect_success "$name: each use a site, checked, ok" '
		grep -q "0 findings; 2 site instances: ok 2, torn 0, duplicated 0, widened 0, unattributed 0; 2 sites; 1 of 1 file checked" err &&
		"$RWONCE" scan --json --no-source h.o >out.json 2>/dev/null &&
		grep -q "\"site\": \"WORD_LOAD(&l->word)\", \"access\": \"read\", \"type\": \"lib_word\", \"size\": 4, \"aggregate\": false, \"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
		grep -q "\"site\": \"WORD_STORE(&l->word)\", \"access\": \"write\", \"type\": \"lib_word\", \"size\": 4, \"aggregate\": false, \"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" out.json
	'
	test_expect_success "$name: built with the type check, the same sites" '
		{ "$RWONCE" scan --no-source t.o >out 2>err; test $? = 0; } &&
		grep -q "0 findings; 2 site instances: ok 2, torn 0, duplicated 0, widened 0, unattributed 0; 2 sites; 1 of 1 file checked" err
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
