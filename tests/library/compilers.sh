# The compilers the library promises to work with, for the t0xxx tests.
# Sourced after tests/lib/tap.sh.
#
#   RWONCE_CCS / RWONCE_CXXS   the C and C++ compilers, by command name
#   compiler_family CC         gcc, clang, tcc, g++ or clang++
#   compiler_lang CC           c or c++
#   run_jobs DIR               runs every DIR/*.sh, $(online cpus) at a time;
#                              each job writes its own .out and .rc
#
# A compiler that is not installed is reported by the caller as a TAP
# skip, with missing_why's reason (tests/lib/requires.sh).

requires gcc-12 gcc-12
requires gcc-11 gcc-11
requires clang-14 clang-14
requires clang-16 clang-16
requires clang-19 clang-19
requires tcc tcc
requires g++-12 g++-12
requires g++-11 g++-11
requires clang++-14 clang-14
requires clang++-16 clang-16
requires clang++-19 clang-19
# compiler_family's patterns
mentions clang++

RWONCE_CCS=${RWONCE_CCS:-"gcc-12 gcc-11 clang-14 clang-16 clang-19 tcc"}
RWONCE_CXXS=${RWONCE_CXXS:-"g++-12 g++-11 clang++-14 clang++-16 clang++-19"}

compiler_family() {
	case $1 in
	clang++*) echo clang++ ;;
	clang*) echo clang ;;
	g++*) echo g++ ;;
	gcc*) echo gcc ;;
	tcc*) echo tcc ;;
	*) echo unknown ;;
	esac
}

compiler_lang() {
	case $(compiler_family "$1") in
	g++|clang++) echo c++ ;;
	*) echo c ;;
	esac
}

rwonce_nproc() {
	getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2
}

# Each job is a shell script DIR/NAME.sh; its output goes to DIR/NAME.out
# and its exit status to DIR/NAME.rc.  A job that hangs (a compiler, or a
# test program gone wrong) is killed after 300 s and fails with 124.
run_jobs() {
	(cd "$1" && ls ./*.sh 2>/dev/null | xargs -r -P "$(rwonce_nproc)" -n 1 \
		sh -c 'timeout 300 sh "$0" >"${0%.sh}.out" 2>&1; echo $? >"${0%.sh}.rc"')
}

# Can compiler $1 compile a translation unit that includes the headers the
# library needs, with flags $2 (e.g. -m32, which needs multilib headers)?
# Prints nothing; the status says.  Results are cached in $TEST_TMP.
can_compile_with() { # cc flags
	key=$(printf '%s' "$1 $2" | tr -c 'A-Za-z0-9' _)
	if [ ! -f "$TEST_TMP/can.$key" ]; then
		if [ "$(compiler_lang "$1")" = c++ ]; then
			probe='#include <cstring>
#include <type_traits>'
			lflag='-x c++'
		else
			probe='#include <stdint.h>'
			lflag='-x c'
		fi
		if printf '%s\nint rwonce_probe;\n' "$probe" |
			$1 $lflag $2 -c -o "$TEST_TMP/can.o" - >/dev/null 2>&1; then
			echo 0 >"$TEST_TMP/can.$key"
		else
			echo 1 >"$TEST_TMP/can.$key"
		fi
	fi
	return "$(cat "$TEST_TMP/can.$key")"
}

# Can compiler $1 link a program with flags $2 (e.g. -m32 needs the 32-bit
# C library and libgcc)?  Cached like can_compile_with.
can_link_with() { # cc flags
	key=$(printf '%s' "link $1 $2" | tr -c 'A-Za-z0-9' _)
	if [ ! -f "$TEST_TMP/can.$key" ]; then
		if printf '#include <stdio.h>\nint main(void) { return puts("") < 0; }\n' |
			$1 -x c $2 -o "$TEST_TMP/can.bin" - >/dev/null 2>&1 &&
			"$TEST_TMP/can.bin" >/dev/null 2>&1; then
			echo 0 >"$TEST_TMP/can.$key"
		else
			echo 1 >"$TEST_TMP/can.$key"
		fi
	fi
	return "$(cat "$TEST_TMP/can.$key")"
}
