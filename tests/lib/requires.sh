# The programs a test runs, declared with the Debian package of each, so
# that every test gets its tools from `make deps` or skips saying which
# package is missing.  Sourced by tests/lib/tap.sh; checked statically by
# tests/t0001-tests-declare-tools.t, which fails when a test names an
# optional program (OPTIONAL_PROGS below) that it did not declare, or
# declares a package that `make deps` does not install.
#
#   requires PROG PACKAGE          this test runs PROG, which Debian's
#                                  PACKAGE provides; PACKAGE is in a
#                                  deps/*.txt list (`make deps`)
#   requires --full PROG PACKAGE   PACKAGE is in deps/full/ only (`make
#                                  check-full`): PROG counts as missing
#                                  unless RWONCE_FULL=1, even where it is
#                                  installed, so `make check` runs the
#                                  same cases on every machine
#   mentions PROG...               the test names PROG (in an expected
#                                  message, or checks that it is absent)
#                                  but never runs it
#   need_cmd PROG...               skip the whole script unless every
#                                  PROG is there
#   have_cmd PROG                  is PROG there?  For the cases that
#                                  need it; the skip reason is
#   missing_why PROG...            "PROG not installed (package PKG; see
#                                  README: make deps)", for each missing
#                                  PROG
#
# The base set needs no declaration: what Debian's required packages,
# build-essential and deps/core.txt's perl give (sh, coreutils, grep, sed,
# awk, make, cc, gcc, g++, as, ld, nm, objdump, readelf, addr2line, prove,
# perl, script, setpriv, timeout ...).  need_cmd or have_cmd on an
# optional program nobody declared is a failure of the test itself
# ("not declared"), never a skip.

# Shell patterns (case syntax) of the optional programs.  Cross tools,
# emulators, the other compilers, and every program a deps list adds
# beyond the base set.  The first list is found anywhere in a test; the
# second are also English words or parts of paths (clang is the engine's
# name too, npm a folder of build/), so t0001 looks for them only where a
# command starts.
OPTIONAL_PROGS='*-linux-gnu*-* qemu-?* clang-[0-9] clang-[0-9][0-9] clang++
	clang++-[0-9] clang++-[0-9][0-9] gcc-[0-9] gcc-[0-9][0-9] g++-[0-9] g++-[0-9][0-9]
	tcc csmith cvise creduce valgrind bear chromium* spatch
	mmdebstrap jq python3 groff lexgrog pkg-config cmake llvm-?* lld-?* ld.lld*
	clang-format* dpkg-source autoreconf automake libtoolize gdb'
OPTIONAL_WORDS='clang node nodejs npm npx git patch man bc flex bison parallel'

_req_table=' '
_req_mentioned=' '

requires() { # [--full] prog package
	_req_full=
	if [ "$1" = --full ]; then
		_req_full=+
		shift
	fi
	if [ $# != 2 ]; then
		echo "not ok - tests/lib/requires.sh: usage: requires [--full] PROG PACKAGE (got: $*)"
		exit 1
	fi
	_req_table="$_req_table$1=$_req_full$2 "
}

mentions() { # prog...
	for _req_p in "$@"; do
		_req_mentioned="$_req_mentioned$_req_p "
	done
}

# Is $1 an optional program (one that must be declared)?
is_optional_prog() {
	# The patterns are split into words, but must not be expanded
	# against the files of the current folder.
	case $- in *f*) _req_glob= ;; *) _req_glob=1; set -f ;; esac
	_req_rc=1
	for _req_pat in $OPTIONAL_PROGS $OPTIONAL_WORDS; do
		# shellcheck disable=SC2254 # the patterns are globs on purpose
		case $1 in $_req_pat) _req_rc=0; break ;; esac
	done
	[ -z "$_req_glob" ] || set +f
	return $_req_rc
}

# Sets _req_pkg (empty for a base program) and _req_full ("+" for
# --full); fails the test when an optional program was not declared.
_req_lookup() {
	_req_pkg= _req_full=
	case $_req_table in
	*" $1="*)
		_req_pkg=${_req_table#*" $1="}
		_req_pkg=${_req_pkg%% *}
		case $_req_pkg in +*) _req_full=+ _req_pkg=${_req_pkg#+} ;; esac
		return 0
		;;
	esac
	case $_req_mentioned in *" $1 "*) return 0 ;; esac
	if is_optional_prog "$1"; then
		# Also in a subshell ($(missing_why ...), a test's commands):
		# test_done fails the script for what it finds in this file.
		echo "$1" >>"$TEST_TMP/.undeclared"
		echo "not ok - $1 is not declared: add 'requires $1 PACKAGE' to $0 (tests/lib/requires.sh)"
		exit 1
	fi
}

# The reason one program is missing (have_cmd said so).
_req_why() {
	_req_lookup "$1"
	if [ -n "$_req_full" ] && [ "${RWONCE_FULL:-0}" != 1 ]; then
		echo "$1: make check-full only (RWONCE_FULL=1; package $_req_pkg from deps/full)"
	elif [ -n "$_req_pkg" ]; then
		echo "$1 not installed (package $_req_pkg; see README: make deps)"
	else
		echo "$1 not installed (see README: make deps)"
	fi
}

missing_why() { # prog...: the reasons of those missing, one line
	_req_all=
	for _req_m in "$@"; do
		have_cmd "$_req_m" && continue
		_req_all="${_req_all:+$_req_all; }$(_req_why "$_req_m")"
	done
	echo "${_req_all:-none of $* is missing}"
}

have_cmd() { # prog
	_req_lookup "$1"
	[ -n "$_req_full" ] && [ "${RWONCE_FULL:-0}" != 1 ] && return 1
	command -v "$1" >/dev/null 2>&1
}

need_cmd() { # prog...
	for _req_c in "$@"; do
		have_cmd "$_req_c" || skip_all "$(_req_why "$_req_c")"
	done
}
