#!/bin/sh
# No qsort/bsearch/memcpy of an empty array through a NULL pointer
# (issue 33, point 8): every audit and fix run with no macro roles
# called qsort(NULL, 0, ...), which C leaves undefined and UBSan reports
# (under -fno-sanitize-recover audit aborted).  Every sort goes through
# sane_qsort() (src/lib/util.h), which does not call qsort for fewer than
# two elements; the few memcpy and bsearch calls that can get NULL and 0
# are guarded where they are.
#
# The first check reads the sources; the others build the tool with
# -fsanitize=undefined -fno-sanitize-recover=all into this test's scratch
# folder (some minutes on two cores, so only in `make check-full`, or
# with RWONCE_UBSAN_BUILD=DIR naming such a build's folder) and run audit
# and fix on files that have no macro roles, no sites, or nothing at all.
. "$(dirname "$0")/lib/tap.sh"

cd "$RWONCE_ROOT" || exit 1

test_expect_success 'every sort in src/ and libfuzzer/ goes through sane_qsort' '
	! grep -rnE "(^|[^_[:alnum:]])qsort[[:space:]]*\(" src libfuzzer \
		--include="*.c" --include="*.h" | grep -v "^src/lib/util.h:"'

ubsan=${RWONCE_UBSAN_BUILD:-}
if [ -z "$ubsan" ] && [ "${RWONCE_FULL:-}" = 1 ]; then
	ubsan=$TEST_TMP/ubsan
	diag "building the tool with UBSan into $ubsan"
	if ! nice make -s BUILD="$ubsan" WARNFLAGS=-w \
		CFLAGS="-O1 -g -fsanitize=undefined -fno-sanitize-recover=all" \
		"$ubsan/rwonce" >"$TEST_TMP/build.log" 2>&1; then
		sed 's/^/#   /' "$TEST_TMP/build.log" | tail -n 20
		ubsan=failed
	fi
fi

if [ -z "$ubsan" ]; then
	test_skip 'under UBSan: audit and fix run clean' \
		'make check-full (RWONCE_FULL=1) or RWONCE_UBSAN_BUILD=DIR: builds the tool with UBSan'
	test_done
	exit $?
fi

cd "$TEST_TMP" || exit 1
mkdir -p tree/empty
printf 'int a, x;\nvoid f(void) { x = ACCESS_ONCE(a); }\n' >tree/one.c
printf 'int plain;\n' >tree/none.c
: >tree/empty.c
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
U=$ubsan/rwonce

test_expect_success 'under UBSan: audit of a file with a site and no macro roles' "
	test -x '$U' && { '$U' audit tree/one.c >a.out 2>a.err; test \$? = 1; } &&
	! grep 'runtime error' a.err && grep -q 'access-once' a.out"

test_expect_success 'under UBSan: fix (diff, JSON, in place) of the same' "
	{ '$U' fix tree/one.c >f.out 2>f.err; test \$? = 1; } &&
	{ '$U' fix --format=json tree/one.c >fj.out 2>>f.err; test \$? = 1; } &&
	cp tree/one.c inplace.c &&
	{ '$U' fix --in-place inplace.c 2>>f.err; test \$? = 1; } &&
	! grep 'runtime error' f.err && grep -q READ_ONCE inplace.c"

test_expect_success 'under UBSan: audit in every format of files with no sites' "
	for fmt in text json sarif; do
		'$U' audit --allow-empty --format=\$fmt tree/none.c tree/empty.c >n.out 2>>n.err
		test \$? = 0 || exit 1
	done &&
	! grep 'runtime error' n.err"

test_done
