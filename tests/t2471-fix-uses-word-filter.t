#!/bin/sh
# The passes over the uses of a macro whose body is the access read only
# the files that may name it (issue #35): the pre-pass's walk keeps a
# filter of the words of each file that a ( may follow
# (src/cfront/word-filter.h; t2473), and a pass reads
# again only the files whose filter does not rule the macro's name out,
# where each pass walked the whole tree again.  The answer stays the one
# a whole walk gives: a file read before the walk met such a macro has no
# filter and is read again; a name the filter cannot hold (under four
# bytes) makes every file be read.  Before the filter, the file that
# names nothing was opened twice (the walk and the pass).
. "$(dirname "$0")/lib/tap.sh"
requires strace strace

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd strace
cd "$TEST_TMP" || exit 1

. "$RWONCE_ROOT/tests/lib/opens.sh"

# tree MACRO: the walk's order is by name -- 0/early.c (a use, read
# before the macro's header), a/def.h (the macro), b/plain.c (names
# nothing), c/use.c (a use), d/comment.c (the name only in a comment)
tree() {
	rm -rf w && mkdir -p w/0 w/a w/b w/c w/d &&
	printf '%s\n' 'struct s { int flag; };' \
		"int early(struct s *p) { return $1(p); }" >w/0/early.c &&
	printf '%s\n' "#define $1(p) ACCESS_ONCE((p)->flag)" >w/a/def.h &&
	printf '%s\n' 'int plain(void) { return 0; }' >w/b/plain.c &&
	printf '%s\n' '#include "../a/def.h"' 'struct s { int flag; };' \
		'int use(struct s *p)' '{' "	return $1(p) + 1;" '}' >w/c/use.c &&
	printf '%s\n' "/* not $1(p) */" 'int c;' >w/d/comment.c
}

tree peek_flag
traced_fix long w
"$RWONCE" fix --no-config -j 2 w >long-j2.diff 2>long-j2.err

test_expect_success 'both uses decide the body, the one read before the macro too' '
	[ "$(cat long.rc)" = 1 ] &&
	grep -q "^+#define peek_flag(p) READ_ONCE((p)->flag)\$" long.diff &&
	grep -q "every use of peek_flag in the tree reads it (2 uses: w/0/early.c:2, w/c/use.c:5)" long.err'
test_expect_success 'a file that names nothing, read after the macro: opened once' '
	[ "$(opens long.trace w/b/plain.c)" = 1 ]'
test_expect_success 'the use read before the macro (no filter yet): read again' '
	[ "$(opens long.trace w/0/early.c)" -ge 2 ]'
test_expect_success 'a file holding the name, if only in a comment: read again' '
	[ "$(opens long.trace w/c/use.c)" -ge 2 ] &&
	[ "$(opens long.trace w/d/comment.c)" -ge 2 ]'
test_expect_success 'the same diff and notes at -j 2' '
	cmp long.diff long-j2.diff && cmp long.err long-j2.err'

# a name of three bytes is not in the filters: every file is read again
tree pkf
traced_fix short w
test_expect_success 'a short name: the uses still decide' '
	grep -q "^+#define pkf(p) READ_ONCE((p)->flag)\$" short.diff &&
	grep -q "every use of pkf in the tree reads it (2 uses: w/0/early.c:2, w/c/use.c:5)" short.err'
test_expect_success 'a short name: a file that names nothing is read again' '
	[ "$(opens short.trace w/b/plain.c)" = 2 ]'
test_done
