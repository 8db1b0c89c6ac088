#!/bin/sh
# On POWER, a return ends a path (issue 31, liburcu on ppc64le): gcc 12
# copies _urcu_bp_read_unlock's uatomic_store into both sides of
# urcu_bp_smp_mb_slave's if, each copy followed by its own blr.
# capstone 4 puts no POWER branch (blr, bctr, b, beq ...) in a jump or
# return group, so scan saw no branch between the two stores and called
# them "duplicated" (3 such findings on liburcu-bp.a, once its members
# with __thread variables were read, t4330).  POWER branches are now told
# by their mnemonic, and b, ba, blr and bctr end a path.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires powerpc64le-linux-gnu-gcc gcc-powerpc64le-linux-gnu
requires powerpc64le-linux-gnu-objdump binutils-powerpc64le-linux-gnu
requires clang-19 clang-19

SRC=$RWONCE_ROOT/tests/scan/user-ppc-return.c

while read -r name cc flags; do
	if ! have_cmd "$cc"; then
		test_skip "$name: a return ends the path" "$(missing_why "$cc")"
		continue
	fi
	# shellcheck disable=SC2086 # the configuration's words
	if ! $cc $flags -O2 -g -c "$SRC" -o "$TEST_TMP/$name.o" 2>"$TEST_TMP/$name.cc"; then
		test_skip "$name: a return ends the path" "$cc $flags cannot build C (see README: make deps)"
		continue
	fi
	test_expect_success "$name: the once-store on each side of the if, each before a blr: ok, not duplicated" '
		case $name in
		gcc-*)	# the shape: two stores, each followed by a blr
			powerpc64le-linux-gnu-objdump -d --no-show-raw-insn "$TEST_TMP/$name.o" >"$TEST_TMP/$name.dis" &&
			test "$(grep -c "std *r[0-9]*,0(r[0-9]*)" "$TEST_TMP/$name.dis")" = 2 &&
			test "$(grep -c "	blr" "$TEST_TMP/$name.dis")" = 2 ;;
		esac &&
		"$RWONCE" scan --no-source "$TEST_TMP/$name.o" >"$TEST_TMP/$name.out" 2>"$TEST_TMP/$name.err" &&
		grep -q "0 findings; 1 site instance: ok 1, torn 0, duplicated 0, widened 0, unattributed 0; 1 site; 1 of 1 file checked" "$TEST_TMP/$name.err"
	'
done <<EOF2
gcc-ppc64le powerpc64le-linux-gnu-gcc
clang-ppc64le clang-19 --target=powerpc64le-linux-gnu
EOF2
test_done
