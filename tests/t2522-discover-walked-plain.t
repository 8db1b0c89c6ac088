#!/bin/sh
# Discovery tells the files it is offered apart by their real path: a
# folder's real path once, then readlink() of the file's own name to
# learn that it is no link (issue #35: one system call per file of a
# tree, 1 % of an audit of Linux, then once more per file with
# candidates when the spellings are settled).  A file the walk found as
# a regular file in its folder (readdir() or lstat() said so, -L off)
# is no link: its name is not asked.  With -L a name found in a folder
# may be a link and is asked, and a header that is a link to another is
# still the same file: one macro, named by its best spelling.
. "$(dirname "$0")/lib/tap.sh"
requires strace strace

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd strace
cd "$TEST_TMP" || exit 1

mkdir -p w/a w/inc
i=1
while [ $i -le 12 ]; do
	printf '#define MYREAD%d(x) (*(volatile int *)&(x))\n' $i >w/a/x$i.h
	i=$((i + 1))
done
printf '#define ONE_READ(x) (*(volatile int *)&(x))\n' >w/inc/def.h
ln -s def.h w/inc/link.h
printf '%s\n' '#include "x1.h"' 'struct s { int a, b; };' \
	'int g(struct s *p) { return MYREAD1(p->a) + ONE_READ(p->b); }' \
	>w/a/u.c

# (the link is left out of the plain run: a link the walk does not
# follow is resolved to tell whether its file is read elsewhere, t2591,
# which asks def.h's name too)
strace -f -e trace=readlink -o plain.trace "$RWONCE" audit --no-config \
	-j 1 --exclude link.h --format=json w >plain.json 2>plain.err
echo $? >rc1
strace -f -e trace=readlink -o follow.trace "$RWONCE" audit --no-config \
	-j 1 -L --format=json w >follow.json 2>follow.err
echo $? >rc2

test_expect_success 'both runs check the sites' '
	cat plain.err follow.err &&
	test "$(cat rc1)" = 0 && test "$(cat rc2)" = 0 &&
	grep -q "\"sites\": 2," plain.json && grep -q "\"sites\": 2," follow.json'
test_expect_success 'the walked files with candidates: no readlink of their names' '
	test "$(grep -c "/w/a/x\\([2-9]\\|1[0-2]\\)\\.h\"" plain.trace)" = 0 &&
	test "$(grep -c "/w/inc/def\\.h\"" plain.trace)" = 0'
test_expect_success '... x1.h either, which u.c includes before the walk reaches it: the walk offers it (t2579)' '
	test "$(grep -c "/w/a/x1\\.h\"" plain.trace)" = 0'
test_expect_success 'with -L each name found in a folder is asked' '
	test "$(grep -c "/w/a/x[0-9]*\\.h\"" follow.trace)" -ge 12 &&
	grep -q "/w/inc/link\\.h\"" follow.trace'
test_expect_success 'with -L the link and its target are one file, one macro' '
	test "$(grep -o "\"name\": \"ONE_READ\"" follow.json | wc -l)" = 1 &&
	grep -q "\"name\": \"ONE_READ\", \"kind\": \"access-once\", \"volatile_cast\": false, \"discovered\": true, \"path\": \"w/inc/def.h\"" follow.json'
test_expect_success 'the macros are the same with and without -L' '
	sed -n "s/.*\"once_macros\": \\(\\[[^]]*\\]\\).*/\\1/p" plain.json >m1 &&
	sed -n "s/.*\"once_macros\": \\(\\[[^]]*\\]\\).*/\\1/p" follow.json >m2 &&
	test -s m1 && cmp m1 m2'
test_done
