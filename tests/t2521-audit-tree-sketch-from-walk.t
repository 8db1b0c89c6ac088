#!/bin/sh
# The tree type index's sketch takes the headers audit's pre-pass read
# from that walk's buffers (issue #35: the sketch read the 25,000
# headers of a kernel tree a second time, 3-4 % of an audit).  The index
# must be the one a build that reads every header makes -- the same
# names, headers and order, here with the spellings the sketch's byte
# searches must get right -- and a header the walk did not hand over
# (binary, excluded, in a hidden folder) is read by the build as before.
# Counted by test-tool's tree-names and audit's
# RWONCE_TEST_AUDIT_TREE_STATS hook: headers the build read itself,
# headers it took from the walk.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1
mkdir -p tree/include tree/arch/x86/include/asm tree/.hidden
cat >tree/include/a.h <<'EOF_H'
struct /* a comment */ commented /* another */ {
	int a;
};
struct digraph <% int b; %>;
typedef struct { int d; } plain_t;
typedef int (*fn_t)(int, char *);
typedef int many_a, *many_b, many_c[4];
/* typedef int in_comment_t; struct in_comment { */
const char *s = "struct in_string { typedef int in_string_t;";
#define MAKE struct in_define {
union u_tag { int e; };
EOF_H
printf '/* struct */\nstr\\\nuct spliced_tag {\n\tint f;\n};\n' >tree/include/splice.h
printf 'struct caf\303\251 {\n\tint g;\n};\n' >tree/include/utf8.h
printf '#define NOTHING_HERE 1\n' >tree/include/defines.h
: >tree/include/empty.h
cat >tree/arch/x86/include/asm/other.h <<'EOF_H'
typedef unsigned long pteval_t;
struct unrelated { int h; };
EOF_H
# binary: the walk skips it, the build reads it
printf 'struct bin_tag { int i; };\n\000\n' >tree/include/binary.h
# a hidden folder: the walk reads it, the build does not look there
printf 'struct hidden_tag { int j; };\n' >tree/.hidden/h.h
# a link below a folder: neither follows it
ln -s ../arch/x86/include/asm/other.h tree/include/link.h

"$TEST_TOOL" cfront tree-names tree >read.out 2>read.err
echo $? >rc1
"$TEST_TOOL" cfront tree-names --walked tree >walked.out 2>walked.err
echo $? >rc2
"$TEST_TOOL" cfront tree-names --exact tree >exact.out 2>exact.err
echo $? >rc3
test_expect_success 'the three indexes are built' '
	cat walked.err &&
	[ "$(cat rc1)$(cat rc2)$(cat rc3)" = 000 ] && test -s walked.out'
test_expect_success 'the walk-sketched index is the one that reads every header' '
	diff -u read.out walked.out && diff -u exact.out walked.out'
test_expect_success '... and the names are there (no hidden one)' "
	for n in commented digraph plain_t fn_t many_a many_b many_c u_tag \
		spliced_tag pteval_t unrelated bin_tag; do
		grep -q \"^\$n \" walked.out || { echo \"missing \$n\"; exit 1; }
	done
	grep -q '^caf' walked.out && ! grep -q hidden_tag walked.out"
test_expect_success 'the build read only the binary header; 6 came from the walk' "
	grep -q '; 7 read, 0 sketched by the walk' read.err &&
	grep -q '; 1 read, 6 sketched by the walk' walked.err"

# audit: the struct of a header the file includes as <proj/x.h> (t2510)
mkdir -p at/include/proj at/src
cat >at/include/proj/fd-t.h <<'EOF_H'
struct fdlist_entry { int next; int prev; };
struct fdtab { unsigned int state; struct fdlist_entry update; };
EOF_H
cat >at/include/proj/fd.h <<'EOF_H'
#include <proj/fd-t.h>
extern struct fdtab *fdtab;
EOF_H
cat >at/src/fd.c <<'EOF_C'
#include <proj/fd.h>
struct fdtab *fdtab = 0;
struct fdlist_entry f(int fd)
{
	return *(volatile typeof(fdtab->update) *)&fdtab[fd].update;
}
EOF_C
RWONCE_TEST_AUDIT_TREE_STATS=1 "$RWONCE" audit --no-config --no-progress \
	-j 1 at >all.out 2>all.err
echo $? >rc4
RWONCE_TEST_AUDIT_TREE_STATS=1 "$RWONCE" audit --no-config --no-progress \
	-j 2 --exclude fd-t.h at >ex.out 2>ex.err
echo $? >rc5
test_expect_success 'audit: the aggregate read is found through the tree' '
	cat all.out all.err && [ "$(cat rc4)" = 1 ] &&
	grep -q "fd.c:5:.*struct .struct fdlist_entry.*\[volatile-aggregate\]" all.out'
test_expect_success 'audit: the tree index read no header, both came from the walk' '
	grep -qx "rwonce audit: tree statistics: 0 headers read, 2 sketched by the walk" all.err'
test_expect_success 'audit --exclude: the excluded header is read by the build, the same finding' '
	cat ex.err && [ "$(cat rc5)" = 1 ] &&
	grep -qx "rwonce audit: tree statistics: 1 headers read, 1 sketched by the walk" ex.err &&
	diff -u all.out ex.out'
test_done
