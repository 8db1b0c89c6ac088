#!/bin/sh
# fix walks the tree once (issue #35): the pre-pass's walk (discovery,
# includes, the macros whose body is the access) is the run's walk -- it
# says what it cannot read, counts the files scanned, shows the progress
# line -- and keeps the files that may hold a site (volatile, ACCESS_ONCE,
# a --macro, or a use of a macro whose body is the access); fix then reads
# only those again.  A file that names none of them is opened once, where
# it was opened by a second whole-tree walk before.
. "$(dirname "$0")/lib/tap.sh"
requires strace strace

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd strace
cd "$TEST_TMP" || exit 1

# How many times the run opened the file (strace's openat lines).
. "$RWONCE_ROOT/tests/lib/opens.sh"

mkdir -p one/sub
printf '%s\n' 'int flag;' 'int peek(void)' '{' '	return ACCESS_ONCE(flag);' '}' >one/a.c
printf '%s\n' 'int plain(void)' '{' '	return 0;' '}' >one/sub/plain.c
printf 'int x;\n\0binary\n' >one/bin.c
strace -f -e trace=openat -o one.trace "$RWONCE" fix --no-config one >one.diff 2>one.err
echo $? >one.rc

test_expect_success 'converted as before: exit 1, READ_ONCE in the diff' '
	[ "$(cat one.rc)" = 1 ] && grep -q "^+	return READ_ONCE(flag);\$" one.diff'
test_expect_success 'a file with no site is opened once (one walk of the tree)' '
	[ "$(opens one.trace sub/plain.c)" = 1 ]'
test_expect_success 'a file that may hold a site: once by the walk, once by fix' '
	[ "$(opens one.trace one/a.c)" = 2 ]'
test_expect_success 'the walk reports a binary file once, and counts the files scanned' '
	[ "$(grep -c "bin.c: binary file" one.err)" = 1 ] &&
	grep -q "(2 files scanned)" one.err'

# A macro whose body is the access, written by every use: the file of the
# uses names neither volatile nor ACCESS_ONCE, but the pass over the uses
# keeps it, and fix rewrites the uses there.
mkdir -p two
printf '%s\n' '#define atomic_store(v)	ACCESS_ONCE((v)->counter)' >two/atomic.h
printf '%s\n' '#include "atomic.h"' 'struct a { int counter; };' \
	'void set(struct a *a)' '{' '	atomic_store(a) = 1;' '}' >two/writer.c
printf '%s\n' 'int plain(void)' '{' '	return 0;' '}' >two/plain.c
traced_fix two two
"$RWONCE" fix --no-config -j 2 two >two-j2.diff 2>two-j2.err

test_expect_success 'the uses in a file kept by the pass over uses are rewritten' '
	[ "$(cat two.rc)" = 1 ] &&
	grep -q "^+#define atomic_store(v, value)	WRITE_ONCE((v)->counter, value)\$" two.diff &&
	grep -q "^+	atomic_store(a, 1);\$" two.diff'
test_expect_success 'a file with no site, read after the macro was seen: opened by the walk only (its words rule the macro out, t2471)' '
	[ "$(opens two.trace two/plain.c)" = 1 ]'
test_expect_success 'the same diff and notes at -j 2' '
	cmp two.diff two-j2.diff && cmp two.err two-j2.err'
test_done
