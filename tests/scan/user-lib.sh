# Helpers for the userspace-library scan tests (t4300-t4390), sourced
# after tests/scan/lib.sh: the four builds issue 31 asks for -- clang 19
# and gcc 12, for x86-64 and aarch64.

requires clang-19 clang-19
requires aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu

# The configurations: "name compiler flags...", one a line.
USER_CONFIGS='clang-x86 clang-19 --target=x86_64-linux-gnu
clang-arm64 clang-19 --target=aarch64-linux-gnu
gcc-x86 gcc
gcc-arm64 aarch64-linux-gnu-gcc'

# Can configuration $1's compiler build C with <stdint.h>?
user_config_can() { # name cc flags...
	shift
	have_cmd "$1" || return 1
	printf '#include <stdint.h>\nuint32_t x;\n' |
		"$@" -x c -c -o /dev/null - 2>/dev/null
}

# Why not: for the skip reason.
user_config_why() { # name cc flags...
	if ! have_cmd "$2"; then
		missing_why "$2"
	else
		echo "$2 $3 cannot build C with <stdint.h> (package $(libc_pkg "${3#--target=}"); see README: make deps)"
	fi
}

# The tests of configuration $1 ($3...: its compiler and flags), about
# $2: skipped with the reason when its compiler cannot build C (1),
# else run in a folder of their own, made and entered (0).
user_config_enter() { # name what cc flags...
	_uce_name=$1 _uce_what=$2
	shift 2
	if ! user_config_can "$_uce_name" "$@"; then
		test_skip "$_uce_name: $_uce_what" "$(user_config_why "$_uce_name" "$@")"
		return 1
	fi
	mkdir -p "$TEST_TMP/$_uce_name"
	cd "$TEST_TMP/$_uce_name" || exit 1
}

# Build source $2 with configuration line $1 (-O2 -g, more flags after)
# into $3.
user_build() { # config-line source object flags...
	_ub_cfg=$1 _ub_src=$2 _ub_obj=$3
	shift 3
	# shellcheck disable=SC2086 # the configuration's words
	set -- ${_ub_cfg#* } -O2 -g "$@" -c "$_ub_src" -o "$_ub_obj"
	"$@"
}

# The common start of a configuration's tests: enter its folder (or
# skip, saying what), build source $4 into o.o and scan it, the JSON
# into j.  1 when skipped.
user_enter_scan() { # name config what source
	user_config_enter "$1" "$3" $2 || return 1
	user_build "$1 $2" "$4" o.o || exit 1
	"$RWONCE" scan --json o.o >j 2>/dev/null
	return 0
}
