#!/bin/sh
# rwonce fix --in-place: atomic replacement that keeps the mode, refuses
# read-only files, symbolic links and files changed since they were read,
# never leaves a temporary file, and is idempotent.
. "$(dirname "$0")/lib/tap.sh"

FIX="$RWONCE_ROOT/tests/fix"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
requires patch patch
need_cmd patch
cd "$TEST_TMP" || exit 1

no_temp_files() {
	! ls -a "$1" | grep -q 'rwonce-'
}

test_expect_success 'in place: the file becomes what the diff says' "
	mkdir a b && cp '$FIX/access-once.c' a/ && cp '$FIX/access-once.c' b/ &&
	(cd a && '$RWONCE' fix -q --in-place access-once.c; test \$? = 1) &&
	(cd b && patch -p1 -s <'$FIX/access-once.diff') &&
	cmp a/access-once.c b/access-once.c && no_temp_files a"

test_expect_success 'in place: the mode is kept' "
	mkdir m && cp '$FIX/no-newline.c' m/ && chmod 640 m/no-newline.c &&
	'$RWONCE' fix -q --in-place m/no-newline.c;
	test \"\$(stat -c %a m/no-newline.c)\" = 640 &&
	grep -q READ_ONCE m/no-newline.c"

test_expect_success 'in place: a second run changes nothing (idempotent)' "
	cp a/access-once.c again.c && '$RWONCE' fix -q --in-place again.c;
	test \$? = 1 && cmp again.c a/access-once.c &&
	'$RWONCE' fix -q again.c >again.diff; test ! -s again.diff"

test_expect_success 'in place: a read-only file is refused and kept' "
	mkdir ro && cp '$FIX/no-newline.c' ro/ && chmod 444 ro/no-newline.c &&
	{ '$RWONCE' fix -q --in-place ro/no-newline.c 2>ro.err; test \$? = 2; } &&
	grep -q 'ro/no-newline.c is read-only; not modified' ro.err &&
	cmp ro/no-newline.c '$FIX/no-newline.c' && no_temp_files ro"

test_expect_success 'in place: the other files are still fixed after a refusal' "
	mkdir mix && cp '$FIX/no-newline.c' mix/ro.c && cp '$FIX/no-newline.c' mix/rw.c &&
	chmod 444 mix/ro.c &&
	{ '$RWONCE' fix -q --in-place mix 2>mix.err; test \$? = 2; } &&
	grep -q 'is read-only' mix.err &&
	grep -q READ_ONCE mix/rw.c && ! grep -q READ_ONCE mix/ro.c"

test_expect_success 'in place: a symbolic link is refused' "
	mkdir ln && cp '$FIX/no-newline.c' ln/target.c && ln -s target.c ln/link.c &&
	{ '$RWONCE' fix -q --in-place ln/link.c 2>ln.err; test \$? = 2; } &&
	grep -q 'symbolic link' ln.err &&
	cmp ln/target.c '$FIX/no-newline.c' && test -L ln/link.c"

if have_cmd mkfifo; then
	# The test hook stops fix just before its final check; we change the
	# file then, exactly where a concurrent editor would do most harm.
	test_expect_success 'in place: a file changed during the run is refused' "
		mkdir ch && cp '$FIX/access-once.c' ch/ && mkfifo ch.fifo
		{ RWONCE_TEST_INPLACE_FIFO=\$PWD/ch.fifo '$RWONCE' fix -q --in-place ch/access-once.c >ch.out 2>&1; echo \$? >ch.rc; } &
		read path <ch.fifo && echo '/* edited meanwhile */' >>ch/access-once.c &&
		echo go >ch.fifo && wait && cat ch.out &&
		grep -q 'changed since it was read; not modified' ch.out &&
		test \$(cat ch.rc) = 2 &&
		tail -n 1 ch/access-once.c | grep -q 'edited meanwhile' &&
		grep -q 'ACCESS_ONCE(flag) = 1;' ch/access-once.c && no_temp_files ch"
	test_expect_success 'in place: a file deleted during the run is reported' "
		mkdir del && cp '$FIX/access-once.c' del/ && mkfifo del.fifo
		{ RWONCE_TEST_INPLACE_FIFO=\$PWD/del.fifo '$RWONCE' fix -q --in-place del/access-once.c >del.out 2>&1; echo \$? >del.rc; } &
		read path <del.fifo && rm del/access-once.c && echo go >del.fifo && wait &&
		cat del.out && grep -q 'disappeared while it was being fixed' del.out &&
		test \$(cat del.rc) = 2 && ! test -e del/access-once.c && no_temp_files del"
else
	test_skip 'in place: a file changed during the run is refused' 'mkfifo missing'
	test_skip 'in place: a file deleted during the run is reported' 'mkfifo missing'
fi

# Root may write any folder: as root, the run is made as nobody
# (setpriv, util-linux), owning the file, with the folders open to it.
AS_USER= OWN=:
if [ "$(id -u)" = 0 ]; then
	AS_USER="setpriv --reuid=65534 --regid=65534 --clear-groups"
	OWN="chown 65534:65534"
	chmod 755 "$TEST_TMP"
fi
test_expect_success 'in place: an unwritable folder: reported, file kept' "
	mkdir nd && cp '$FIX/no-newline.c' nd/ && $OWN nd/no-newline.c && chmod 555 nd &&
	{ $AS_USER '$RWONCE' fix -q --in-place nd/no-newline.c 2>nd.err; rc=\$?; chmod 755 nd; cat nd.err; test \$rc = 2; } &&
	grep -q 'cannot create a temporary file' nd.err &&
	! grep -q READ_ONCE nd/no-newline.c"

test_done
