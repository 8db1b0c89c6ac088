#!/bin/sh
# Token preservation and idempotence of rwonce fix (--self-check): every
# fixed file lexes to the original's tokens outside the rewritten spans,
# and a second run changes nothing.  Over the fixtures, the fuzz seed
# corpus, a generated tree, and Debian's kernel tree when it is unpacked
# (bench/linux-tree.sh puts it in /work/cache/linux-source-6.1, or set
# RWONCE_LINUX_TREE).
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"

selfcheck() { # what paths...
	what=$1; shift
	test_expect_success "self-check: $what" "
		'$RWONCE' fix -q --self-check $* >'$TEST_TMP/sc.diff' 2>'$TEST_TMP/sc.err';
		rc=\$?; cat '$TEST_TMP/sc.err'; test \$rc -le 1 &&
		! grep -q 'self-check failed' '$TEST_TMP/sc.err'"
}

selfcheck 'the fix fixtures' "'$RWONCE_ROOT/tests/fix'"
selfcheck 'the libFuzzer seed corpus' "'$RWONCE_ROOT/libfuzzer/corpus'"

# (That the comparison itself catches a lost or added token is exercised
# by the fuzz harness, libfuzzer/fix.c, which also re-applies the diff.)
if have_cmd python3; then
	python3 "$RWONCE_ROOT/bench/fix-synth-tree.py" "$TEST_TMP/synth" 150 7
	selfcheck 'a generated tree (150 files)' "'$TEST_TMP/synth'"
	test_expect_success 'generated tree: fix converts sites and the result is idempotent' "
		cp -r '$TEST_TMP/synth' '$TEST_TMP/synth2' &&
		'$RWONCE' fix -q --in-place '$TEST_TMP/synth2'; test \$? = 1 &&
		'$RWONCE' fix -q '$TEST_TMP/synth2' >'$TEST_TMP/again.diff'; test ! -s '$TEST_TMP/again.diff' &&
		! diff -r '$TEST_TMP/synth' '$TEST_TMP/synth2' >/dev/null"
else
	test_skip 'self-check: a generated tree' "$(missing_why python3)"
	test_skip 'generated tree: idempotent' "$(missing_why python3)"
fi

# The Linux tree (linux-source-6.1, a deps/full package, unpacked by
# bench/linux-tree.sh): check-full's.
LINUX=${RWONCE_LINUX_TREE:-/work/cache/linux-source-6.1}
if [ "${RWONCE_FULL:-0}" != 1 ]; then
	test_skip 'self-check: the kernel tree' "make check-full only (RWONCE_FULL=1; linux-source-6.1 from deps/full)"
elif [ -d "$LINUX" ]; then
	selfcheck "the kernel tree ($LINUX)" "'$LINUX'"
else
	test_skip 'self-check: the kernel tree' "$LINUX not unpacked (run bench/linux-tree.sh)"
fi
test_done
