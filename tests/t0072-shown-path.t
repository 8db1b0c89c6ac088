#!/bin/sh
# One way to show a path relative to the current folder
# (src/lib/shown-path.h), used by the config file's name, the clang
# engine's units and scan's DWARF paths -- which had three functions with
# three sets of edge cases (issue 36, point 4).  The function through
# test-tool lib (tests/helper/test-lib.c), and that no other file in src/ reads the current
# folder to shorten a path.
. "$(dirname "$0")/lib/tap.sh"

lib_test() { "$TEST_TOOL" lib "$@"; }
LT=lib_test
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (make check builds it)"
mkdir -p "$TEST_TMP/here/sub" "$TEST_TMP/here2" || exit 1
cd "$TEST_TMP/here" || exit 1
H=$(pwd -P)

test_expect_success 'below the current folder: relative; elsewhere: as given' '
	"$LT" shown-path "$H/a.c" "$H/sub/b.c" "$H" "$H/" "${H}2/c.c" \
		"$TEST_TMP/d.c" rel/e.c - >out &&
	cat >want <<-EOF &&
	[a.c]
	[sub/b.c]
	[$H]
	[$H/]
	[${H}2/c.c]
	[$TEST_TMP/d.c]
	[rel/e.c]
	[?]
	EOF
	diff want out
'
test_expect_success 'run in /: a path stays absolute' '
	(cd / && "$LT" shown-path /usr/include/stdio.h) >out &&
	echo "[/usr/include/stdio.h]" >want && diff want out
'

# The commands' own copies are gone: only shown-path.c reads the current
# folder to shorten a path (fix's diff and the tree's top are other
# questions: where a diff applies, where the tree begins).
test_expect_success 'no second relative-path printer in src/' '
	! grep -rnw "display_path\|judge_shown\|judge_set_cwd\|config_display_path" "$RWONCE_ROOT/src" &&
	grep -rln "getcwd" "$RWONCE_ROOT/src" --include="*.c" | sed "s|^$RWONCE_ROOT/||" | sort >have &&
	printf "%s\n" src/cfront/walk.c src/findings/source.c src/fix/diff.c src/lib/shown-path.c >want &&
	diff want have
'

test_done
