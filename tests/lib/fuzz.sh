# Set-up shared by the rwonce fuzz tests (t50xx), sourced after tap.sh.
# They trace x86-64 programs under qemu-x86_64, most of them Csmith's,
# and keep temporary files in a private TMPDIR that their last check
# finds empty: a reducer or a compiler that leaves files there fails it.

fuzz_need_x86() {
	need_cmd qemu-x86_64
	[ "$(uname -m)" = x86_64 ] || skip_all "x86-64 host needed"
}

fuzz_need_csmith() {
	have_cmd csmith || skip_all "csmith not installed (apt-get install csmith libcsmith-dev)"
}

# --check-one compiles with csmith.h but runs no csmith.
fuzz_need_csmith_headers() {
	[ -r /usr/include/csmith/csmith.h ] || [ -n "${RWONCE_CSMITH_INCLUDE:-}" ] ||
		skip_all "csmith headers missing (apt-get install libcsmith-dev)"
}

# Source lines of traced accesses (--mode once, --print-lines).
fuzz_need_addr2line() {
	have_cmd x86_64-linux-gnu-addr2line || have_cmd llvm-addr2line ||
		have_cmd addr2line || skip_all "addr2line not installed (apt-get install binutils)"
}

fuzz_private_tmpdir() {
	mkdir -p "$TEST_TMP/tmp"
	export TMPDIR="$TEST_TMP/tmp" NO_PROGRESS=1
}
