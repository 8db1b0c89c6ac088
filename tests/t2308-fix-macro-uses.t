#!/bin/sh
# A macro whose body is the access itself (Linux 3.17 mn10300's
# "#define atomic_read(v) (ACCESS_ONCE((v)->counter))", perf's
# session_done()) is converted when every use in the walked tree has one
# role (issue #22): all reads -- READ_ONCE in the body; all whole-statement
# writes -- the macro takes the value, WRITE_ONCE(obj, value), and each
# use NAME(a) = v; becomes NAME(a, v);.  A note lists the uses checked.
# Mixed uses, other uses (++), no uses, and an object-like macro that is
# written keep the body, with a note that says which uses decided.
# Fixture: tests/fix/macro-uses/ (compiled before and after in t2301).
. "$(dirname "$0")/lib/tap.sh"
requires patch patch
requires python3 python3

FIX="$RWONCE_ROOT/tests/fix"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
cp -r "$FIX/macro-uses" macro-uses
cp "$FIX/kernel-access-once.h" .

test_expect_success 'the diff and the notes are the golden ones' "
	'$RWONCE' fix macro-uses >got.diff 2>got.notes; test \$? = 1 &&
	diff -u '$FIX/macro-uses.diff' got.diff &&
	diff -u '$FIX/macro-uses.notes' got.notes"
test_expect_success 'all reads: READ_ONCE in the body, the uses checked are listed' "
	grep -q '^+#define atomic_read(v)	(READ_ONCE((v)->counter))\$' got.diff &&
	grep -q 'every use of atomic_read in the tree reads it (4 uses: macro-uses/reader.c:14, macro-uses/reader.c:14, macro-uses/reader.c:15, macro-uses/writer.c:7)' got.notes &&
	grep -q '^+#define session_done()	READ_ONCE(session_done)\$' got.diff"
test_expect_success 'all writes: the macro takes the value, the uses give it' "
	grep -q '^+#define atomic_store(v, value)	WRITE_ONCE((v)->counter, value)\$' got.diff &&
	grep -q '^+	atomic_store(a, 0);\$' got.diff && grep -q '^+		atomic_store(a, 1);\$' got.diff"
test_expect_success 'mixed, other, unused and object-like written: left, with the uses' "
	grep -q 'uses of atomic_peek in the tree do not decide one role: 1 read, 1 write, 0 other (writes: 1 use: macro-uses/writer.c:9)' got.notes &&
	grep -q 'uses of atomic_word in the tree do not decide one role: 0 read, 0 write, 1 other' got.notes &&
	grep -q 'uses of atomic_unused in the tree do not decide one role: it has none' got.notes &&
	grep -q 'uses of STOP_FLAG in the tree do not decide one role: all write, but it takes no arguments' got.notes &&
	! grep -q '^+.*atomic_peek\\|^+.*atomic_word\\|^+.*STOP_FLAG' got.diff"
test_expect_success 'applied, a second run changes nothing' "
	mkdir b && cp -r macro-uses kernel-access-once.h b/ && (cd b && patch -s -p1 <../got.diff) &&
	'$RWONCE' fix -q b >again.diff; test ! -s again.diff"
test_expect_success 'one file alone: the uses elsewhere are not seen, so nothing decides' "
	'$RWONCE' fix macro-uses/atomic.h >one.diff 2>one.notes;
	grep -q 'uses of atomic_read in the tree do not decide one role: it has none' one.notes &&
	! grep -q '^+.*READ_ONCE((v)->counter)' one.diff"
test_expect_success 'audit: the body of atomic_read is fixable, with the uses in its reason where not' "
	'$RWONCE' audit -q --format=json macro-uses >a.json; test \$? = 1 &&
	python3 -c 'import json,sys
f={(x[\"path\"],x[\"line\"]):x for x in json.load(open(\"a.json\"))[\"findings\"] if x[\"rule\"]==\"access-once\"}
assert f[(\"macro-uses/atomic.h\",7)][\"fixable\"]
assert f[(\"macro-uses/atomic.h\",9)][\"fixable\"]
assert not f[(\"macro-uses/atomic.h\",11)][\"fixable\"]
assert \"do not decide one role\" in f[(\"macro-uses/atomic.h\",11)][\"message\"]'"
test_done
