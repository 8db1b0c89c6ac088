#!/bin/sh
# Threads that look the QEMU plugin up at once (verify's and fuzz's -j
# workers, src/trace/trace-qemu.c) do not race: each gets the path, and
# ThreadSanitizer reports nothing.  The buffer the path is written to was
# one static array for the whole process; `make check-sanitize` found two
# workers writing it together (issue 33).  The driver is `test-tool
# plugin-lookup-threads` (tests/helper/), run in the test-tool of the
# -fsanitize=thread build -- the one check-sanitize makes, `make
# SANITIZE=thread` into build-san-thread/, librwonce.a and all: this test
# compiles no source of its own.  Under check-sanitize's TSan suite the
# tool it tests is that build already; elsewhere it makes it (once: make
# keeps it, and check-sanitize then reuses it).
. "$(dirname "$0")/lib/tap.sh"

cd "$RWONCE_ROOT" || exit 2
printf '#include <pthread.h>\nstatic void *f(void *a) { return a; }\nint main(void) { pthread_t t; pthread_create(&t, 0, f, 0); return pthread_join(t, 0); }\n' >"$TEST_TMP/probe.c"
gcc -fsanitize=thread -pthread -o "$TEST_TMP/probe" "$TEST_TMP/probe.c" >"$TEST_TMP/probe.err" 2>&1 &&
	"$TEST_TMP/probe" >>"$TEST_TMP/probe.err" 2>&1 ||
	skip_all "gcc cannot build and run a -fsanitize=thread program here: $(head -n 1 "$TEST_TMP/probe.err")"

is_tsan() { nm "$1" 2>/dev/null | grep -q ' __tsan_init$'; }

if is_tsan "$TEST_TOOL"; then
	tool=$TEST_TOOL
else
	tool=$RWONCE_ROOT/build-san-thread/test-tool
	# A make of its own, not the jobserver of a `make check` above.
	test_expect_success 'make SANITIZE=thread builds build-san-thread/test-tool (as check-sanitize does)' "
		env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL nice \
			make -s --no-print-directory -C '$RWONCE_ROOT' -j2 SANITIZE=thread \
			build-san-thread/test-tool >'$TEST_TMP/make.out' 2>&1 ||
		{ tail -n 20 '$TEST_TMP/make.out'; false; }"
fi
test_expect_success 'the test-tool it runs is built with -fsanitize=thread' "is_tsan '$tool'"

: >"$TEST_TMP/rwonce-trace.so"
test_expect_success 'four threads looking the plugin up 200 times each: the path every time, no TSan report' "
	RWONCE_QEMU_PLUGIN='$TEST_TMP/rwonce-trace.so' \
	TSAN_OPTIONS='halt_on_error=0 exitcode=66 log_path=stderr' UBSAN_OPTIONS=log_path=stderr \
		'$tool' plugin-lookup-threads '$TEST_TMP/rwonce-trace.so' >'$TEST_TMP/run.out' 2>&1; rc=\$?;
	cat '$TEST_TMP/run.out'; test \$rc = 0 &&
	! grep -q ThreadSanitizer '$TEST_TMP/run.out' && grep -qx ok '$TEST_TMP/run.out'"
test_done
