#!/bin/sh
# A once-accessor's object is torn by every access narrower than it,
# also when the instance holds several, one per path or iteration
# (issue 31, fourth round: libatomic_ops seeded with a 4-byte AO_store
# of its 8-byte AO_t).  A single narrower access of the pointee was
# torn, but two -- clang 19 for aarch64 copies spin()'s inlined store
# into both sides of pause_for()'s if; gcc's rotated loop reads
# AO_stack_pop's list head at the top and at the back edge -- fell
# through to "ok: compiled to one 4-byte store".  Now, where every
# access that counts is narrower than the object a pointer argument
# points to: torn.  clang 19 and gcc 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-narrow-paths.c
L=$(line_of "$SRC" "lib_store_low(&spin_dummy, j);")

while read -r name cfg; do
	user_config_enter "$name" "narrow stores on several paths" $cfg || continue
	user_build "$name $cfg" "$SRC" np.o -I"$S/user-include" || exit 1
	test_expect_success "$name: every instance of the 4-byte store of the 8-byte word is torn, none ok" '
		{ "$RWONCE" scan --no-source --json np.o >out.json 2>err; test $? = 1; } &&
		grep "\"line\": $L, " out.json | grep "\"site\": \"lib_store_low(&spin_dummy)\"" >st.json &&
		test -s st.json &&
		! grep -q "\"verdict\": \"ok\"" st.json &&
		grep -q "\"verdict\": \"torn\", \"why\": \"compiled to \(one 4-byte store\|4-byte stores\) of the 8-byte object its argument points to" st.json
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
