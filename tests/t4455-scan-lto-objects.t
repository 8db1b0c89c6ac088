#!/bin/sh
# An object built with -flto holds no code: gcc's (without
# -ffat-lto-objects) only its intermediate language, in .gnu.lto_*
# sections; clang's is LLVM bitcode, no ELF.  Redis builds with -O3 -flto
# by default: its objects scanned as a new user would were "no code:
# nothing to check", a warning, and beside one object built without -flto
# the run exited 0, the LTO object's sites never checked.  Its code is
# made when it is linked, so such an object is not checked, with the
# reason, and the run exits 2; a fat LTO object (code too) is checked.
# On the four builds (clang 19 and gcc 12, x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

while read -r name cfg; do
	user_config_enter "$name" "an -flto object is not checked" $cfg || continue
	printf '%s\n' 'int flag;' \
		'int get(void) { return *(volatile int *)&flag; }' >c.c
	user_build "$name $cfg" c.c plain.o || exit 1
	user_build "$name $cfg" c.c lto.o -flto || exit 1
	case $name in
	gcc-*) why="lto.o: GCC's intermediate language only (built with -flto): its code is made when it is linked; scan the linked program, or build with -ffat-lto-objects or without -flto" ;;
	*) why="lto.o: LLVM bitcode (built with -flto): its code is made when it is linked; scan the linked program, or build without -flto" ;;
	esac
	test_expect_success "$name: beside a plain object, an -flto one is not checked: exit 2" '
		{ "$RWONCE" scan --no-source plain.o lto.o >out 2>err; test $? = 2; } &&
		grep -qF "rwonce: error: $why" err &&
		grep -q "1 of 2 files checked, 1 that could not be checked" err &&
		grep -q "ok 1, torn 0" err
	'
	case $name in gcc-*)
		user_build "$name $cfg" c.c fat.o -flto -ffat-lto-objects || exit 1
		test_expect_success "$name: a fat -flto object (code too) is checked" '
			{ "$RWONCE" scan --no-source fat.o >out 2>err; test $? = 0; } &&
			grep -q "ok 1, torn 0" err
		'
	esac
done <<EOF2
$USER_CONFIGS
EOF2
test_done
