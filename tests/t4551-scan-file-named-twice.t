#!/bin/sh
# One object named twice -- by two spellings, through a link, or on the
# command line and in -p's compile_commands.json both -- is scanned
# once, with a note naming both: its two torn findings counted twice
# were four findings of two sites (lttng-ust's objects, named with
# `scan -p . $(find . -name '*.o')`, gave 42 duplicated for 21).  A copy
# is another file and is scanned; a name that does not exist is still
# named as such.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd clang

mkdir -p "$TEST_TMP/src"
cp "$RWONCE_ROOT/tests/scan/kernel-shape.c" "$TEST_TMP/src/k.c"
(cd "$TEST_TMP/src" && clang -O2 -g -c k.c -o ../k.o && touch -r k.c ../k.o)
ln -s k.o "$TEST_TMP/link.o"
cp -p "$TEST_TMP/k.o" "$TEST_TMP/copy.o"
cd "$TEST_TMP" || exit 1

torn() { grep -c "scan-torn" "$1"; }

test_expect_success 'the object alone: two torn findings' '
	{ "$RWONCE" scan k.o >one 2>err1; test $? = 1; } &&
	test "$(torn one)" = 2
'

test_expect_success 'named three ways: scanned once, each repeat said' '
	{ "$RWONCE" scan k.o ./k.o "$TEST_TMP/link.o" >out 2>err; test $? = 1; } &&
	test "$(torn out)" = 2 &&
	grep -q "^rwonce scan: \./k\.o is k\.o, named before: scanned once$" err &&
	grep -q "link\.o is k\.o, named before: scanned once$" err &&
	grep -q "1 of 1 file checked" err
'

test_expect_success 'on the command line and in -p'"'"'s database: once' '
	cat >compile_commands.json <<-JSON &&
	[ { "directory": "$TEST_TMP", "file": "src/k.c",
	    "command": "clang -O2 -g -c src/k.c -o k.o" } ]
	JSON
	{ "$RWONCE" scan -p . k.o >out 2>err; test $? = 1; } &&
	test "$(torn out)" = 2 &&
	grep -q "k\.o is .*k\.o, named before: scanned once" err
'

test_expect_success 'a copy is another file; -q says nothing of repeats' '
	{ "$RWONCE" scan -q k.o copy.o k.o >out 2>err; test $? = 1; } &&
	test "$(torn out)" = 4 &&
	! grep -q "named before" err
'

test_expect_success 'a missing name among repeats is still an error, exit 2' '
	{ "$RWONCE" scan k.o ./k.o gone.o >out 2>err; test $? = 2; } &&
	grep -q "gone\.o: cannot read" err &&
	test "$(torn out)" = 2
'
test_done
