#!/bin/sh
# No input can hang a run (issue 33, point 5): a FIFO named as an
# object, as the compilation database of `scan -p` and `audit
# --engine=clang -p`, or standing where a line table's source was, is
# opened without blocking, seen not to be a regular file, and refused
# with that reason (exit 2).  Before, each of these waited for a writer
# forever; every run here has a 20 s timeout, which would be exit 124.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd gcc

cd "$TEST_TMP" || exit 1
mkfifo fifo.o db.json
mkdir build && mkfifo build/compile_commands.json
mkdir src && cp "$RWONCE_ROOT/tests/scan/kernel-shape.c" src/k.c
(cd src && gcc -O2 -g -c k.c -o ../k.o)

run() { # command...: output in out, err; status in rc
	timeout 20 "$@" >out 2>err
	echo $? >rc
}

test_expect_success 'scan FIFO: refused, not a regular file, exit 2' '
	run "$RWONCE" scan fifo.o && test "$(cat rc)" = 2 &&
	grep -q "rwonce: error: fifo\.o: cannot read: not a regular file" err &&
	grep -q "0 of 1 file checked, 1 that could not be checked" err
'

test_expect_success 'scan a good object and a FIFO: the object checked, the FIFO named, exit 2' '
	run "$RWONCE" scan k.o fifo.o && test "$(cat rc)" = 2 &&
	grep -q "fifo\.o: cannot read: not a regular file" err &&
	grep -q "1 of 2 files checked, 1 that could not be checked" err
'

test_expect_success 'scan -p FIFO, and -p DIR whose compile_commands.json is a FIFO: refused, exit 2' '
	run "$RWONCE" scan -p db.json && test "$(cat rc)" = 2 &&
	grep -q "rwonce: error: -p: cannot read db\.json: not a regular file" err &&
	run "$RWONCE" scan -p build && test "$(cat rc)" = 2 &&
	grep -q "cannot read build/compile_commands\.json: not a regular file" err
'

test_expect_success 'a FIFO where the line table names the source: that source not read, exit 2' '
	mv src/k.c k.c.saved && mkfifo src/k.c &&
	run "$RWONCE" scan k.o && test "$(cat rc)" = 2 &&
	grep -q "source .*src/k\.c. named by its line table cannot be read (not a regular file" err &&
	rm src/k.c && mv k.c.saved src/k.c
'

if "$RWONCE" audit --engine=clang -p /nonexistent 2>&1 | grep -q "built without libclang\|cannot load"; then
	test_skip 'audit --engine=clang -p DIR with a FIFO database' 'rwonce built without the libclang engine (apt-get install libclang-dev)'
else
	test_expect_success 'audit --engine=clang -p DIR whose compile_commands.json is a FIFO: refused, exit 2' '
		run "$RWONCE" audit --engine=clang -p build && test "$(cat rc)" = 2 &&
		grep -q "rwonce: error: build/compile_commands\.json: not a regular file" err
	'
fi

test_done
