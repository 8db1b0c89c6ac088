#!/bin/sh
# rwonce verify and bad input: every failure names its cause, exits 2,
# and leaves no temporary files behind (and no header when asked for one).
. "$(dirname "$0")/lib/tap.sh"
requires qemu-x86_64 qemu-user
requires gcc-11 gcc-11
requires clang-19 clang-19
requires tcc tcc
requires valgrind valgrind
# Named in the messages checked, never run (gdb is no tracer; gcc-11 has
# no aarch64 cross compiler in Debian 12's lists here).
mentions aarch64-linux-gnu-gcc-11 gdb
need_cmd cc qemu-x86_64
[ "$(uname -m)" = x86_64 ] || skip_all "x86-64 host needed"

mkdir -p "$TEST_TMP/tmp"
export TMPDIR="$TEST_TMP/tmp"

fails2() { # name regex command...
	test_exit_msg 2 "$@"
	name=$1
	test_expect_success "$name: no temporary files left" 'test -z "$(ls -A "$TMPDIR")"'
}

V="$RWONCE verify --opt 2 --backend volatile"

fails2 'a compiler that does not exist' \
	"^rwonce: error: compiler 'no-such-cc' not found" \
	$V --cc no-such-cc
fails2 'an unsupported target' \
	"^rwonce: error: unsupported target 'vax' \(known: x86_64 i386 aarch64" \
	$V --target vax
fails2 'a gcc version without its cross compiler' \
	"no gcc-11 cross compiler for aarch64: aarch64-linux-gnu-gcc-11 is not installed" \
	$V --cc gcc-11 --target aarch64
if have_cmd clang-19; then
	fails2 'a cross sysroot that is missing' \
		"compiling the probes with clang-19 failed.*|cross sysroot for this target seems missing" \
		$V --cc clang-19 --target aarch64 --cflags "--sysroot=$TEST_TMP/no-sysroot"
else
	test_skip 'a cross sysroot that is missing' "$(missing_why clang-19)"
fi
fails2 'tcc for another target' \
	"tcc compiles only for this machine \(x86_64\), not for aarch64" \
	$V --cc tcc --target aarch64
fails2 'an unwritable --report file, before the run' \
	"^rwonce: error: cannot write /nonexistent/r.txt: No such file or directory \(checked before running\)" \
	$V --report /nonexistent/r.txt
fails2 'a bad optimisation level' "--opt: '-O7' is not an optimisation level" \
	$V --opt -O7
fails2 'an unknown tracer' "--tracer: 'gdb' is not qemu or valgrind" \
	$V --tracer gdb
fails2 'valgrind for a foreign target' "cannot trace aarch64 with valgrind" \
	$V --tracer valgrind --target aarch64

# No qemu in PATH: a folder with the compiler toolchain only.
mkdir -p "$TEST_TMP/bin"
for p in cc gcc as ld; do ln -s "$(command -v $p)" "$TEST_TMP/bin/$p"; done
fails2 'qemu missing' "cannot trace x86_64 with qemu: .*qemu-x86_64" \
	env PATH="$TEST_TMP/bin" $V --tracer qemu

printf 'not an ELF file\n' >"$TEST_TMP/bogus.so"
fails2 'a plugin QEMU will not load' \
	"could not load the plugin.*bogus\.so" \
	env RWONCE_QEMU_PLUGIN="$TEST_TMP/bogus.so" $V --only read_u8

probe() { # file name body
	cat >"$TEST_TMP/$1" <<-EOT
	#include <stdint.h>
	#include "rwonce.h"
	#include "rwonce-probe.h"
	RWONCE_PROBE_OBJECT(uint32_t, o_$2);
	/*@ probe $2
	 *  object o_$2
	 *  expect r0:4
	 */
	RWONCE_PROBE($2)
	{
		$3
	}
	EOT
}

probe syntax.c syntax 'rwonce_sink = READ_ONCE(o_syntax)'
fails2 'a probe file with a C syntax error (file:line from the compiler)' \
	"syntax\.c:1[0-9]:[0-9]+: error" \
	$V --no-builtin --probes "$TEST_TMP/syntax.c"

probe crash.c crash 'rwonce_sink = READ_ONCE(*(volatile uint32_t *)rwonce_sink_ptr);'
fails2 'a probe that crashes' \
	"running the probes under qemu: .*(signal|SIGSEGV|Segmentation)" \
	$V --no-builtin --probes "$TEST_TMP/crash.c"

probe leave.c leave 'rwonce_sink = READ_ONCE(o_leave); _exit(0);'
sed -i 's/#include <stdint.h>/#include <stdint.h>\n#include <unistd.h>/' "$TEST_TMP/leave.c"
fails2 'a probe that exits the program' \
	"leave\.c:[0-9]+: probe 'leave' did not return to the driver" \
	$V --no-builtin --probes "$TEST_TMP/leave.c"

probe hang.c hang 'for (;;) rwonce_sink = READ_ONCE(o_hang);'
test_expect_success 'a probe that hangs is killed after --timeout' '
	start=$(date +%s)
	$V --no-builtin --probes "$TEST_TMP/hang.c" --timeout 2 >"$TEST_TMP/out" 2>&1
	rc=$?
	end=$(date +%s)
	test $rc = 2 && test $((end - start)) -lt 20 &&
	grep -Eq "timed out|time" "$TEST_TMP/out"
'
test_expect_success 'a probe that hangs: no temporary files left' 'test -z "$(ls -A "$TMPDIR")"'

# ^C while a probe hangs: the probe runs in a process group of its own
# (so that a timeout can kill its descendants), which the terminal's
# SIGINT does not reach; rwonce must end it before it dies itself.
$V --no-builtin --probes "$TEST_TMP/hang.c" --timeout 120 >"$TEST_TMP/out" 2>&1 &
vpid=$!
n=0
while [ $n -lt 300 ] && ! pgrep -f "qemu.*$TMPDIR" >/dev/null; do
	sleep 0.1
	n=$((n + 1))
done
test_expect_success 'SIGINT during a hung probe: the probe is running under qemu' \
	'pgrep -f "qemu.*$TMPDIR" >/dev/null'
kill -INT $vpid
wait $vpid
rc=$?
sleep 0.5
test_expect_success 'SIGINT during a hung probe: rwonce dies of it' "test $rc = 130"
test_expect_success 'SIGINT during a hung probe: no child outlives rwonce' \
	'! pgrep -f "$TMPDIR" >/dev/null || { pgrep -af "$TMPDIR"; pkill -KILL -f "$TMPDIR"; false; }'
test_expect_success 'SIGINT during a hung probe: no temporary files left' \
	'test -z "$(ls -A "$TMPDIR")"'

cat >"$TEST_TMP/noobj.c" <<'EOT'
/*@ probe lonely
 *  object o_lonely
 *  expect r0:4
 */
void rwonce_probe_lonely(void) {}
EOT
fails2 'an annotation naming an object that does not exist' \
	"noobj\.c:1: probe 'lonely': object 'o_lonely' is not in the program" \
	$V --no-builtin --probes "$TEST_TMP/noobj.c"

cat >"$TEST_TMP/nofn.c" <<'EOT'
#include "rwonce-probe.h"
RWONCE_PROBE_OBJECT(int, o_nofn);
/*@ probe nofn
 *  object o_nofn
 *  expect r0:4
 */
EOT
fails2 'an annotation without its function' \
	"nofn\.c:3: probe 'nofn': no function rwonce_probe_nofn" \
	$V --no-builtin --probes "$TEST_TMP/nofn.c"

probe small.c small 'rwonce_sink = READ_ONCE(o_small);'
sed -i 's/expect r0:4/expect r0:8/' "$TEST_TMP/small.c"
fails2 'an expectation larger than the object' \
	"small\.c:5: probe 'small': the expectation reaches byte 8 but object 'o_small' has 4 bytes" \
	$V --no-builtin --probes "$TEST_TMP/small.c"

test_expect_success 'trouble writes no header' '
	$V --no-builtin --probes "$TEST_TMP/syntax.c" --emit-header "$TEST_TMP/h.h" >/dev/null 2>&1
	test $? = 2 && ! test -e "$TEST_TMP/h.h"
'

test_done
