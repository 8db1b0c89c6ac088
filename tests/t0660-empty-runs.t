#!/bin/sh
# Nothing checked is not clean (issue 34 point 2, issue 31 point 3): a run
# of audit, fix or scan that read no C file, or (audit, scan) checked no
# once-access site, says what it did not find and exits 2 -- a wrong path
# in CI must not pass green; --allow-empty accepts a run without sites.
# Before this, audit of an empty folder or of a binary x.c exited 0 ("0
# findings in 0 of 0 files"), and scan of a library whose once-macros it
# did not discover exited 0 ("0 findings; 0 sites").
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3
requires csmith csmith

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
export NO_PROGRESS=1
cd "$TEST_TMP" || exit 1

mkdir empty bin plain marked lib lib/include lib/include/lib
printf 'no C here\n' >empty/README
{ printf 'int x;'; head -c 64 /dev/zero; } >bin/x.c
printf 'int counter;\nint get(void) { return counter; }\n' >plain/a.c
printf 'volatile int stop;\nint get(void) { return stop; }\n' >plain/v.c
printf 'int y;\nint get(void) { return READ_ONCE(y); }\n' >marked/a.c

# ---- audit ----
test_exit_msg 2 'audit of a folder without C: exit 2, says so' \
	'nothing checked: no C file in empty' "$RWONCE" audit empty
test_exit_msg 2 'audit of a binary x.c: exit 2, says so' \
	'nothing checked: no C file in bin/x.c' "$RWONCE" audit bin/x.c
test_exit_msg 2 'audit of files without a once-access site: exit 2, names what was not found' \
	'no once-access site .* in the 2 files read; 1 of them say volatile, and no once-macro or once-accessor of the project was found \(0 discovered\)' \
	"$RWONCE" audit plain
test_exit_msg 0 'audit --allow-empty: exit by the findings' \
	'0 findings in 0 of 2 files' "$RWONCE" audit --allow-empty plain
test_exit_msg 2 '--allow-empty does not make a run that read nothing clean' \
	'no C file in empty' "$RWONCE" audit --allow-empty empty
test_exit_msg 0 'a file whose access is marked (READ_ONCE) was checked: exit 0' \
	'0 findings in 0 of 1 file' "$RWONCE" audit marked
test_expect_success 'audit JSON counts the sites checked' '
	"$RWONCE" audit --json marked >m.json &&
	python3 -c "import json,sys; assert json.load(open(sys.argv[1]))[\"sites\"] == 1" m.json
'
test_expect_success 'audit SARIF of an empty run: not successful, with the message' '
	"$RWONCE" audit --format=sarif plain >p.sarif 2>/dev/null; test $? = 2 &&
	python3 - p.sarif <<-PY
	import json, sys
	inv = json.load(open(sys.argv[1]))["runs"][0]["invocations"][0]
	assert inv["executionSuccessful"] is False, inv
	assert any("nothing checked" in n["message"]["text"]
	           for n in inv["toolExecutionNotifications"]), inv
	PY
'

# ---- fix ----
test_exit_msg 2 'fix of a folder without C: exit 2' \
	'nothing checked: no C file in empty' "$RWONCE" fix empty
test_exit_msg 2 'fix of a binary x.c: exit 2' \
	'nothing checked: no C file in bin/x.c|bin/x.c: binary file .*not checked' "$RWONCE" fix bin/x.c
test_exit_msg 0 'fix of C with nothing to convert: still exit 0' \
	'0 sites to convert in 0 files' "$RWONCE" fix plain

# ---- scan ----
# a library's shape: its once-macro in a header of macros only, included
# as <lib/compiler.h>, which scan's discovery does not follow
cat >lib/include/lib/compiler.h <<'H'
#define LIB_LOAD(x) (*(const volatile __typeof__(x) *)&(x))
H
cat >lib/a.c <<'C'
#include <lib/compiler.h>
int shared;
int get(void) { return LIB_LOAD(shared); }
C
gcc -O2 -g -Ilib/include -c lib/a.c -o lib/a.o || exit 1
gcc -O2 -g -c plain/a.c -o plain/a.o || exit 1
test_exit_msg 2 'scan of a library whose once-macro was not found: exit 2, says what' \
	'nothing checked: no once-access site checked in the 1 source read; 0 of them say volatile, and no once-macro or once-accessor of the project was found \(0 discovered\)' \
	"$RWONCE" scan lib/a.o
test_exit_msg 0 'with the macro named, the site is checked: exit 0' \
	'1 site instance: ok 1' "$RWONCE" scan --macro LIB_LOAD=read-once lib/a.o
test_exit_msg 0 'scan --allow-empty: exit by the findings' \
	'0 sites' "$RWONCE" scan --allow-empty plain/a.o
test_expect_success 'scan SARIF of an empty run: not successful, with the message' '
	"$RWONCE" scan --format=sarif plain/a.o >s.sarif 2>/dev/null; test $? = 2 &&
	python3 - s.sarif <<-PY
	import json, sys
	inv = json.load(open(sys.argv[1]))["runs"][0]["invocations"][0]
	assert inv["executionSuccessful"] is False, inv
	assert any("nothing checked" in n["message"]["text"]
	           for n in inv["toolExecutionNotifications"]), inv
	PY
'

# ---- fuzz: a shard without seeds has no program to judge ----
if have_cmd csmith; then
	test_exit_msg 2 'fuzz with no program in --out: exit 2' \
		'nothing checked: no program in' \
		"$RWONCE" fuzz --seeds 2-2 --shard 2/2 --out fz
else
	test_skip 'fuzz with no program in --out: exit 2' "$(missing_why csmith)"
fi

test_done
