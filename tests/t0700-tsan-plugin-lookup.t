#!/bin/sh
# Threads that look the QEMU plugin up at once (verify's and fuzz's -j
# workers, src/trace/trace-qemu.c) do not race: each gets the path, and
# ThreadSanitizer reports nothing.  The buffer the path is written to was
# one static array for the whole process; `make check-sanitize` found two
# workers writing it together (issue 33).  This builds the lookup and a
# four-thread driver (tests/trace/plugin-lookup-threads.c) with
# -fsanitize=thread, without building the whole tool under TSan.
. "$(dirname "$0")/lib/tap.sh"

cd "$RWONCE_ROOT" || exit 2
printf '#include <pthread.h>\nstatic void *f(void *a) { return a; }\nint main(void) { pthread_t t; pthread_create(&t, 0, f, 0); return pthread_join(t, 0); }\n' >"$TEST_TMP/probe.c"
gcc -fsanitize=thread -pthread -o "$TEST_TMP/probe" "$TEST_TMP/probe.c" >"$TEST_TMP/probe.err" 2>&1 &&
	"$TEST_TMP/probe" >>"$TEST_TMP/probe.err" 2>&1 ||
	skip_all "gcc cannot build and run a -fsanitize=thread program here: $(head -n 1 "$TEST_TMP/probe.err")"

bin=$TEST_TMP/plugin-lookup-threads
test_expect_success 'the lookup and its driver build with -fsanitize=thread' "
	gcc -std=gnu11 -Wall -Wextra -Werror -O1 -g -fsanitize=thread -pthread \
		-Iinclude -Isrc -DRWONCE_LIBEXEC_FROM_BIN='\"../libexec\"' \
		-o '$bin' tests/trace/plugin-lookup-threads.c src/trace/*.c \
		src/targets/*.c src/lib/*.c -linih"

: >"$TEST_TMP/rwonce-trace.so"
test_expect_success 'four threads looking the plugin up 200 times each: the path every time, no TSan report' "
	RWONCE_QEMU_PLUGIN='$TEST_TMP/rwonce-trace.so' \
	TSAN_OPTIONS='halt_on_error=0 exitcode=66 log_path=stderr' UBSAN_OPTIONS=log_path=stderr \
		'$bin' '$TEST_TMP/rwonce-trace.so' >'$TEST_TMP/run.out' 2>&1; rc=\$?;
	cat '$TEST_TMP/run.out'; test \$rc = 0 &&
	! grep -q ThreadSanitizer '$TEST_TMP/run.out' && grep -qx ok '$TEST_TMP/run.out'"
test_done
