#!/bin/sh
# Discovery tells the files it is offered apart by their real path; glibc's
# realpath() asks readlink() of every part of a path, for every file of a
# tree (issue #35: six system calls for each kernel file in
# drivers/net/ethernet/intel/e1000/).  A folder's real path is now asked
# once and the file's own name alone after it: the folder of twelve files
# is resolved once, not twelve times (and the files' own names are not
# asked: the walk found them as regular files, t2522).  A link -- the file, or a folder on
# the way -- still gives the real path: a header reached through a linked
# folder and through a linked name is one file, its macro found once.
. "$(dirname "$0")/lib/tap.sh"
requires strace strace

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd strace
cd "$TEST_TMP" || exit 1

mkdir -p w/a/b/c w/inc w/use
i=1
while [ $i -le 12 ]; do
	printf 'int f%d(int *p) { return p[0]; }\n' $i >w/a/b/c/x$i.c
	i=$((i + 1))
done
printf '#define MYREAD(x) (*(volatile int *)&(x))\n' >w/inc/def.h
ln -s inc w/ilink
ln -s def.h w/inc/alias.h
printf '%s\n' '#include "../ilink/def.h"' '#include "../inc/alias.h"' \
	'struct s { int a, b; };' 'int g(struct s *p) { return MYREAD(p->a); }' \
	>w/use/u.c

strace -f -e trace=readlink -o rl.trace "$RWONCE" audit --no-config -j 1 \
	--format=json w >out.json 2>err.txt
echo $? >rc
"$RWONCE" audit --no-config -j 2 --format=json w >out2.json 2>err2.txt

test_expect_success 'the folder of twelve files is resolved once' '
	test "$(grep -c "/w/a/b/c\"" rl.trace)" = 1
'
test_expect_success 'each file of it: its own name not asked (the walk found it regular, t2522)' '
	test "$(grep -c "/w/a/b/c/x[0-9]*\\.c\"" rl.trace)" = 0
'
test_expect_success 'a header through a linked folder and a linked name: one file, one macro' '
	test "$(cat rc)" = 0 &&
	grep -q "\"once_macros\": \\[{\"name\": \"MYREAD\", \"kind\": \"access-once\", \"volatile_cast\": false, \"discovered\": true, \"path\": \"w/inc/def.h\", \"line\": 1}\\]" out.json &&
	grep -q "\"sites\": 1," out.json &&
	grep -q "^rwonce audit: 1 once-macro of the tree: MYREAD (w/inc/def.h:1)\$" err.txt
'
test_expect_success 'the same at -j 2' '
	cmp out.json out2.json && cmp err.txt err2.txt
'
test_done
