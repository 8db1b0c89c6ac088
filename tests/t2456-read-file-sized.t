#!/bin/sh
# read_file() (src/lib/util.c) sizes its buffer from fstat(): a header
# is read in one read() call (its bytes; a read short at fstat()'s size is
# the end, 62c6997: no second read that returns 0), where a buffer
# doubled from 8 KiB read a 220 KB header in seven, copying it
# at each growth (issue #35: the tree type index reads 25,000 headers of
# linux-source-6.12, the header cache and discovery more).  The size is
# a hint: a file that grew since is read to its end all the same.
. "$(dirname "$0")/lib/tap.sh"
requires strace strace

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
need_cmd strace
cd "$TEST_TMP" || exit 1
mkdir -p tree
{
	i=0
	while [ $i -lt 6000 ]; do
		echo "struct big_$i { int a, b, c, d; };"
		i=$((i + 1))
	done
	echo 'typedef struct big_5999 last_t;'
} >tree/big.h
size=$(wc -c <tree/big.h)

strace -e trace=read -y -o read.trace "$TEST_TOOL" cfront tree-names \
	--exact --name last_t tree >out 2>err
echo $? >rc

test_expect_success 'the header is read and indexed whole' "
	[ \"\$(cat rc)\" = 0 ] && [ $size -gt 200000 ] &&
	grep -qx 'last_t tree/big.h' out"
test_expect_success 'in one read() call: its bytes, which end it' "
	grep 'big.h>' read.trace >reads &&
	cat reads | cut -c1-80 &&
	[ \"\$(wc -l <reads)\" = 1 ] &&
	grep -q '= $size\$' reads"
test_done
