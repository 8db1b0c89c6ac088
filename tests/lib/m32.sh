# Can this machine build *and run* 32-bit x86 programs?  Sourced by the
# tests that run -m32 binaries natively.  Two different things can be
# missing: the 32-bit C library (a package), or the kernel's IA-32
# emulation (a boot setting: ia32_emulation=0, or a kernel built without
# CONFIG_IA32_EMULATION) -- then every 32-bit program fails with "Exec
# format error" and no package helps.  The skip reason must say which.
#
#   m32_why CC [FLAGS...]   prints nothing and succeeds when CC -m32 FLAGS
#                           builds a program that runs; else prints why
#                           not and fails.
#   m32_packages CC         the Debian packages with CC's 32-bit libraries
#
# Never gcc-multilib/g++-multilib: on Debian 12 they conflict with the
# gcc-*-linux-gnu cross compilers (installing them removes the aarch64,
# armhf, s390x... compilers).  The versioned gcc-N-multilib do not.

# gcc-N and g++-N have their own; gcc, cc and clang use gcc 12's.
mentions clang++
m32_packages() {
	case ${1##*/} in
	gcc-[0-9]*) echo "gcc-${1##*gcc-}-multilib" ;;
	g++-[0-9]*) echo "g++-${1##*g++-}-multilib" ;;
	g++|c++|clang++*) echo "g++-12-multilib" ;;
	*) echo "gcc-12-multilib" ;;
	esac
}

# The hint for a compiler without 32-bit libraries or headers.
m32_hint() {
	echo "apt-get install $(m32_packages "$1"); not gcc-multilib, which removes the cross compilers"
}

m32_why() {
	_m32_cc=$1
	shift
	if ! have_cmd "$_m32_cc"; then
		missing_why "$_m32_cc"
		return 1
	fi
	printf '#include <stdio.h>\nint main(void) { return puts("") < 0; }\n' \
		>"$TEST_TMP/m32-probe.c"
	if ! "$_m32_cc" -m32 "$@" -o "$TEST_TMP/m32-probe" \
		"$TEST_TMP/m32-probe.c" >/dev/null 2>&1; then
		echo "$_m32_cc -m32 cannot link a program (no 32-bit C library: $(m32_hint "$_m32_cc"))"
		return 1
	fi
	"$TEST_TMP/m32-probe" >/dev/null 2>&1
	_m32_rc=$?
	if [ "$_m32_rc" = 126 ]; then
		echo "this kernel does not run 32-bit x86 programs (IA-32 emulation is off: Exec format error)"
		return 1
	elif [ "$_m32_rc" != 0 ]; then
		echo "a $_m32_cc -m32 program fails here (exit status $_m32_rc)"
		return 1
	fi
	return 0
}
