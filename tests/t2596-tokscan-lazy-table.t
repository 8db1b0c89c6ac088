#!/bin/sh
# tok_match_cache_lazy_in() (src/cfront/tokscan.h): the passes over a
# macro's uses ask about a few short brackets of each file, and no longer
# make a table of all of them first; a question whose scan runs past a
# few hundred tokens makes the table then.  Every bracket's partner,
# forward and back, must be the scan's -- asked as the list's first
# question and after others -- on brackets long and short, nested,
# unbalanced, in directive lines and between them, and in digraphs.
. "$(dirname "$0")/lib/tap.sh"

LT="$TEST_TOOL cfront"
[ -x "$TEST_TOOL" ] || skip_all "test-tool not built (run make)"
cd "$TEST_TMP" || exit 1

# a long body (past the scan's few hundred tokens) around short calls
{
	echo 'int f(int *p)'
	echo '{'
	i=0
	while [ $i -lt 400 ]; do
		echo "	if (p[$i] && g(p, h($i))) { p[$i] = (int)(long)&p[$i + 1]; }"
		i=$((i + 1))
	done
	echo '	return 0;'
	echo '}'
} >long.c
# unbalanced: extra closings, openings never closed, mixed kinds
{
	echo 'int a = (1 + 2));'
	echo 'int b[] = { 1, 2 ];'
	echo 'void g(void) { h(1, (2); }'
	i=0
	while [ $i -lt 300 ]; do
		echo "x$i = (y$i + z$i;"
		i=$((i + 1))
	done
	echo ')))'
	echo 'int c = ((((((1'
} >unbalanced.c
# directive lines: their brackets pair on the line only, code skips them
{
	echo 'int k = (1'
	echo '#define M(a) ((a) + (b)'
	echo '#if defined(X) && (Y'
	echo '	+ 2);'
	echo '#endif'
	echo 'int m = f(('
	i=0
	while [ $i -lt 300 ]; do
		echo "#define D$i(x) (x) + ($i"
		echo "	$i +"
		i=$((i + 1))
	done
	echo '	0));'
	echo '#define LONG(a) \'
	i=0
	while [ $i -lt 150 ]; do
		echo "	(a[$i]) + \\"
		i=$((i + 1))
	done
	echo '	0'
} >directives.c
# digraphs
printf '%s\n' 'int t<:3:> = <% 1, 2, 3 %>;' 'void u(void) <% v(t<:0:>); %>' \
	'%:define W(a) <: a :>' >digraphs.c

test_expect_success 'a long body, short calls inside: the same partners' "
	$LT check long.c >out && grep -qx 'ok long.c' out"
test_expect_success 'unbalanced brackets: the same partners' "
	$LT check unbalanced.c >out && grep -qx 'ok unbalanced.c' out"
test_expect_success 'brackets in and between directive lines: the same partners' "
	$LT check directives.c >out && grep -qx 'ok directives.c' out"
test_expect_success 'digraphs: the same partners' "
	$LT check digraphs.c >out && grep -qx 'ok digraphs.c' out"
test_expect_success 'the fixtures of fix and audit: the same partners' "
	find '$RWONCE_ROOT/tests/fix' '$RWONCE_ROOT/tests/audit' -name '*.[ch]' |
		xargs $LT check >out &&
	test -s out && ! grep -v '^ok' out"
test_done
