#!/bin/sh
# fix --in-place on a tree gives one result whatever -j and whichever
# worker finishes first, and that result is the diff fix prints.  It used
# to write each file as soon as it was decided, while other files'
# decisions were still reading the headers they include from disk: in
# tests/fix, macro-uses/session.h (whose session_done() body becomes
# READ_ONCE) was decided as seeing READ_ONCE when macro-uses/atomic.h,
# included before it everywhere, had already been rewritten with the
# #include <rwonce.h> -- always at -j1, now and then at -j2 -- and got no
# include of its own, unlike in the diff ("added to 18 files" instead of
# 19).  The headers are now read as they were: the files are written
# after the walk.  (22 since the folder gained statement-head.c,
# pointer-object.c and asm-constraint-macro.c, each converted with an
# include of its own.)
. "$(dirname "$0")/lib/tap.sh"

FIX="$RWONCE_ROOT/tests/fix"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
requires patch patch
need_cmd patch
cd "$TEST_TMP" || exit 1

# in_place DIR JOBS: a fresh copy of tests/fix in DIR fixed in place
# with -jJOBS; its summary in DIR.sum
in_place() {
	rm -rf "$1" && cp -R "$FIX" "$1" &&
	(cd "$1" && "$RWONCE" fix --no-progress --in-place -j"$2" . \
		>/dev/null 2>"../$1.sum"; test $? = 1)
}

test_expect_success 'the diff, applied to a copy, is the reference' "
	rm -rf ref && cp -R '$FIX' ref &&
	(cd ref && '$RWONCE' fix --no-progress . >../ref.diff 2>../ref.sum;
	 test \$? = 1) &&
	(cd ref && patch -p1 -s <../ref.diff) &&
	grep -q 'added\\|to add' ref.sum"

test_expect_success 'session.h gets its own include: its body is converted' "
	grep -q '^+#include <rwonce.h>' ref.diff &&
	sed -n '/^diff --git a\\/macro-uses\\/session.h/,/^diff --git/p' \
		ref.diff | grep -q '^+#include <rwonce.h>' &&
	grep -q 'to add to 22 files' ref.sum"

test_expect_success '-j1 in place: the same files as the diff' "
	in_place j1 1 && diff -r ref j1 &&
	grep -q 'added to 22 files' j1.sum"

test_expect_success '-j2 in place, 10 runs: always the same files' "
	n=0 && while [ \$n -lt 10 ]; do
		in_place j2 2 && diff -r ref j2 >j2.out &&
		grep -q 'added to 22 files' j2.sum || { cat j2.out j2.sum; exit 1; }
		n=\$((n + 1))
	done"

test_expect_success 'in place and the diff say the same summary' "
	sed 's/to convert/converted/; s/to rewrite/rewritten/; s/to add/added/' \
		ref.sum >ref.said && tail -1 j1.sum >j1.said &&
	tail -1 ref.said >ref.last && cmp ref.last j1.said"

test_done
