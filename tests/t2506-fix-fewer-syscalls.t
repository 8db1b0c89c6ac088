#!/bin/sh
# The system calls fix's walk no longer makes (issue #35):
#  - discovery settles each file's spelling by its real path, asked of
#    the folder once (first_offer()) -- spelling_settle() asked
#    realpath() again of every file with candidates, a readlink() of
#    every folder on the way and a getcwd() each;
#  - a file whose first read() ends at fstat()'s size is not asked a
#    second read() that returns 0 (the walk, read_file()).
. "$(dirname "$0")/lib/tap.sh"
requires strace strace

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd strace
cd "$TEST_TMP" || exit 1

# twelve files of one folder, each with a candidate #define, and a
# header spelled two ways (through an include and by the walk), so that
# the spellings are settled
mkdir -p w/a/b/c w/inc w/use
i=1
while [ $i -le 12 ]; do
	printf '#define GET%d(x) (*(volatile int *)&(x))\nint f%d(int *p) { return GET%d(p[0]); }\n' \
		$i $i $i >w/a/b/c/x$i.c
	i=$((i + 1))
done
printf '#define MYREAD(x) (*(volatile int *)&(x))\n' >w/inc/def.h
printf '%s\n' '#include "../inc/def.h"' 'int g(int *p) { return MYREAD(*p); }' \
	'int k(int *p) { return ACCESS_ONCE(*p); }' >w/use/u.c
printf 'int h;\n' >w/small.c

strace -f -y -e trace=readlink,getcwd,read -o sc.trace "$RWONCE" fix \
	--no-config -j 1 w >out.diff 2>err.txt
echo $? >rc
"$RWONCE" fix --no-config -j 2 w >out2.diff 2>err2.txt

test_expect_success 'the run converts what it did' '
	grep -q "^+int k(int \*p) { return READ_ONCE(\*p); }\$" out.diff
'
test_expect_success 'the folder of twelve files with candidates is resolved once' '
	test "$(grep -c "readlink(\"[^\"]*/w/a/b/c\"" sc.trace)" = 1
'
test_expect_success 'no getcwd() per file of the twelve (one per folder)' '
	test "$(grep -c "getcwd(" sc.trace)" -lt 12
'
test_expect_success 'a file read once by the walk: one read() of it' '
	test "$(grep -c "^[0-9]* *read([0-9]*<[^>]*/w/small\\.c>" sc.trace)" = 1
'
test_expect_success 'the same at -j 2' '
	cmp out.diff out2.diff && cmp err.txt err2.txt
'
test_done
