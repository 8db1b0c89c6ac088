#!/bin/sh
# --sources naming a folder above the build's: Redis is built in its
# src/ (make -C src), so its units' DW_AT_comp_dir is CHECKOUT/src, and
# `--sources CHECKOUT`, the checkout a new user names, put CHECKOUT in
# comp_dir's place: CHECKOUT/aof.c, not there, every unit "no source that
# could be read", exit 2.  Where the moved path is not there, the path's
# longest tail below DIR is looked for, as for a file outside comp_dir:
# CHECKOUT/src/aof.c.  A source found nowhere below DIR is still an
# error naming the moved path.  On the four builds (clang 19 and gcc 12,
# x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

while read -r name cfg; do
	if ! user_config_can "$name" $cfg; then
		test_skip "$name: --sources above the build's folder" "$(user_config_why "$name" $cfg)"
		continue
	fi
	mkdir -p "$TEST_TMP/$name/build/proj/src"
	cd "$TEST_TMP/$name/build/proj/src" || exit 1
	printf '%s\n' 'int flag;' \
		'int get(void) { return *(volatile int *)&flag; }' >c.c
	user_build "$name $cfg" c.c c.o || exit 1
	# the checkout moved after the build, as a copy read elsewhere is
	mkdir -p "$TEST_TMP/$name/copy" "$TEST_TMP/$name/empty"
	cp -R "$TEST_TMP/$name/build/proj" "$TEST_TMP/$name/copy/" &&
		rm -rf "$TEST_TMP/$name/build" || exit 1
	cd "$TEST_TMP/$name/copy/proj/src" || exit 1
	test_expect_success "$name: --sources the checkout, built in its src/: read there, ok" '
		{ "$RWONCE" scan --no-source --sources "$TEST_TMP/$name/copy/proj" c.o >out 2>err; test $? = 0; } &&
		grep -q "ok 1, torn 0" err &&
		! grep -q "error" err
	'
	test_expect_success "$name: a source nowhere below --sources: still an error, exit 2" '
		{ "$RWONCE" scan --no-source --sources "$TEST_TMP/$name/empty" c.o >out 2>err; test $? = 2; } &&
		grep -qF "source '\''$TEST_TMP/$name/empty/c.c'\'' named by its line table cannot be read" err
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
