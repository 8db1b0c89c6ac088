#!/bin/sh
# rwonce scan lives in a plugin (build/rwonce-scan.so) so that libdw and
# capstone cost nothing to the other commands (mk/70-scan.mk has the
# measurement): rwonce itself does not load them, and a missing or foreign
# plugin is said clearly.
. "$(dirname "$0")/lib/tap.sh"
need_cmd ldd

test_expect_success 'rwonce does not link libdw, libelf, capstone or nettle' '
	ldd "$RWONCE" >"$TEST_TMP/ldd" &&
	! grep -Eq "libdw|libelf|capstone|nettle" "$TEST_TMP/ldd"
'

if [ -f "$RWONCE_BUILD/rwonce-scan.so" ]; then
	test_expect_success 'the plugin links them' '
		ldd "$RWONCE_BUILD/rwonce-scan.so" | grep -q libdw &&
		ldd "$RWONCE_BUILD/rwonce-scan.so" | grep -q capstone
	'
	test_expect_failure_msg 'a plugin that is not there: said, exit 2' \
		'rwonce: error: rwonce scan cannot run: the scan plugin .*none.so \(from RWONCE_SCAN_PLUGIN\) does not exist' '
		RWONCE_SCAN_PLUGIN=$TEST_TMP/none.so "$RWONCE" scan "$RWONCE"; test $? = 2 && false
	'
	if [ -f "$RWONCE_BUILD/rwonce-clang.so" ]; then
		test_expect_failure_msg 'another shared object: not the scan plugin, exit 2' \
			'rwonce-clang.so is not the scan plugin of this rwonce' '
			RWONCE_SCAN_PLUGIN=$RWONCE_BUILD/rwonce-clang.so "$RWONCE" scan "$RWONCE"
			test $? = 2 && false
		'
	else
		test_skip 'a foreign plugin' 'no build/rwonce-clang.so to stand in (apt-get install libclang-dev)'
	fi
else
	test_skip 'the plugin links libdw and capstone' \
		'no build/rwonce-scan.so (apt-get install libdw-dev libcapstone-dev nettle-dev, then make)'
	test_expect_failure_msg 'without the plugin: what to install, exit 2' \
		'apt-get install libdw-dev libcapstone-dev nettle-dev' '"$RWONCE" scan "$RWONCE"'
fi

test_done
