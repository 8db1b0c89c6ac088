#!/bin/sh
# rwonce scan on real code: Linux 6.1 built by its own build system
# (bench/scan-kernel-build.sh: tinyconfig + SMP + PREEMPT, -O2 -g) with
# clang 16 and gcc 12, compared with the hand-confirmed ground truth of
# doc/scan.md, "Real code" (tests/scan-real/ground-truth.tsv), on the objects
# that hold its sites.  check-full only (RWONCE_FULL=1).
#
# The builds are taken from RWONCE_KBUILD_DIR (default
# $RWONCE_CACHE/kbuild, RWONCE_CACHE defaulting to /work/cache); a build
# that lacks an object is completed there by building just those objects
# (a few minutes: configuration, prepare, the objects).
. "$(dirname "$0")/lib/tap.sh"

[ "$RWONCE_FULL" = 1 ] || skip_all "kernel builds: check-full only (RWONCE_FULL=1)"
"$RWONCE" scan -h 2>&1 | grep -q 'usage: rwonce scan' ||
	skip_all "this rwonce has no scan command (issue #10)"
requires python3 python3
requires clang-16 clang-16
requires --full ld.lld-16 lld-16
requires arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf
requires bc bc
requires --full flex flex
requires --full bison bison
# Package names in the skip reason.
mentions lld-16 llvm-16
need_cmd python3 make
GT=$RWONCE_ROOT/tests/scan-real/ground-truth.tsv
KB=${RWONCE_KBUILD_DIR:-${RWONCE_CACHE:-/work/cache}/kbuild}
COMPARE=$RWONCE_ROOT/bench/scan-real-compare.py

builds=$(sed -e '/^#/d' -e '/^$/d' "$GT" | cut -f1 | sort -u)
for b in $builds; do
	objs=$(awk -F'\t' -v b="$b" '$1 == b { n = split($4, o, ","); for (i = 1; i <= n; i++) print o[i] }' "$GT" | sort -u)
	missing=
	for o in $objs; do [ -f "$KB/$b/$o" ] || missing="$missing $o"; done
	if [ -n "$missing" ]; then
		case $b in
		*-clang) tools="clang-16 ld.lld-16" pkgs="clang-16 lld-16 llvm-16" ;;
		arm-gcc) tools=arm-linux-gnueabihf-gcc pkgs=gcc-arm-linux-gnueabihf ;;
		*) tools=gcc pkgs=gcc ;;
		esac
		lack=
		for t in $tools bc flex bison; do have_cmd "$t" || lack="$lack $t"; done
		[ -f /usr/src/linux-source-6.1.tar.xz ] || lack="$lack linux-source-6.1"
		if [ -n "$lack" ]; then
			test_skip "$b: build the objects of the ground truth" "missing$lack (apt-get install $pkgs bc flex bison linux-source-6.1)"
			continue
		fi
		# shellcheck disable=SC2086
		test_expect_success "$b: build$missing" \
			"RWONCE_KBUILD_TARGETS='$(echo $missing)' '$RWONCE_ROOT/bench/scan-kernel-build.sh' '$KB' $b >'$TEST_TMP/$b.build' 2>&1"
	fi
	set --
	for o in $objs; do set -- "$@" "$KB/$b/$o"; done
	"$RWONCE" scan --no-progress --json "$@" >"$TEST_TMP/$b.json" 2>"$TEST_TMP/$b.err"
	st=$?
	test_expect_success "$b: scan checks every object (exit $st)" \
		"test $st -le 1 && grep -q ' $# of $# files\{0,1\} checked' '$TEST_TMP/$b.err'"
	python3 "$COMPARE" "$GT" "$b" "$TEST_TMP/$b.json" >"$TEST_TMP/$b.cmp" 2>&1
	diag "$(tail -n 1 "$TEST_TMP/$b.cmp")"
	grep '^false' "$TEST_TMP/$b.cmp" | sed 's/^/#   /' 
	test_expect_success "$b: every hand-confirmed torn/duplicated site is reported" \
		"! grep '^missed' '$TEST_TMP/$b.cmp'"
	grep '^missed' "$TEST_TMP/$b.cmp" | sed 's/^/#   /'
	test_expect_success "$b: no torn/duplicated finding that the code does not show" \
		"! grep '^false' '$TEST_TMP/$b.cmp'"
done
test_done
