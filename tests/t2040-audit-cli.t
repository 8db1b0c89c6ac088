#!/bin/sh
# rwonce audit from the command line: exit statuses, options, colour, and
# the bad-input table of doc/audit.md (each input gets a clear message and
# the run goes on where that makes sense).
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
T=$TEST_TMP/tree
mkdir -p "$T/src/sub" "$T/gen"
chmod 755 "$TEST_TMP" "$T"
printf 'int x;\nint f(void) { return *(volatile int *)&x; }\n' >"$T/src/a.c"
printf 'int y;\nint get(void) { return READ_ONCE(y); }\n' >"$T/src/clean.c"
printf 'int z = *(volatile int *)&x;\n' >"$T/gen/skip.c"
printf 'ACCESS_ONCE(q) = 1;\n' >"$T/src/sub/b.h"
printf 'not C, and not .c or .h\n' >"$T/src/notes.txt"

audit() { "$RWONCE" audit "$@"; }

test_expect_success 'exit 1 and GCC-style lines when there are findings' \
	"audit -q $T >$TEST_TMP/o; [ \$? = 1 ] && grep -Eq '^$T/src/a.c:2:22: note: .* \\[volatile-cast\\]\$' $TEST_TMP/o"
test_expect_success 'exit 0 on a clean file (its access marked)' "audit -q $T/src/clean.c"
test_expect_success 'only .c and .h files are searched in directories' \
	"audit -q $T >$TEST_TMP/o; ! grep -q notes.txt $TEST_TMP/o && grep -q 'sub/b.h' $TEST_TMP/o"
test_expect_success 'a named file is read whatever its name' \
	"cp $T/src/a.c $TEST_TMP/code.inc && audit -q $TEST_TMP/code.inc >$TEST_TMP/o; [ \$? = 1 ] && grep -q code.inc $TEST_TMP/o"
test_expect_failure_msg 'exit 2 and a message for a missing path' \
	"rwonce: error: $T/nope: No such file" "audit -q $T/nope"
test_expect_failure_msg 'a missing path does not stop the others' \
	'a.c:2:22' "audit -q $T/nope $T/src/a.c 2>&1; [ \$? = 2 ] && false"
test_expect_failure_msg 'bad --format' 'unknown format' "audit --format=xml $T"
test_expect_failure_msg 'bad --macro kind' "unknown kind 'volatile'" "audit --macro FOO=volatile $T"
test_expect_failure_msg 'bad --macro name' 'not a C identifier' "audit --macro 1X=read-once $T"
test_expect_failure_msg 'unknown rule' "unknown rule 'nope'" "audit --enable nope $T"
test_expect_success '--list-rules: double-fetch is off by default' \
	"audit --list-rules | grep -Eq '^double-fetch +off' && audit --list-rules --enable double-fetch | grep -Eq '^double-fetch +on'"
test_expect_success '--disable turns a rule off' \
	"audit -q --disable volatile-cast $T/src/a.c"
test_expect_success '--exclude skips files and prunes directories' \
	"audit -q $T >$TEST_TMP/o; grep -q gen/skip.c $TEST_TMP/o && audit -q --exclude gen --exclude '*.h' $T >$TEST_TMP/o2; ! grep -q 'gen/skip.c\\|b.h' $TEST_TMP/o2 && grep -q a.c $TEST_TMP/o2"
test_expect_success '--exclude with a slash is anchored at the walked folder' \
	"cd $T && $RWONCE audit -q --exclude 'src/sub' . >$TEST_TMP/o3; grep -q './src/a.c' $TEST_TMP/o3 && ! grep -q 'b.h' $TEST_TMP/o3"
test_expect_success '--macro makes a project macro an ACCESS_ONCE' \
	"printf 'int v = MY_ONCE(x);\\n' >$TEST_TMP/m.c && { audit -q $TEST_TMP/m.c 2>$TEST_TMP/e; [ \$? = 2 ]; } && grep -q 'nothing checked' $TEST_TMP/e && audit -q --macro MY_ONCE=access-once $TEST_TMP/m.c >$TEST_TMP/o; [ \$? = 1 ] && grep -q 'MY_ONCE(x) is an ACCESS_ONCE-style' $TEST_TMP/o"
test_expect_success 'a per-rule summary on stderr, none with -q' \
	"audit $T >/dev/null 2>$TEST_TMP/e; grep -q '^rwonce audit: 3 findings in 3 of 5 files: access-once 1, volatile-cast 2\$' $TEST_TMP/e && audit -q $T >/dev/null 2>$TEST_TMP/e2; [ ! -s $TEST_TMP/e2 ]"
test_expect_success 'no colour when stdout is not a terminal' \
	"audit -q $T >$TEST_TMP/o; ! grep -q \"\$(printf '\\033')\" $TEST_TMP/o"
if have_cmd script; then
	test_expect_success 'colour on a terminal, none with NO_COLOR' \
		"script -qec '$RWONCE audit -q --no-progress $T/src/a.c' /dev/null >$TEST_TMP/tty; grep -q \"\$(printf '\\033')\\[\" $TEST_TMP/tty && NO_COLOR=1 script -qec '$RWONCE audit -q --no-progress $T/src/a.c' /dev/null >$TEST_TMP/tty2; ! grep -q \"\$(printf '\\033')\\[\" $TEST_TMP/tty2"
else
	test_skip 'colour on a terminal, none with NO_COLOR' 'script (bsdutils) not installed'
fi

# ---- the bad-input table ----
B=$TEST_TMP/bad
mkdir -p "$B"
chmod 755 "$B"
printf 'int x;\000binary\n' >"$B/binary.c"
{ head -c 9000 /dev/zero | tr '\0' ' '; printf 'int a = *(volatile int *)&x;\000 y;\n'; } >"$B/nul.c"
printf 'int a = *(volatile int *)&x; \377\376 z;\n' >"$B/utf8.c"
printf 'int a = *(volatile int *)&x;\n/* never closed\n' >"$B/comment.c"
printf 'int a = *(volatile int *)&x;\nchar *s = "never closed\n' >"$B/string.c"
printf "int a = *(volatile int *)&x;\nchar c = 'x\n" >"$B/char.c"
printf '#error don'"'"'t warn about this\nint a = *(volatile int *)&x;\n' >"$B/directive.c"

audit -q --no-progress "$B" >"$TEST_TMP/bad.out" 2>"$TEST_TMP/bad.err"
echo $? >"$TEST_TMP/bad.rc"
test_expect_success 'bad inputs: the run goes on, exit 1 for the findings' \
	"[ \$(cat $TEST_TMP/bad.rc) = 1 ] && [ \$(wc -l <$TEST_TMP/bad.out) = 6 ]"
test_expect_success 'binary file: skipped with a message' \
	"grep -q 'binary.c: binary file (NUL byte at offset 6), skipped' $TEST_TMP/bad.err"
test_expect_success 'NUL bytes past the binary probe: located, lexed around' \
	"grep -q 'nul.c:1:9029: NUL byte in the code' $TEST_TMP/bad.err && grep -q '^$B/nul.c:1:9009:' $TEST_TMP/bad.out"
test_expect_success 'invalid UTF-8: located, lexed around' \
	"grep -q 'utf8.c:1:30: invalid UTF-8 in the code' $TEST_TMP/bad.err"
test_expect_success 'unterminated comment, string, character: each located' \
	"grep -q 'comment.c:2:1: unterminated comment' $TEST_TMP/bad.err && grep -q 'string.c:2:11: unterminated string literal' $TEST_TMP/bad.err && grep -q 'char.c:2:10: unterminated character literal' $TEST_TMP/bad.err"
test_expect_success 'an apostrophe in #error is not a problem' \
	"! grep -q directive.c $TEST_TMP/bad.err"

# 100 MB on one line: skipped by default (--max-size), lexed on request.
{ printf 'int v = *(volatile int *)&x; '; head -c 100000000 /dev/zero | tr '\0' 'x'; printf ';\n'; } >"$TEST_TMP/huge.c"
test_expect_success 'a 100 MB single line named: not checked above --max-size, an error in MiB, exit 2' \
	"audit -q $TEST_TMP/huge.c 2>$TEST_TMP/e; [ \$? = 2 ] && grep -q 'error: .*huge.c: 95.4 MiB, larger than --max-size=64 (MiB); not checked' $TEST_TMP/e && grep -q 'nothing checked' $TEST_TMP/e"
test_expect_success 'a 100 MB single line: lexed with --max-size=200' \
	"audit -q --max-size=200 $TEST_TMP/huge.c >$TEST_TMP/o; [ \$? = 1 ] && grep -q 'huge.c:1:9:' $TEST_TMP/o"
rm -f "$TEST_TMP/huge.c"

awk 'BEGIN { printf "int f(void) { return "; for (i = 0; i < 100000; i++) printf "(*(volatile int *)&ACCESS_ONCE("; printf "x"; for (i = 0; i < 100000; i++) printf "))"; print "; }" }' >"$TEST_TMP/deep.c"
test_expect_success 'deeply nested parentheses (100000 levels) in linear time' \
	"timeout 60 $RWONCE audit -q $TEST_TMP/deep.c >$TEST_TMP/o; [ \$? = 1 ] && [ \$(wc -l <$TEST_TMP/o) = 200000 ]"

mkdir -p "$TEST_TMP/loop/sub"
ln -s .. "$TEST_TMP/loop/sub/up"
cp "$T/src/a.c" "$TEST_TMP/loop/sub/f.c"
test_expect_success 'directory symlink loop: not followed by default' \
	"audit -q $TEST_TMP/loop >$TEST_TMP/o 2>$TEST_TMP/e; [ \$? = 1 ] && [ \$(wc -l <$TEST_TMP/o) = 1 ] && [ ! -s $TEST_TMP/e ]"
test_expect_success 'directory symlink loop: -L visits each directory once' \
	"timeout 20 $RWONCE audit -q -L $TEST_TMP/loop >$TEST_TMP/o 2>$TEST_TMP/e; [ \$? = 1 ] && [ \$(wc -l <$TEST_TMP/o) = 1 ] && grep -q 'already visited (symlink loop?), skipped' $TEST_TMP/e"

mkfifo "$TEST_TMP/fifo.c"
test_expect_success 'a FIFO named on the command line is not read (no hang), and not checked: exit 2' \
	"timeout 10 $RWONCE audit -q $TEST_TMP/fifo.c $T/src/a.c >$TEST_TMP/o 2>$TEST_TMP/e; [ \$? = 2 ] && grep -q 'error: .*fifo.c: not a regular file, not checked' $TEST_TMP/e && test -s $TEST_TMP/o"

if [ "$(id -u)" = 0 ] && have_cmd setpriv; then
	AS_USER="setpriv --reuid=65534 --regid=65534 --clear-groups"
elif [ "$(id -u)" != 0 ]; then
	AS_USER=
else
	AS_USER=none
fi
if [ "$AS_USER" != none ]; then
	mkdir -p "$B/perm"
	chmod 755 "$B/perm"
	cp "$T/src/a.c" "$B/perm/ok.c"
	cp "$T/src/a.c" "$B/perm/locked.c"
	chmod 644 "$B/perm/ok.c"
	chmod 000 "$B/perm/locked.c"
	test_expect_success 'unreadable file: message, the rest is checked, exit 2' \
		"$AS_USER $RWONCE audit -q $B/perm >$TEST_TMP/o 2>$TEST_TMP/e; [ \$? = 2 ] && grep -q 'locked.c: cannot open: Permission denied' $TEST_TMP/e && grep -q 'ok.c:2:22' $TEST_TMP/o"
else
	test_skip 'unreadable file: message, the rest is checked, exit 2' 'running as root without setpriv'
fi

# A file deleted between the directory listing and its reading: the test
# hook stops the worker before each open (src/lib/test-hook.h); the test
# deletes the first file then.  The run goes on with the next one.
if have_cmd mkfifo; then
	G=$TEST_TMP/gone
	mkdir "$G"
	printf 'int x;\nint f(void) { return *(volatile int *)&x; }\n' >"$G/a.c"
	printf 'ACCESS_ONCE(q) = 1;\n' >"$G/b.c"
	mkfifo "$TEST_TMP/gone.fifo"
	{ RWONCE_TEST_WALK_FIFO=$TEST_TMP/gone.fifo "$RWONCE" audit -j1 "$G" \
		>"$TEST_TMP/gone.out" 2>&1; echo $? >"$TEST_TMP/gone.rc"; } &
	read -r first <"$TEST_TMP/gone.fifo" && rm "$first" && echo go >"$TEST_TMP/gone.fifo" &&
		read -r second <"$TEST_TMP/gone.fifo" && echo go >"$TEST_TMP/gone.fifo"
	wait
	test_expect_success 'a file deleted during the run: warned about, skipped' \
		"cat $TEST_TMP/gone.out; test '$first' = '$G/a.c' &&
		 grep -q '^rwonce: warning: $G/a.c: vanished during the run, skipped' $TEST_TMP/gone.out"
	test_expect_success 'a file deleted during the run: the others are still audited, exit 1' \
		"test '$second' = '$G/b.c' && grep -q '^$G/b.c:1:1: warning: .*\\[access-once\\]' $TEST_TMP/gone.out &&
		 test \$(cat $TEST_TMP/gone.rc) = 1"
else
	test_skip 'a file deleted during the run' 'mkfifo missing'
fi

test_done
