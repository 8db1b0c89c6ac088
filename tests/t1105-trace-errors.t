#!/bin/sh
# Tracer failures each give one clear line naming the cause (and the
# package to install), exit 2, and leave no temporary folder behind.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/trace/lib.sh"
requires qemu-x86_64 qemu-user
requires qemu-aarch64 qemu-user
requires valgrind valgrind
need_cmd qemu-x86_64 qemu-aarch64 gcc nm

test_expect_success 'build the demo program' '
	build_demo demo gcc &&
	printf "int x;\n" >"$TEST_TMP/bad.c" &&
	gcc -shared -fPIC -o "$TEST_TMP/not-a-plugin.so" "$TEST_TMP/bad.c"
'
watched "$TEST_TMP/demo" || skip_all "demo did not build"
DEMO=$TEST_TMP/demo
# trace-dump's private folders go here, so that leftovers can be seen.
TMPDIR=$TEST_TMP/tmp
export TMPDIR
mkdir -p "$TMPDIR"

# runs trace-dump, which must fail with exit status 2
dump_fails() {
	"$TRACE_DUMP" "$@"
	test $? = 2
}

test_expect_failure_msg 'qemu missing (not in PATH)' \
	'^rwonce: error: qemu-x86_64 not found \(install: apt-get install qemu-user\)$' '
	PATH=/nonexistent "$TRACE_DUMP" $LO $HI "$DEMO"
'

if have_cmd valgrind; then
	test_expect_failure_msg 'valgrind missing (not in PATH)' \
		'valgrind not found \(install: apt-get install valgrind\)' '
		PATH=/nonexistent "$TRACE_DUMP" --tracer valgrind $LO $HI "$DEMO"
	'
	test_expect_failure_msg 'valgrind: a program that crashes' \
		'demo under valgrind killed by signal 11' '
		"$TRACE_DUMP" --tracer valgrind $LO $HI "$DEMO" crash
	'
	test_expect_failure_msg 'valgrind: a program that hangs is killed' \
		'demo under valgrind timed out after 2.0 s' '
		"$TRACE_DUMP" --tracer valgrind --timeout 2000 $LO $HI "$DEMO" hang
	'
else
	test_skip 'valgrind missing (not in PATH)' "$(missing_why valgrind)"
	test_skip 'valgrind: a program that crashes' "$(missing_why valgrind)"
	test_skip 'valgrind: a program that hangs is killed' "$(missing_why valgrind)"
fi

test_expect_failure_msg 'valgrind cannot trace a foreign target' \
	'valgrind traces native programs only and s390x is not native' '
	"$TRACE_DUMP" --tracer valgrind --target s390x $LO $HI "$DEMO"
'

test_expect_failure_msg 'a plugin path that does not exist' \
	'QEMU plugin /nonexistent/rwonce-trace.so \(from RWONCE_QEMU_PLUGIN\) does not exist' '
	RWONCE_QEMU_PLUGIN=/nonexistent/rwonce-trace.so "$TRACE_DUMP" $LO $HI "$DEMO"
'

test_expect_failure_msg 'a plugin QEMU will not load' \
	'qemu-x86_64 could not load the plugin: .*undefined symbol: qemu_plugin_install' '
	RWONCE_QEMU_PLUGIN=$TEST_TMP/not-a-plugin.so "$TRACE_DUMP" $LO $HI "$DEMO"
'

test_expect_failure_msg 'qemu: a program that crashes' \
	'demo under qemu-x86_64 killed by signal 11 \(Segmentation fault\)' '
	"$TRACE_DUMP" $LO $HI "$DEMO" crash
'

test_expect_failure_msg 'qemu: a program that hangs is killed after the timeout' \
	'demo under qemu-x86_64 timed out after 2.0 s' '
	"$TRACE_DUMP" --timeout 2000 $LO $HI "$DEMO" hang
'

test_expect_failure_msg 'qemu: a program that exits with status 3' \
	'demo under qemu-x86_64 exited with status 3$' '
	"$TRACE_DUMP" $LO $HI "$DEMO" fail
'

test_expect_failure_msg 'a program that does not exist' \
	'cannot run .*/no-such-program: No such file or directory' '
	"$TRACE_DUMP" $LO $HI "$TEST_TMP/no-such-program"
'

test_expect_failure_msg 'a program for another architecture' \
	'under qemu-aarch64 exited with status .*Invalid ELF image' '
	"$TRACE_DUMP" --target aarch64 $LO $HI "$DEMO"
'

test_expect_failure_msg 'a cpu QEMU does not know' \
	'qemu-x86_64 has no cpu .no-such-cpu.' '
	"$TRACE_DUMP" --cpu no-such-cpu $LO $HI "$DEMO"
'

test_expect_success 'every failure exits 2' '
	dump_fails $LO $HI "$DEMO" crash 2>/dev/null &&
	dump_fails --timeout 500 $LO $HI "$DEMO" hang 2>/dev/null &&
	PATH=/nonexistent dump_fails $LO $HI "$DEMO" 2>/dev/null
'

test_expect_success 'no temporary folder is left behind' '
	test -z "$(ls "$TMPDIR")"
'

test_done
