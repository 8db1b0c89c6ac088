#!/bin/sh
#
# Compile-pass and value tests: tests/library/values.c (and values.cpp,
# the same file as C++) built by every compiler, in every standard, at -O0
# and -O2, with -Wall -Wextra -Werror (and -pedantic outside the GNU
# dialects), then run.  Then the configurations: RWONCE_NO_SHORT_NAMES,
# RWONCE_BACKEND_ATOMIC, RWONCE_CHECK_ALIGNMENT, and -m32 with
# RWONCE_ALLOW_TEARING or RWONCE_ATOMIC64.

. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/library/compilers.sh"
. "$RWONCE_ROOT/tests/lib/m32.sh"

LIB=$RWONCE_ROOT/tests/library
JOBS=$TEST_TMP/jobs
mkdir -p "$JOBS"
C_STDS="gnu99 c11 c17 c2x"
CXX_STDS="c++11 c++14 c++17 c++20"

# The run list: one line per build, "label|compiler|flags|skip reason".
plan_builds() {
	for cc in $RWONCE_CCS; do
		for std in $C_STDS; do
			case $std in gnu*) ped= ;; *) ped=-pedantic ;; esac
			for opt in -O0 -O2; do
				echo "$cc -std=$std $opt|$cc|-std=$std $ped $opt|"
			done
		done
	done
	for cxx in $RWONCE_CXXS; do
		for std in $CXX_STDS; do
			for opt in -O0 -O2; do
				echo "$cxx -std=$std $opt|$cxx|-std=$std -pedantic $opt|"
			done
		done
	done
	for cc in $RWONCE_CCS $RWONCE_CXXS; do
		if [ "$(compiler_lang "$cc")" = c++ ]; then std=-std=c++17; else std=-std=c11; fi
		echo "$cc RWONCE_NO_SHORT_NAMES|$cc|$std -pedantic -O2 -DRWONCE_NO_SHORT_NAMES|"
		if [ "$(compiler_family "$cc")" = tcc ]; then
			why="tcc 0.9.27 ignores __attribute__((aligned)) on struct types, so the check rightly refuses values.c's two-field structs"
		else
			why=
		fi
		echo "$cc RWONCE_CHECK_ALIGNMENT|$cc|$std -pedantic -O2 -DRWONCE_CHECK_ALIGNMENT|$why"
		if [ "$(compiler_family "$cc")" = tcc ]; then
			why="tcc has no __atomic builtins (rwonce.h refuses the combination)"
		else
			why=
		fi
		echo "$cc RWONCE_BACKEND_ATOMIC|$cc|$std -pedantic -O2 -DRWONCE_BACKEND_ATOMIC|$why"
		for opt in -O0 -O2; do
			for optin in RWONCE_ALLOW_TEARING RWONCE_ATOMIC64; do
				if [ "$(compiler_family "$cc")" = tcc ]; then
					why="tcc 0.9.27 has no -m32 (it is a separate i386-tcc build)"
				else
					why=
				fi
				echo "$cc -m32 $optin $opt|$cc|$std -pedantic -m32 -D$optin $opt|$why"
			done
		done
	done
}

plan_builds >"$TEST_TMP/plan"

n=0
while IFS='|' read -r label cc flags why; do
	n=$((n + 1))
	id=$(printf '%04d' $n)
	[ -n "$why" ] && continue
	have_cmd "$cc" || continue
	src=$LIB/values.c
	[ "$(compiler_lang "$cc")" = c++ ] && src=$LIB/values.cpp
	cat >"$JOBS/$id.sh" <<-JOB
		LC_ALL=C $cc $flags -Wall -Wextra -Werror -I"$RWONCE_ROOT/include" \\
			-o "$JOBS/$id.bin" "$src" || exit 2
		exec "$JOBS/$id.bin"
	JOB
done <"$TEST_TMP/plan"

# -m32 builds need the 32-bit C (and C++) libraries for that compiler.
while IFS='|' read -r label cc flags why; do
	case $flags in *-m32*) ;; *) continue ;; esac
	[ -n "$why" ] && continue
	have_cmd "$cc" || continue
	if ! can_link_with "$cc" -m32 || ! can_compile_with "$cc" -m32; then
		# m32_why says what is missing; if nothing, it is the headers.
		if m32_why "$cc" >"$JOBS/why-m32.$(basename "$cc")"; then
			echo "$cc -m32 cannot compile the library's headers (no 32-bit headers for it: $(m32_hint "$cc"))" \
				>"$JOBS/why-m32.$(basename "$cc")"
		fi
		grep -l -- "$cc .*-m32" "$JOBS"/*.sh 2>/dev/null | while read -r f; do
			[ "$(sed -n 's/^LC_ALL=C \([^ ]*\) .*/\1/p' "$f")" = "$cc" ] &&
				mv "$f" "${f%.sh}.nolib"
		done
	fi
done <"$TEST_TMP/plan"

run_jobs "$JOBS"

n=0
while IFS='|' read -r label cc flags why; do
	n=$((n + 1))
	id=$(printf '%04d' $n)
	if [ -n "$why" ]; then
		test_skip "$label" "$why"
	elif ! have_cmd "$cc"; then
		test_skip "$label" "$(missing_why "$cc")"
	elif [ -f "$JOBS/$id.nolib" ]; then
		test_skip "$label" "$(cat "$JOBS/why-m32.$(basename "$cc")")"
	elif [ "$(cat "$JOBS/$id.rc")" = 0 ]; then
		_tap_result 0 "$label: $(tail -n 1 "$JOBS/$id.out")"
	else
		_tap_result 1 "$label"
		sed 's/^/#   /' "$JOBS/$id.out" | head -n 30
	fi
done <"$TEST_TMP/plan"

test_done
