#!/bin/sh
# Each unit's line table names its files -- a kernel unit a few hundred
# headers, mostly those of every other unit -- and scan resolved each
# one to its source by building, hashing and comparing its path (4% of
# scanning Debian's vmlinux).  A worker now remembers, for the image it
# scans, which source the pointers a name was joined from (its
# directory's and its own string, in the file's sections) came to: the
# same pointers are the same path.  The test hook RWONCE_TEST_SCAN_SOURCES
# counts the paths looked up and the files found by their strings'
# places; RWONCE_TEST_SCAN_NO_PATH_MEMO looks every one up, and the
# reports must be the same.  An archive's members are images of their
# own: what one member's strings found is not used for the next.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc
requires ar binutils

cd "$TEST_TMP" || exit 1
cat >shared.h <<'EOF_H'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct box { int v; long w; };
static inline long box_w(struct box *b) { return READ_ONCE(b->w); }
EOF_H
for n in 1 2 3; do
	printf '#include "shared.h"\nlong f%s(struct box *b);\nlong f%s(struct box *b) { return box_w(b) + %s; }\n' \
		"$n" "$n" "$n" >u$n.c
	gcc -gdwarf-5 -O2 -c u$n.c -o u$n.o || exit 1
done
printf 'int main(void) { return 0; }\n' >main.c
gcc -gdwarf-5 -O2 -c main.c -o main.o || exit 1
gcc -O2 -o prog u1.o u2.o u3.o main.o || exit 1
ar rcs lib.a u1.o u2.o u3.o || exit 1

# -j 1: the memo is a worker's, so how many paths are looked up depends on
# which worker took which unit, and -vv writes each instance when a worker
# has judged it -- at -j 2 the two runs' traces may come in another order
# (CI saw it under load) though their reports are the same
scan() { # NAME FILE [ENV...]
	name=$1 file=$2
	shift 2
	env "$@" RWONCE_TEST_SCAN_SOURCES=1 "$RWONCE" scan -j 1 --no-progress -vv \
		--color=never --output "json=$name.json" "$file" \
		>"$name.out" 2>"$name.err"
	echo $? >"$name.rc"
	grep "^rwonce: test: sources:" "$name.err"
}

counts() { # NAME: "LOOKED_UP FOUND"
	sed -n "s/^rwonce: test: sources: .*units' files: \([0-9]*\) paths looked up, \([0-9]*\) found by their strings' places$/\1 \2/p" "$1.err"
}

same() { # A B: the same reports
	for n in "$1" "$2"; do
		grep -v "^rwonce: test:" "$n.err" >"$n.err-" || return 1
	done &&
	for ext in out json rc err-; do
		cmp "$1.$ext" "$2.$ext" || return 1
	done
}

test_expect_success 'a program of four units: each file looked up once, the other units find it by its strings' '
	scan prog prog &&
	set -- $(counts prog) &&
	echo "looked up $1, found $2" &&
	test "$2" -gt 0 &&
	grep -q "; 3 site instances: ok 3," prog.err
'

test_expect_success 'without the memo: every file looked up, the same reports' '
	scan prog-all prog RWONCE_TEST_SCAN_NO_PATH_MEMO=1 &&
	set -- $(counts prog) && memo_total=$(($1 + $2)) &&
	set -- $(counts prog-all) &&
	test "$2" = 0 && test "$1" = "$memo_total" &&
	same prog prog-all
'

test_expect_success 'an archive: each member its own image, the same reports as without the memo' '
	scan lib lib.a &&
	scan lib-all lib.a RWONCE_TEST_SCAN_NO_PATH_MEMO=1 &&
	set -- $(counts lib-all) && test "$2" = 0 &&
	same lib lib-all &&
	grep -q "; 3 site instances: ok 3," lib.err
'

test_done
