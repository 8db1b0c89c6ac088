#!/bin/sh
# The passes over the uses of a macro whose body is the access read again
# only the files that may use it (src/cfront/word-filter.h).  A use of a
# function-like macro is its name followed by a '(' token, so each file's
# filter keeps only the words that a '(' may follow -- the first byte
# after them that is not white space is '(', '/' (a comment may come
# between) or a backslash (a line splice may) -- and is folded to the
# size its words need, not the file's (issue #35: fix's peak RSS on Linux
# 4.14.5 went from 65 to 127 MB with filters of a bit per byte or two).
# Before, a file naming the macro without a call was read again, and a
# 1 MB file kept a 128 KiB filter.  An object-like macro's uses are bare
# words: its pass reads every file again, as without filters.
. "$(dirname "$0")/lib/tap.sh"
requires strace strace

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd strace
cd "$TEST_TMP" || exit 1

. "$RWONCE_ROOT/tests/lib/opens.sh"

# The walk's order is by name: a/def.h (the macro: the filters start
# after it) and then the files that have filters.
mkdir -p f/a f/b f/c f/d f/e f/g
printf '%s\n' 'struct s { int flag; };' \
	'#define peek_flag(p) ACCESS_ONCE((p)->flag)' >f/a/def.h
{
	echo 'int fold_one(int);'
	echo 'int big(int n)'
	echo '{'
	i=0
	while [ $i -lt 60000 ]; do
		echo '	n += fold_one(n);'
		i=$((i + 1))
	done
	echo '	return n;'
	echo '}'
} >f/b/big.c
printf '%s\n' 'int peek_flag;' 'int get(void) { return peek_flag; }' >f/c/bare.c
printf '%s\n' '#include "../a/def.h"' 'int use1(struct s *p)' \
	'{ return peek_flag /* a comment */ (p); }' >f/d/comment.c
printf '%s\n' '#include "../a/def.h"' 'int use2(struct s *p)' \
	'{ return peek_flag \' '(p); }' >f/e/splice.c
printf '%s\n' '#include "../a/def.h"' 'int use3(struct s *p)' \
	'{ return peek_flag' '	(p); }' >f/g/newline.c
traced_fix f f -vv
"$RWONCE" fix --no-config -j 2 -vv f >f-j2.diff 2>f-j2.err

test_expect_success 'every call decides the body, with a comment, a splice or a newline before its (' '
	[ "$(cat f.rc)" = 1 ] &&
	grep -q "^+#define peek_flag(p) READ_ONCE((p)->flag)\$" f.diff &&
	grep -q "every use of peek_flag in the tree reads it (3 uses: f/d/comment.c:3, f/e/splice.c:3, f/g/newline.c:3)" f.err'
test_expect_success 'a file naming the macro without a call is not read again' '
	[ "$(opens f.trace f/c/bare.c)" = 1 ]'
test_expect_success 'nor a file that calls other names' '
	[ "$(opens f.trace f/b/big.c)" = 1 ]'
test_expect_success 'the files with a call are read again' '
	[ "$(opens f.trace f/d/comment.c)" -ge 2 ] &&
	[ "$(opens f.trace f/e/splice.c)" -ge 2 ] &&
	[ "$(opens f.trace f/g/newline.c)" -ge 2 ]'
test_expect_success 'the pass reads the three and the macro header (read before the filters)' '
	grep -q "pass 1: 1 macro, 4 files read\$" f.err'
test_expect_success 'five filters of 64 bits: the size of their words, not of the files (a 1 MB one too)' '
	[ "$(wc -c <f/b/big.c)" -gt 1000000 ] &&
	grep -q "^rwonce fix: uses: 5 word filters kept, 40 bytes;" f.err'
test_expect_success 'the same diff and notes at -j 2' '
	cmp f.diff f-j2.diff && cmp f.err f-j2.err'

# An object-like macro: its uses are bare names, every file is read again.
mkdir -p o/a o/b o/c
printf '%s\n' 'struct s { int flag; };' 'extern struct s glob;' \
	'#define cur_flag ACCESS_ONCE(glob.flag)' >o/a/def.h
printf '%s\n' '#include "../a/def.h"' 'int get(void) { return cur_flag; }' >o/b/bare.c
printf '%s\n' 'int plain(void) { return 0; }' >o/c/plain.c
traced_fix o o -vv
test_expect_success 'an object-like macro: its bare use decides the body' '
	grep -q "^+#define cur_flag READ_ONCE(glob.flag)\$" o.diff &&
	grep -q "every use of cur_flag in the tree reads it (1 use: o/b/bare.c:2)" o.err'
test_expect_success 'an object-like macro: every file is read again' '
	grep -q "pass 1: 1 macro, 3 files read\$" o.err &&
	[ "$(opens o.trace o/c/plain.c)" = 2 ]'
test_done
