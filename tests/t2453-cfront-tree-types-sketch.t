#!/bin/sh
# The tree type index is a sketch (issue #35): the headers are not lexed
# when it is built; a superset of the names each may define is found by
# byte searches for "struct", "union" and "typedef", and a name is
# checked against what its headers really define (lexed then) the first
# time a lookup asks for it.  The answers must be those of an index that
# lexed every header: the spellings where a byte search could go wrong
# (comments and splices between the words, digraphs, UTF-8 names, long
# typedefs, the words in comments, strings and directives) give the
# same names, and a lookup lexes only the headers that may define the
# name it asks for.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1
mkdir -p tree/include tree/arch/x86/include/asm

cat >tree/include/a.h <<'EOF_H'
struct /* a comment */ commented /* another */ {
	int a;
};
struct digraph <% int b; %>;
struct
newline_tag
{
	int c;
};
typedef struct { int d; } plain_t;
typedef int (*fn_t)(int, char *);
typedef int many_a, *many_b, many_c[4];
typedef unsigned int attr_t __attribute__((aligned(8)));
/* typedef int in_comment_t; struct in_comment { */
const char *s = "struct in_string { typedef int in_string_t;";
#define MAKE struct in_define {
#define MAKE2 typedef int in_define_t;
union u_tag { int e; };
struct structure_not_a_word;
mystruct not_struct_tail {
EOF_H
# a splice inside the keyword: the lexer reads "struct" (the word is in
# the comment too, as headers are read only when they say one of the
# three words)
printf '/* struct */\nstr\\\nuct spliced_tag {\n\tint f;\n};\n' >tree/include/splice.h
# a UTF-8 tag name
printf 'struct caf\303\251 {\n\tint g;\n};\n' >tree/include/utf8.h
# a typedef longer than the first window (1 KiB) the sketch lexes
{
	echo 'typedef struct {'
	i=0
	while [ $i -lt 200 ]; do
		echo "	int member_$i; /* ; } ( */"
		i=$((i + 1))
	done
	echo '} long_t;'
} >tree/arch/x86/include/asm/long.h
cat >tree/arch/x86/include/asm/other.h <<'EOF_H'
typedef unsigned long pteval_t;
struct unrelated { int h; };
EOF_H

"$TEST_TOOL" cfront tree-names tree >sketch 2>sketch.err
echo $? >rc1
"$TEST_TOOL" cfront tree-names --exact tree >exact 2>exact.err
echo $? >rc2

test_expect_success 'both indexes are built' '
	[ "$(cat rc1)" = 0 ] && [ "$(cat rc2)" = 0 ] && test -s exact'
test_expect_success 'the sketch resolved gives exactly the lexed index' '
	diff -u exact sketch'
test_expect_success 'names behind comments, digraphs, splices, UTF-8 and a long typedef' "
	for n in commented digraph newline_tag plain_t fn_t many_a many_b \
		many_c attr_t u_tag spliced_tag long_t pteval_t; do
		grep -q \"^\$n \" sketch || { echo \"missing \$n\"; exit 1; }
	done
	grep -q '^caf' sketch"
test_expect_success 'no name from a comment, a string, a directive or another word' "
	! grep -E '^(in_comment_t|in_comment|in_string|in_string_t|in_define|in_define_t|structure_not_a_word|not_struct_tail) ' sketch"
test_expect_success 'the sketch keeps more names than the headers define' "
	sed -n 's/^[0-9]* headers, \\([0-9]*\\) names.*/\\1/p' sketch.err >n1 &&
	sed -n 's/^[0-9]* headers, \\([0-9]*\\) names.*/\\1/p' exact.err >n2 &&
	[ \"\$(cat n1)\" -gt \"\$(cat n2)\" ]"

"$TEST_TOOL" cfront tree-names --name pteval_t tree >one 2>one.err
test_expect_success 'a lookup lexes only the headers that may define its name' "
	grep -qx 'pteval_t tree/arch/x86/include/asm/other.h' one &&
	[ \"\$(wc -l <one)\" = 1 ] &&
	grep -q ', 1 headers lexed to resolve them' one.err"
test_done
