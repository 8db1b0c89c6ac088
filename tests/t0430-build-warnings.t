#!/bin/sh
# The whole build -- the tool, the clang engine plugin, the QEMU tracer
# plugin and the test front ends -- is -Wall -Wextra -Werror clean with
# gcc and with clang (the Makefile's WARNFLAGS), each in a private build
# folder so that the main build is not touched.
. "$(dirname "$0")/lib/tap.sh"
requires clang clang
need_cmd make

for cc in gcc clang; do
	if ! have_cmd "$cc"; then
		test_skip "make CC=$cc: no warning" "$(missing_why "$cc")"
		continue
	fi
	test_expect_success "make CC=$cc: no warning, no error" "
		make -s -C '$RWONCE_ROOT' -j2 CC=$cc BUILD='$TEST_TMP/$cc' all \
			>'$TEST_TMP/$cc.log' 2>&1; rc=\$?
		cat '$TEST_TMP/$cc.log'
		test \$rc = 0 && ! grep -Ei 'warning:|error:' '$TEST_TMP/$cc.log'"
	test_expect_success "make CC=$cc: the tool runs" \
		"'$TEST_TMP/$cc/rwonce' --version | grep -q '^rwonce '"
done
test_done
