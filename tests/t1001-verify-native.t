#!/bin/sh
# rwonce verify on this machine with the system compiler: the default run
# and what `make run` runs (the verdict and the summary first, at most 60
# lines, the tables in the file --report names), the JSON and header
# outputs, and no temporary files left behind.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/verify/lib.sh"
requires qemu-x86_64 qemu-user
requires gcc-11 gcc-11
need_cmd cc qemu-x86_64
[ "$(uname -m)" = x86_64 ] || skip_all "the native tests assume an x86-64 host"

mkdir -p "$TEST_TMP/tmp"
export TMPDIR="$TEST_TMP/tmp"

test_expect_success 'make run: the verdict and the summary first, at most 60 lines' '
	cmd=$(make -s -n -C "$RWONCE_ROOT" --no-print-directory run-installed | grep -E "rwonce verify( |$)") &&
	cmd=$(echo "$cmd" | sed "s| --report [^ ]*| --report $TEST_TMP/report.txt|") && echo "$cmd" &&
	(cd "$RWONCE_ROOT" && $cmd) >"$TEST_TMP/run" 2>"$TEST_TMP/run.err"; rc=$?;
	cat "$TEST_TMP/run" "$TEST_TMP/run.err"; test $rc = 0 &&
	head -n 1 "$TEST_TMP/run" | grep -qx "verdict: ok" &&
	sed -n 2p "$TEST_TMP/run" | grep -Eq "^Checked (10|20) configurations: cc \(gcc [0-9.]*\)" &&
	sed -n 3p "$TEST_TMP/run" | grep -q "^The library kept the promise in all [0-9]* probe runs\.$" &&
	test "$(wc -l <"$TEST_TMP/run")" -le 60 &&
	! grep -q "^  probe  *O0" "$TEST_TMP/run" &&
	tail -n 1 "$TEST_TMP/run" | grep -qx "Every probe in every configuration: $TEST_TMP/report.txt"
'
test_expect_success '... the report file has the tables, every probe in every configuration' '
	grep -q "^  probe  *O0  *O0/a  *O1  *O1/a  *O2  *O2/a  *O3  *O3/a  *Os  *Os/a" "$TEST_TMP/report.txt" &&
	test "$(grep -c "^  read_u32  *ok  *ok  *ok  *ok  *ok  *ok  *ok  *ok  *ok  *ok *$" "$TEST_TMP/report.txt")" -ge 1 &&
	head -n 1 "$TEST_TMP/report.txt" | grep -qx "verdict: ok" &&
	! grep -q "$(printf "\033")" "$TEST_TMP/report.txt"
'

test_expect_success 'default run with --details: system cc, five levels, both backends, all ok' '
	"$RWONCE" verify --details >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	grep -q "^  probe  *O0  *O0/a  *O1  *O1/a  *O2  *O2/a  *O3  *O3/a  *Os  *Os/a" "$TEST_TMP/out" &&
	grep -q "^Checked 10 configurations: cc (gcc [0-9.]*) on x86_64 at -O0 -O1 -O2 -O3 -Os, both library backends" "$TEST_TMP/out" &&
	grep -q "^The library kept the promise in all 390 probe runs\.$" "$TEST_TMP/out" &&
	grep -q "^verdict: ok" "$TEST_TMP/out" &&
	! test -s "$TEST_TMP/err"
'

test_expect_success 'no temporary files are left behind' '
	test -z "$(ls -A "$TMPDIR")"
'

test_expect_success '--json is valid JSON with one entry per configuration (--report: the text to a file)' '
	"$RWONCE" verify --opt 0,2 --json --report "$TEST_TMP/j.txt" >"$TEST_TMP/j" &&
	json_ok "$TEST_TMP/j" && grep -q "^  probe  *O0  *O0/a  *O2  *O2/a" "$TEST_TMP/j.txt" &&
	test $(grep -c "\"compiler\": \"cc\"" "$TEST_TMP/j") = 4 &&
	all_status ok "$TEST_TMP/j" &&
	test "$(verdicts read_pair32 "$TEST_TMP/j" | sort -u)" = ok
'

test_expect_success '--emit-header: RWONCE_VERIFIED for a build like a configuration that kept it' '
	"$RWONCE" verify --opt 2 --emit-header "$TEST_TMP/v.h" >/dev/null &&
	grep -q "^#define RWONCE_VERIFIED \"cc x86_64 -O2\"" "$TEST_TMP/v.h" &&
	grep -q "^#define RWONCE_VERIFIED \"cc x86_64 -O2 atomic\"" "$TEST_TMP/v.h" &&
	printf "#include \"v.h\"\n#ifndef RWONCE_VERIFIED\n#error no\n#endif\nint main(void){return 0;}\n" >"$TEST_TMP/use.c" &&
	cc -O2 -I"$TEST_TMP" -o "$TEST_TMP/use" "$TEST_TMP/use.c"
'

test_expect_success '--emit-header: #error naming the failing probes for a build like it, exit 1' '
	RWONCE_FAULT=double "$RWONCE" verify --cc "$RWONCE_ROOT/tests/verify/cc-fault" \
		--opt 2 --backend volatile --only "read_u32,two_reads" \
		--emit-header "$TEST_TMP/bad.h" >/dev/null
	test $? = 1 &&
	grep -q "^#error \"rwonce verify: this compiler breaks the single-access promise: .*read_u32 duplicated" "$TEST_TMP/bad.h" &&
	printf "#include \"bad.h\"\nint main(void){return 0;}\n" >"$TEST_TMP/use2.c" &&
	! cc -O2 -I"$TEST_TMP" -o "$TEST_TMP/use2" "$TEST_TMP/use2.c" 2>"$TEST_TMP/cc-err" &&
	grep -q "read_u32 duplicated" "$TEST_TMP/cc-err"
'

if have_cmd gcc-11; then
	test_expect_success 'gcc-11 keeps the promise at every level too' '
		"$RWONCE" verify --cc gcc-11 >"$TEST_TMP/g11" && grep -q "^verdict: ok" "$TEST_TMP/g11"
	'
else
	test_skip 'gcc-11 keeps the promise at every level too' "$(missing_why gcc-11)"
fi

test_expect_success 'a user probe file next to the battery' '
	cat >"$TEST_TMP/mine.c" <<-EOT &&
	#include <stdint.h>
	#include "rwonce.h"
	#include "rwonce-probe.h"
	struct mine { uint16_t lo; uint8_t tag; uint8_t flags; };
	RWONCE_PROBE_OBJECT(struct mine, o_mine);
	/*@ probe mine_read_then_flag
	 *  object o_mine
	 *  expect r0:4 w3:1
	 *  about my own pattern: read all, then set flags
	 */
	RWONCE_PROBE(mine_read_then_flag)
	{
		struct mine m = READ_ONCE(o_mine);
		WRITE_ONCE(o_mine.flags, (uint8_t)(m.tag + 1));
	}
	EOT
	"$RWONCE" verify --probes "$TEST_TMP/mine.c" --opt 2 --only "mine_*" --json >"$TEST_TMP/m" &&
	test "$(verdicts mine_read_then_flag "$TEST_TMP/m")" = "ok
ok"
'

test_expect_success 'installed (make install DESTDIR=...), away from the source tree' '
	make -C "$RWONCE_ROOT" --no-print-directory install DESTDIR="$TEST_TMP/inst" >/dev/null &&
	p=$(find "$TEST_TMP/inst" -type d -path "*/share/rwonce/probes") &&
	i=$(dirname "$(find "$TEST_TMP/inst" -name rwonce.h)") &&
	so=$(find "$TEST_TMP/inst" -name "rwonce-trace.so") &&
	bin=$(find "$TEST_TMP/inst" -type f -path "*/bin/rwonce") &&
	test -f "$p/library.c" && test -f "$p/controls.c" && test -f "$p/rwonce-probe.h" &&
	(cd / && RWONCE_PROBES_DIR="$p" RWONCE_INCLUDE_DIR="$i" RWONCE_QEMU_PLUGIN="$so" \
		"$bin" verify --opt 2 >"$TEST_TMP/inst.out") &&
	grep -q "^verdict: ok" "$TEST_TMP/inst.out" &&
	grep -q "kept the promise in all 78 probe runs" "$TEST_TMP/inst.out"
'

test_expect_success '--opt takes 2, O2 and -O2 alike' '
	for l in 2 O2 -O2; do
		"$RWONCE" verify --opt "$l" --backend volatile --only read_u32 --json \
			>"$TEST_TMP/opt" &&
		grep -q "\"opt\": \"-O2\"" "$TEST_TMP/opt" || return 1
	done
'

test_expect_success 'still no temporary files left' '
	test -z "$(ls -A "$TMPDIR")"
'

test_done
