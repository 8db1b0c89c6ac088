#!/bin/sh
# A header that a walked file includes as "name" is read by discovery
# after the pre-pass's walk, and only when that walk did not offer it
# itself: a header of the tree met as an #include before the walk
# reached it was read twice by the pre-pass (issue #35: about 12,000
# reads, opens and fstats, 17,000 readlinks and 13,600 access calls of an
# audit of Linux 6.12).  A header outside the paths walked, or excluded,
# is still read, and the "name" headers it includes in turn.
. "$(dirname "$0")/lib/tap.sh"
requires strace strace

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd strace
cd "$TEST_TMP" || exit 1

. "$RWONCE_ROOT/tests/lib/opens.sh"

# t/a/use.c, walked before t/z/: includes ../z/once.h, which includes
# inner.h, which defines the once-macro the use names
mkdir -p t/a t/z
printf '%s\n' '#include "../z/once.h"' 'struct s { int flag; };' \
	'int get(struct s *p) { return MY_ONCE(p->flag); }' >t/a/use.c
printf '%s\n' '#include "inner.h"' >t/z/once.h
printf '%s\n' '#define MY_ONCE(x) (*(volatile __typeof__(x) *)&(x))' \
	>t/z/inner.h

# traced NAME ARGS...: audit -j 1 under strace; NAME.trace, .json, .rc
traced() {
	name=$1
	shift
	strace -f -e trace=openat -o "$name.trace" "$RWONCE" audit \
		--no-config --no-progress -j 1 --format=json "$@" \
		>"$name.json" 2>"$name.err"
	echo $? >"$name.rc"
}
macro() { # JSON: the once-macro MY_ONCE, as the report names it
	grep -o '"name": "MY_ONCE", [^}]*' "$1"
}

traced all t
test_expect_success 'the whole tree: the macro found in inner.h, its site checked' '
	cat all.err && [ "$(cat all.rc)" = 0 ] &&
	macro all.json | grep -q "\"path\": \"t/z/inner.h\"" &&
	grep -q "\"sites\": 1," all.json'
# the includer's spelling of each header: the checking walk's type index
# reads once.h so for the volatile-aggregate rule, discovery no more
test_expect_success 'no header read a third time by the pre-pass through its includer' '
	[ "$(opens all.trace a/../z/once.h)" -le 1 ] &&
	[ "$(opens all.trace a/../z/inner.h)" = 0 ] &&
	[ "$(opens all.trace t/z/once.h)" = 2 ] &&
	[ "$(opens all.trace t/z/inner.h)" = 2 ]'

# only t/a walked: both headers read by discovery after the walk
traced part t/a
test_expect_success 'a header outside the paths walked is read, and the one it includes' '
	cat part.err && [ "$(cat part.rc)" = 0 ] &&
	macro part.json | grep -q "inner.h\", \"line\": 1" &&
	grep -q "\"sites\": 1," part.json &&
	[ "$(opens part.trace z/inner.h)" = 1 ]'

# t/z excluded from the walks: read by discovery all the same
traced excl --exclude z t
test_expect_success 'an excluded header is read by discovery' '
	cat excl.err && [ "$(cat excl.rc)" = 0 ] &&
	macro excl.json | grep -q "\"path\": \"t/a/../z/inner.h\"" &&
	grep -q "\"sites\": 1," excl.json &&
	[ "$(opens excl.trace z/inner.h)" = 1 ]'

test_expect_success 'the same report at -j 2, and from fix the same diff and notes' '
	"$RWONCE" audit --no-config --no-progress -j 2 --format=json t \
		>all-j2.json 2>/dev/null
	cmp all.json all-j2.json &&
	"$RWONCE" fix --no-config -j 1 t >fix1.diff 2>fix1.err
	"$RWONCE" fix --no-config -j 2 t >fix2.diff 2>fix2.err
	cmp fix1.diff fix2.diff && cmp fix1.err fix2.err'
test_done
