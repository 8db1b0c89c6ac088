#!/bin/sh
# A --macro name that the tree defines two ways (issue 31, third round):
# as a macro forwarding to a once-accessor on one side of an #if, as a
# function with an ordered __atomic store on the other -- libatomic_ops'
# AO_store_release (generalize-small.h's (AO_nop_full(), AO_store(addr,
# val)), generic-small.h's function).  The build compiles the function:
# its use is judged on that function's inlined copy (ok, one 8-byte
# store), and the function's own definition is no site.  Reading the
# #define as the name's meaning lost the use ("not compiled") and made
# the definition a site, once forwarding macros reached accessors
# (07cd844); and a use right after an #endif line was taken for a
# prototype once every --macro name was checked for one.  Since the
# fourth round the release function is a once-accessor itself (an
# ordered __atomic store is one store): its __atomic_store_n is a site
# of its own, checked through the inlined copies (3 sites on clang).
# On clang 19 and gcc 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-twoways.c
H=$S/user-include/lib/twoways.h
D=$(line_of "$H" "static inline void lib_store_release(")
# the second use, after the #endif
E=$(grep -n "lib_store_release(&initialized, 1);" "$SRC" | tail -n 1 | cut -d: -f1)

while read -r name cfg; do
	user_config_enter "$name" "a macro or a function" $cfg || continue
	user_build "$name $cfg" "$SRC" tw.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the use is judged on the function the build compiled" '
		"$RWONCE" scan --no-source --json --macro lib_store_release=write-once \
			--macro lib_store=write-once tw.o >out.json 2>err &&
		grep -q "site instances\{0,1\}: ok [12], torn 0, duplicated 0, widened 0, unattributed 0; [1-3] sites\{0,1\};" err &&
		grep "\"site\": \"lib_store_release(&initialized)\"" out.json |
			grep -q "\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte store\".*\"inline_chain\": \[{\"function\": \"lib_store_release\", \"inlined_into\": \"mark_initialized\""
	'
	test_expect_success "$name: the function definition is no site; a use after #endif is one" '
		! grep "\"line\": $D, " out.json | grep -q "\"site\": " &&
		grep -q "\"line\": $E, " out.json
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
