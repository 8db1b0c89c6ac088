#!/bin/sh
# The scan plugin is optional: a build without LLVM's headers (here
# SCAN_LLVM_PREFIX= , what make finds on a machine without llvm-*-dev)
# compiles none of the plugin's sources -- src/scan/ and src/elf/dwarf-*,
# which need libdw, capstone and LLVM's headers -- only the loader, links
# a tool that runs every other command, and `rwonce scan` says that scan
# is not available, what was missing, and what to install (exit 2).  The
# build goes to a private folder, so that the main build is not touched.
. "$(dirname "$0")/lib/tap.sh"
need_cmd make
mentions llvm-dev

B=$TEST_TMP/noscan
test_expect_success 'make -n SCAN_LLVM_PREFIX=: no plugin source is compiled, the loader is' '
	make -n -C "$RWONCE_ROOT" V=1 BUILD="$B" SCAN_LLVM_PREFIX= all >"$TEST_TMP/n.log" 2>&1 &&
	grep -o " -o [^ ]*\\.o" "$TEST_TMP/n.log" | sed "s| -o $B/||" | sort >"$TEST_TMP/objs" &&
	grep -qx "src/scan/scan-load.o" "$TEST_TMP/objs" &&
	grep -qx "src/audit/audit.o" "$TEST_TMP/objs" &&
	! grep -v "^src/scan/scan-load.o$" "$TEST_TMP/objs" | grep "^src/scan/\\|^src/elf/dwarf-" &&
	! grep -q "rwonce-scan.so" "$TEST_TMP/n.log"'

test_expect_success 'make SCAN_LLVM_PREFIX= builds the tool' '
	make -s -C "$RWONCE_ROOT" -j2 BUILD="$B" SCAN_LLVM_PREFIX= "$B/rwonce" >"$TEST_TMP/b.log" 2>&1; rc=$?
	cat "$TEST_TMP/b.log"; test $rc = 0 &&
	test -z "$(find "$B/src/scan" "$B/src/elf" -name "*.o" ! -name scan-load.o 2>/dev/null | grep "/src/scan/\\|/dwarf-")" &&
	test ! -e "$B/rwonce-scan.so" && grep -q "^SCAN=off (missing: llvm-dev)" "$B/RWONCE-CONFIG"'

mkdir -p "$TEST_TMP/src"
printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\nint f;\nint g(void) { return ACCESS_ONCE(f); }\n' >"$TEST_TMP/src/a.c"
test_exit_msg 2 'rwonce scan says scan is not available, what was missing and what to install' \
	'^rwonce: error: rwonce scan is not available: this rwonce was built without its plugin \(missing: llvm-dev\); .*apt-get install libdw-dev libcapstone-dev nettle-dev llvm-dev' \
	"$B/rwonce" scan "$RWONCE_BUILD/rwonce"
test_exit_msg 0 'rwonce version --json says scan was not built, and why' \
	'"scan": \{ "built": false, "why": "missing: llvm-dev" \}' "$B/rwonce" version --json
test_exit_msg 1 'the other commands work: audit finds the finding' \
	'src/a.c:3:.*\[access-once\]' "$B/rwonce" audit "$TEST_TMP/src"
test_done
