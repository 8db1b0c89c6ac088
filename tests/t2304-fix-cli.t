#!/bin/sh
# rwonce fix on the command line: usage errors, --macro, --exclude, -j,
# unreadable and binary files, exit statuses.
. "$(dirname "$0")/lib/tap.sh"

FIX="$RWONCE_ROOT/tests/fix"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1

test_expect_success 'no path: the current folder, as audit' "
	mkdir -p '$TEST_TMP/here' && cp '$FIX/no-newline.c' '$TEST_TMP/here/' &&
	(cd '$TEST_TMP/here' && '$RWONCE' fix -q >'$TEST_TMP/here.diff' 2>/dev/null; test \$? = 1) &&
	grep -q '^+++ b/no-newline.c' '$TEST_TMP/here.diff'"
test_expect_failure_msg 'bad --macro: exit 2' "expected NAME=KIND" "
	'$RWONCE' fix --macro FOO '$FIX/no-newline.c' 2>&1; [ \$? = 2 ] || exit 0; exit 1"
test_expect_failure_msg 'unknown --macro kind: exit 2' "unknown kind 'frob'" "
	'$RWONCE' fix --macro FOO=frob '$FIX/no-newline.c' 2>&1; [ \$? = 2 ] || exit 0; exit 1"

test_expect_success '--macro NAME=access-once converts that macro too' "
	printf 'int v;\nvoid f(void) { CMM_ACCESS_ONCE(v) = 1; }\nint g(void) { return CMM_ACCESS_ONCE(v); }\n' >m.c &&
	'$RWONCE' fix -q --macro CMM_ACCESS_ONCE=access-once m.c >m.diff; test \$? = 1 &&
	grep -q '^+void f(void) { WRITE_ONCE(v, 1); }' m.diff &&
	grep -q '^+int g(void) { return READ_ONCE(v); }' m.diff &&
	'$RWONCE' fix -q m.c >plain.diff; test ! -s plain.diff"

test_expect_success '--read-name/--write-name spell the result (their header named)' "
	'$RWONCE' fix -q --macro CMM_ACCESS_ONCE=access --read-name CMM_LOAD_SHARED --write-name CMM_STORE_SHARED --add-include=urcu/system.h m.c >n.diff;
	grep -q 'CMM_STORE_SHARED(v, 1)' n.diff && grep -q 'CMM_LOAD_SHARED(v)' n.diff"

test_expect_success '-j 1 and -j 4 give the same diff, sorted by path' "
	mkdir -p tree/a tree/b && cp '$FIX'/access-once.c tree/b/ && cp '$FIX'/volatile-cast.c tree/a/ &&
	cp '$FIX'/no-newline.c tree/ &&
	'$RWONCE' fix -q -j 1 tree >j1.diff; '$RWONCE' fix -q -j 4 tree >j4.diff;
	cmp j1.diff j4.diff && test \$(grep -c '^diff --git' j1.diff) = 3 &&
	grep '^diff --git' j1.diff | sort -c"

test_expect_success '--exclude skips matching files and folders' "
	'$RWONCE' fix -q --exclude 'b' --exclude 'no-*.c' tree >ex.diff;
	test \$(grep -c '^diff --git' ex.diff) = 1 && grep -q 'tree/a/volatile-cast.c' ex.diff"

test_expect_success 'notes go to stderr, the diff alone to stdout' "
	'$RWONCE' fix tree >out.diff 2>err.txt;
	! grep -q 'note:' out.diff && grep -q 'note: ACCESS_ONCE() left unchanged' err.txt &&
	grep -q '^rwonce fix: 40 sites to convert in 3 files' err.txt"

test_expect_success 'a missing file: error, the rest still done, exit 2' "
	'$RWONCE' fix -q tree/no-newline.c missing.c >mi.diff 2>mi.err; rc=\$?; cat mi.err;
	test \$rc = 2 && grep -q 'missing.c' mi.err && grep -q READ_ONCE mi.diff"

# Root reads any file: as root, the run is made as nobody (setpriv,
# util-linux), in a folder open to it.
AS_USER=
if [ "$(id -u)" = 0 ]; then
	AS_USER="setpriv --reuid=65534 --regid=65534 --clear-groups"
	chmod 755 "$TEST_TMP"
fi
test_expect_success 'an unreadable file: error, exit 2' "
	cp '$FIX/no-newline.c' unr.c && chmod 000 unr.c &&
	$AS_USER '$RWONCE' fix -q unr.c 2>unr.err; rc=\$?; chmod 644 unr.c; cat unr.err;
	test \$rc = 2 && grep -q 'unr.c.*Permission denied' unr.err"

test_expect_success 'a binary file in a tree is skipped with a message' "
	mkdir bin && printf 'int x = ACCESS_ONCE(y);\0\1\2' >bin/blob.c &&
	'$RWONCE' fix -q bin >bin.diff 2>bin.err; test ! -s bin.diff && grep -q 'binary' bin.err"

test_expect_success 'nothing to do: exit 0, no output' "
	printf 'int x;\n' >clean.c && '$RWONCE' fix -q clean.c >c.out && test ! -s c.out"

test_done
