#!/bin/sh
# A once-access merged with others into code of line 0 is not said to be
# "optimised out" (issue 31, tried on libbpf and nsync, which nobody here
# had tuned for): clang 19 makes one store of feat_supported's three
# WRITE_ONCE(cache->res[feat_id], ...) and gives it a row of line 0, so
# no site has a row; scan called each "optimised out: its function has
# code, its line none" -- the store is there, its line unknown.  Now,
# where the function's ranges hold rows of line 0, the site without
# code says "optimised out, or merged" (the count stays under "optimised
# out": not checked).  That needs the function to be known at all: clang
# names the .c as file 0 of a DWARF 5 unit, which the declaration lookup
# took for "no file", so no function of a clang-built .c was marked
# (with code, or inlined).  On clang 19 for x86-64 and aarch64; gcc 12
# merges the stores on a line (no line 0): its wording is unchanged.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-merged.c
merged="optimised out, or merged: its function has code, its line none, and code of line 0 (made of several lines, as merged accesses are)"

while read -r name cfg; do
	user_config_enter "$name" "merged stores" $cfg || continue
	user_build "$name $cfg" "$SRC" m.o || exit 1
	case $name in
	clang-*)
		test_expect_success "$name: the three merged stores: optimised out, or merged" '
			{ "$RWONCE" scan -v --no-source m.o >out 2>err; test $? = 0; } &&
			test "$(grep -c "user-merged.c:[0-9]*:4: note: WRITE_ONCE(\*res) in .feature.: $merged$" err)" = 3 &&
			grep -q "coverage: 5 sites in 1 of 1 source read: 2 checked, 3 without code (not compiled 0, inlined away 0, optimised out 3, code on other columns 0)" err
		'
		test_expect_success "$name: JSON: the reason optimised_out, the words hedged" '
			"$RWONCE" scan --json --no-source m.o >out.json 2>/dev/null &&
			test "$(grep -c "\"reason\": \"optimised_out\", \"why\": \"$merged\"" out.json)" = 3
		'
		;;
	*)
		test_expect_success "$name: no line 0 in its code: the plain words" '
			"$RWONCE" scan -v --no-source m.o >out 2>err
			! grep -q "or merged" err
		'
		;;
	esac
done <<EOF2
$USER_CONFIGS
EOF2
test_done
