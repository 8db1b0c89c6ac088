#!/bin/sh
# The spelling a discovered once-macro's header is reported by, with
# many headers each reached under several spellings (issue #35: the
# other spellings are sorted by real path and the candidates renamed in
# one pass, where each file was compared with every other spelling).
# Each header's macros are named by its best spelling -- the walk's
# when the walk reads it, else the one with the fewest "."/".." parts,
# then the shortest -- whichever spelling was offered first, at -j 1
# and -j 2 alike.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
mkdir -p tree/a/deep/er tree/b tree/out
i=0
while [ $i -lt 6 ]; do
	{
		printf '#define ONCE_%s_A(x) (*(volatile __typeof__(x) *)&(x))\n' $i
		printf '#define ONCE_%s_B(x) (*(volatile __typeof__(x) *)&(x))\n' $i
	} >tree/b/h$i.h
	i=$((i + 1))
done
printf '#define OUT_ONCE(x) (*(volatile __typeof__(x) *)&(x))\n' >tree/out/o.h
# a/ is walked before b/: the "../" spellings are offered first
{
	i=0
	while [ $i -lt 6 ]; do
		printf '#include "../b/h%s.h"\n' $i
		i=$((i + 1))
	done
	printf 'int g;\nint f(void) { return ONCE_0_A(g) + ONCE_5_B(g); }\n'
} >tree/a/x.c
{
	i=0
	while [ $i -lt 6 ]; do
		printf '#include "../../../b/h%s.h"\n' $i
		i=$((i + 1))
	done
	printf '#include "../../../out/o.h"\n#include "../../../out/../out/o.h"\n'
	printf 'int h;\nint k(void) { return ONCE_3_A(h) + OUT_ONCE(h); }\n'
} >tree/a/deep/er/y.c
printf '#include "../out/o.h"\nint z;\nint m(void) { return OUT_ONCE(z); }\n' >tree/a/z.c

# tree/out is not walked: its header is known only by include spellings
"$RWONCE" audit -q -j 1 --format=json tree/a tree/b >j1.json 2>err
echo $? >rc
test_expect_success 'the audit ran and found the sites' '
	[ "$(cat rc)" -le 1 ] && grep -q "\"sites\": [1-9]" j1.json'
test_expect_success 'each macro of a walked header is named by the walk spelling' "
	for i in 0 1 2 3 4 5; do
		for s in A B; do
			grep -q \"\\\"name\\\": \\\"ONCE_\${i}_\$s\\\".*\\\"path\\\": \\\"tree/b/h\$i.h\\\"\" j1.json ||
				{ echo \"ONCE_\${i}_\$s\"; return 1; }
		done
	done"
test_expect_success 'a header outside the walk: the spelling with the fewest dot parts' "
	grep -q '\"name\": \"OUT_ONCE\".*\"path\": \"tree/a/../out/o.h\"' j1.json"
test_expect_success 'no macro is named by another spelling' "
	! grep -q 'b/\\.\\./\\|\\.\\./\\.\\./' j1.json"
test_expect_success 'the same report at -j 2, three times' "
	for i in 1 2 3; do
		'$RWONCE' audit -q -j 2 --format=json tree/a tree/b >j2.json &&
		cmp j1.json j2.json || return 1
	done"
test_done
