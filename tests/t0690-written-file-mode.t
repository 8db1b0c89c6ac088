#!/bin/sh
# Every file the user names (--update-baseline, --output) is replaced
# whole through a temporary file, which is made 0600; the result must have
# the mode the user expects: a new file as any new file (0666 less the
# umask), an existing file its own mode.  Before, --update-baseline left
# 0600 and --output reset an existing file to 0666 less the umask.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
export NO_PROGRESS=1 SOURCE_DATE_EPOCH=1700000000
cd "$TEST_TMP" || exit 1

mkdir -p u
cat >u/a.c <<'C'
int flag;
int get(void) { return *(volatile int *)&flag; }
C

test_expect_success '--update-baseline: a new file is 0666 less the umask (022: 644)' '
	(umask 022 && "$RWONCE" audit --update-baseline new.json u >/dev/null 2>&1) &&
	test "$(stat -c %a new.json)" = 644
'
test_expect_success '--update-baseline: a new file under umask 027 is 640' '
	(umask 027 && "$RWONCE" audit --update-baseline new27.json u >/dev/null 2>&1) &&
	test "$(stat -c %a new27.json)" = 640
'
test_expect_success '--update-baseline: an existing file keeps its mode (604)' '
	echo "[]" >old.json && chmod 604 old.json &&
	(umask 077 && "$RWONCE" audit --update-baseline old.json u >/dev/null 2>&1) &&
	test "$(stat -c %a old.json)" = 604 &&
	grep -q flag old.json
'
test_expect_success '--output: a new file is 0666 less the umask (022: 644)' '
	(umask 022 && "$RWONCE" audit --output json=o.json u >/dev/null 2>&1
	 test $? = 1) &&
	test "$(stat -c %a o.json)" = 644
'
test_expect_success '--output: an existing file keeps its mode (640), under umask 022' '
	: >kept.json && chmod 640 kept.json &&
	(umask 022 && "$RWONCE" audit --output json=kept.json u >/dev/null 2>&1
	 test $? = 1) &&
	test "$(stat -c %a kept.json)" = 640 && test -s kept.json
'
test_expect_success 'the named-temporary-file path (no O_TMPFILE) gives the same modes' '
	echo "[]" >old2.json && chmod 604 old2.json &&
	(umask 022 && RWONCE_TEST_NO_TMPFILE=1 "$RWONCE" audit --update-baseline new2.json u >/dev/null 2>&1 &&
	 RWONCE_TEST_NO_TMPFILE=1 "$RWONCE" audit --update-baseline old2.json u >/dev/null 2>&1) &&
	test "$(stat -c %a new2.json)" = 644 && test "$(stat -c %a old2.json)" = 604
'

test_done
