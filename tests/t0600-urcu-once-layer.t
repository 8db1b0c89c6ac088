#!/bin/sh
#
# A real project's own test suite as rwonce.h's proof: liburcu's
# once-access layer (CMM_ACCESS_ONCE, _CMM_LOAD_SHARED, _CMM_STORE_SHARED)
# routed through RWONCE_ACCESS / RWONCE_READ / RWONCE_WRITE by
# tests/urcu/patch-once-layer.sh, its own barriers kept.  Debian's liburcu
# source package is unpacked twice, built twice (as is, and patched) with
# the same flags, and liburcu's own `make check` runs in both: the patched
# run must pass exactly the tests the unpatched one does.
#
# Nothing is fetched here: tests/urcu/get-source.sh (apt-get source
# liburcu) puts the source package into $RWONCE_CACHE/liburcu-source
# beforehand.  check-full only (RWONCE_FULL=1): two autoreconf+build+check
# rounds take minutes.  RWONCE_URCU_REGTEST=1 adds liburcu's `make regtest`
# (its long rcutorture runs) to both.

. "$(dirname "$0")/lib/tap.sh"
requires --full dpkg-source dpkg-dev
requires --full autoreconf autoconf
requires --full automake automake
requires --full libtoolize libtool

[ "${RWONCE_FULL:-0}" = 1 ] ||
	skip_all "builds and tests liburcu twice: check-full only (RWONCE_FULL=1)"
need_cmd dpkg-source autoreconf automake libtoolize make gcc

cache=${RWONCE_CACHE:-/work/cache}/liburcu-source
dsc=$(ls "$cache"/liburcu_*.dsc 2>/dev/null | head -n 1)
[ -n "$dsc" ] ||
	skip_all "no Debian liburcu source package in $cache: run tests/urcu/get-source.sh first (apt-get source liburcu)"
diag "liburcu source: $(basename "$dsc")"

JOBS=${RWONCE_URCU_JOBS:-2}
CFG_FLAGS="CPPFLAGS=-I$RWONCE_ROOT/include"

# build NAME: unpack, (patch,) configure and build into $TEST_TMP/NAME.
build() {
	dir=$TEST_TMP/$1
	log=$TEST_TMP/$1.log
	dpkg-source -x "$dsc" "$dir" >"$log" 2>&1 || return 1
	if [ "$1" = rwonce ]; then
		"$RWONCE_ROOT/tests/urcu/patch-once-layer.sh" "$dir" >>"$log" 2>&1 || return 1
	fi
	(cd "$dir" && autoreconf -fi && ./configure "$CFG_FLAGS" &&
		make -j"$JOBS") >>"$log" 2>&1
}

# check NAME TARGET: run liburcu's TARGET; write "total pass fail error
# skip xfail xpass" summed over every test-suite.log to NAME.TARGET.
check() {
	dir=$TEST_TMP/$1
	(cd "$dir" && make -j"$JOBS" "$2") >"$TEST_TMP/$1.$2.log" 2>&1
	status=$?
	find "$dir" -name test-suite.log | sort | xargs cat 2>/dev/null | awk '
		/^# TOTAL:/ { t += $3 } /^# PASS:/ { p += $3 } /^# FAIL:/ { f += $3 }
		/^# ERROR:/ { e += $3 } /^# SKIP:/ { s += $3 } /^# XFAIL:/ { xf += $3 }
		/^# XPASS:/ { xp += $3 }
		END { printf "%d %d %d %d %d %d %d\n", t, p, f, e, s, xf, xp }' >"$TEST_TMP/$1.$2"
	# Remove the logs so that the next target counts only its own.
	find "$dir" -name test-suite.log -exec rm -f {} +
	return $status
}

show_log() { tail -n 30 "$1" | sed 's/^/#   /'; }

targets=check
[ "${RWONCE_URCU_REGTEST:-0}" = 1 ] && targets="check regtest"

for variant in unpatched rwonce; do
	if build $variant; then
		_tap_result 0 "liburcu builds ($variant)"
	else
		_tap_result 1 "liburcu builds ($variant)"
		show_log "$TEST_TMP/$variant.log"
		test_done
		exit 1
	fi
	if [ $variant = rwonce ]; then
		# The patched headers really go through rwonce.h: a use
		# preprocesses to rwonce's code, and a struct operand of
		# CMM_ACCESS_ONCE, which the volatile cast took, is refused.
		inc="-I$TEST_TMP/rwonce/include -I$RWONCE_ROOT/include"
		printf '#include <urcu/system.h>\nint g;\nint f(void) { return CMM_LOAD_SHARED(g); }\n' >"$TEST_TMP/use.c"
		test_expect_success 'patched CMM_LOAD_SHARED expands to RWONCE_READ' \
			"gcc $inc -E '$TEST_TMP/use.c' | grep -q rwonce__p"
		printf '#include <urcu/compiler.h>\nstruct pair { int a, b; } g;\nint f(void) { return CMM_ACCESS_ONCE(g).a; }\n' >"$TEST_TMP/refuse.c"
		test_expect_failure_msg 'patched CMM_ACCESS_ONCE refuses a struct, with rwonce'"'"'s message' \
			'ACCESS_ONCE: operand must be a scalar' \
			"gcc $inc -c -o '$TEST_TMP/refuse.o' '$TEST_TMP/refuse.c'"
	fi
	# automake's dependency files list the headers each object was
	# compiled with: rwonce.h in the patched build only.
	users=$(grep -l 'rwonce\.h' "$TEST_TMP/$variant"/src/.deps/*.Plo 2>/dev/null | wc -l)
	if [ $variant = rwonce ]; then
		test_expect_success "patched liburcu objects were compiled with rwonce.h ($users of them)" \
			"[ '$users' -gt 0 ]"
	else
		test_expect_success 'unpatched liburcu does not include rwonce.h' "[ '$users' = 0 ]"
	fi
	for t in $targets; do
		if check $variant "$t"; then
			_tap_result 0 "liburcu make $t ($variant): $(cut -d' ' -f1 "$TEST_TMP/$variant.$t") tests"
		else
			_tap_result 1 "liburcu make $t ($variant)"
			show_log "$TEST_TMP/$variant.$t.log"
		fi
		diag "$variant make $t: total pass fail error skip xfail xpass = $(cat "$TEST_TMP/$variant.$t")"
	done
done

for t in $targets; do
	read -r total pass fail error skip _ <"$TEST_TMP/unpatched.$t"
	test_expect_success "make $t ran tests (unpatched: $total, $pass passed)" \
		"[ '$total' -gt 0 ] && [ '$pass' -gt 0 ]"
	test_expect_success "make $t: the patched run has exactly the unpatched results" \
		"cmp '$TEST_TMP/unpatched.$t' '$TEST_TMP/rwonce.$t'"
	test_expect_success "make $t: no failure or error in either run" \
		"[ '$fail' = 0 ] && [ '$error' = 0 ] && awk '{ exit !(\$3 == 0 && \$4 == 0) }' '$TEST_TMP/rwonce.$t'"
done

test_done
