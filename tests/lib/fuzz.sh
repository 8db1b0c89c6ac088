# Set-up shared by the rwonce fuzz tests (t50xx), sourced after tap.sh.
# They trace x86-64 programs under qemu-x86_64, most of them Csmith's,
# and keep temporary files in a private TMPDIR that their last check
# finds empty: a reducer or a compiler that leaves files there fails it.

requires qemu-x86_64 qemu-user
requires csmith csmith
requires x86_64-linux-gnu-addr2line binutils

fuzz_need_x86() {
	need_cmd qemu-x86_64
	[ "$(uname -m)" = x86_64 ] || skip_all "x86-64 host needed"
}

fuzz_need_csmith() {
	need_cmd csmith
}

# --check-one compiles with csmith.h but runs no csmith.
fuzz_need_csmith_headers() {
	[ -r /usr/include/csmith/csmith.h ] || [ -n "${RWONCE_CSMITH_INCLUDE:-}" ] ||
		skip_all "csmith.h not installed (package libcsmith-dev; see README: make deps)"
}

# Source lines of traced accesses (--mode once, --print-lines): rwonce
# runs the target's GNU addr2line.
fuzz_need_addr2line() {
	need_cmd x86_64-linux-gnu-addr2line
}

fuzz_private_tmpdir() {
	mkdir -p "$TEST_TMP/tmp"
	export TMPDIR="$TEST_TMP/tmp" NO_PROGRESS=1
}
