#!/bin/sh
# scan finds once-accessor functions whose body reaches the object through
# a helper macro of another header (issue 31): nsync built by clang takes
# gcc_old/atomic.h, where ATM_LOAD_ACQ(p) calls atm_load_acq_u32_(p), a
# function that loads NSYNC_ATOMIC_UINT32_LOAD_((volatile
# nsync_atomic_uint32_ *)p) and puts a barrier -- the helper defined in
# public/nsync_atomic.h, ((p)->value) under a type check, (*(p))
# otherwise.  Function bodies were read without the helper put in, so
# the function was no accessor and its call sites were not found.  Now,
# on gcc 12 and clang 19 for x86-64, with and without the type check:
#   - hlp_load_u32_ of lib/hlpfn.h is a once-accessor (read-once) of what
#     p points to, with the helper of lib/hlpword.h put in; HLP_LOAD is
#     a once-macro through it, and its use is a site, accounted for
#     (not judged here: gcc puts no code at its columns, and clang's
#     inlined copy is not attributed to it -- the site is named either
#     way, so scan exits 2, "nothing checked", rather than 0);
#   - hlp_odd_u32_, whose helper's definitions reach another object
#     ((p)->value, or (p)[1]), is no accessor, and HLP_ODD no site.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-hlp-fn.c

while read -r name cfg; do
	case $name in
	*-x86) ;;
	*) continue ;;
	esac
	if ! user_config_can "$name" $cfg; then
		test_skip "$name: accessor function through a helper macro" "$(user_config_why "$name" $cfg)"
		continue
	fi
	mkdir -p "$TEST_TMP/$name"
	cd "$TEST_TMP/$name" || exit 1
	user_build "$name $cfg" "$SRC" h.o -I"$S/user-include" || exit 1
	user_build "$name $cfg" "$SRC" t.o -I"$S/user-include" -DLIB_TYPECHECK=1 || exit 1
	for o in h t; do
		test_expect_success "$name ($o.o): the function through the helper is a once-accessor" '
			{ "$RWONCE" scan -v --no-source $o.o >out 2>err; test $? != 1; } &&
			grep -q "discovery: .hlp_load_u32_. is a once-accessor of this tree (read-once): .*lib/hlpfn.h:13 defines it as a function whose body is a volatile cast of what its argument .p. points to, with a helper macro put in (every definition the same place)$" err &&
			grep -q "discovery: .HLP_LOAD. is a once-macro of this tree (read-once): .*lib/hlpfn.h:28 defines it as hlp_load_u32_ of what its argument .p. points to$" err &&
			! grep -q "hlp_odd_u32_\|HLP_ODD" err
		'
		test_expect_success "$name ($o.o): its use is a site, accounted for" '
			{ "$RWONCE" scan --json --no-source $o.o >out.json 2>/dev/null; test $? != 1; } &&
			grep -q "\"site\": \"HLP_LOAD(&l->word)\", .*\"function\": \"hlp_lock_free\"" out.json &&
			! grep -q "HLP_ODD" out.json
		'
	done
done <<EOF2
$USER_CONFIGS
EOF2
test_done
