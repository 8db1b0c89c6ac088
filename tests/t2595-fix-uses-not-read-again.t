#!/bin/sh
# A file that the passes over the uses of a macro whose body is the access
# read (it names the macro) is read by fix a third time only when some
# such macro's uses are rewritten -- all of them whole-statement writes,
# each NAME(p) = v; becoming NAME(p, v); -- since a file that holds no
# volatile cast and names no ACCESS_ONCE holds no other site (issue #35:
# 1,588 files of Linux 4.14.5 were read again and searched for nothing).
# When one macro's uses are rewritten, every such file is read again,
# the files of the other macros' uses too, and each use is rewritten.
. "$(dirname "$0")/lib/tap.sh"
requires strace strace

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd strace
cd "$TEST_TMP" || exit 1

. "$RWONCE_ROOT/tests/lib/opens.sh"

# reads TRACE PATH: the opens of PATH as the walks name it (relative to
# the folder given); a header's includers are also read by their full
# path, to see what they include, which is not counted here
reads() {
	grep -c "openat(AT_FDCWD, \"$2\"" "$1"
}

# r: every use reads -- READ_ONCE in the body, no use rewritten
mkdir -p r/a r/b
printf '%s\n' 'struct s { int flag; };' \
	'#define peek_flag(p) ACCESS_ONCE((p)->flag)' >r/a/def.h
printf '%s\n' '#include "../a/def.h"' 'int get(struct s *p)' \
	'{ return peek_flag(p); }' >r/b/reader.c
traced_fix r r

test_expect_success 'all reads: the body converted, the use listed' '
	[ "$(cat r.rc)" = 1 ] &&
	grep -q "^+#define peek_flag(p) READ_ONCE((p)->flag)\$" r.diff &&
	grep -q "every use of peek_flag in the tree reads it (1 use: r/b/reader.c:3)" r.err &&
	! grep -q "reader.c" r.diff'
test_expect_success 'no use rewritten: the file of the use is read twice, not three times' '
	[ "$(reads r.trace r/b/reader.c)" = 2 ]'

# w: one macro written only, another read only, their uses in files
# with no volatile and no ACCESS_ONCE
mkdir -p w/a w/b w/c w/d
printf '%s\n' 'struct s { int flag; };' \
	'#define peek_flag(p) ACCESS_ONCE((p)->flag)' \
	'#define set_flag(p) ACCESS_ONCE((p)->flag)' >w/a/def.h
printf '%s\n' '#include "../a/def.h"' 'int get(struct s *p)' \
	'{ return peek_flag(p); }' >w/b/reader.c
printf '%s\n' '#include "../a/def.h"' 'void put(struct s *p, int v)' \
	'{' '	set_flag(p) = v;' '}' >w/c/writer.c
printf '%s\n' '#include "../a/def.h"' 'void clear(struct s *p)' \
	'{' '	if (p)' '		set_flag(p) = 0;' '}' >w/d/clear.c
traced_fix w w

test_expect_success 'all writes: the macro takes the value, each use in its own file rewritten' '
	[ "$(cat w.rc)" = 1 ] &&
	grep -q "^+#define set_flag(p, value) WRITE_ONCE((p)->flag, value)\$" w.diff &&
	grep -q "^+	set_flag(p, v);\$" w.diff &&
	grep -q "^+		set_flag(p, 0);\$" w.diff &&
	grep -q "every use of set_flag in the tree is a whole-statement write (2 uses: w/c/writer.c:4, w/d/clear.c:5)" w.err &&
	grep -q "every use of peek_flag in the tree reads it (1 use: w/b/reader.c:3)" w.err'
test_expect_success 'uses rewritten: the files of the uses are read a third time' '
	[ "$(reads w.trace w/c/writer.c)" = 3 ] &&
	[ "$(reads w.trace w/d/clear.c)" = 3 ] &&
	[ "$(reads w.trace w/b/reader.c)" = 3 ]'
test_expect_success 'the same diff and notes at -j 2' '
	"$RWONCE" fix --no-config -j 2 w >w-j2.diff 2>w-j2.err
	cmp w.diff w-j2.diff && cmp w.err w-j2.err'
test_done
