#!/bin/sh
# Sites of one object in one statement whose code shares rows: a macro
# use whose argument spans lines (Linux's WARN_ON_ONCE(sk->sk_state != A
# && <newline> sk->sk_state != B)) has all its code on its first line's
# column, before the first site.  Before, both loads went to the first
# site -- "duplicated" -- and the second site was "optimised out"; on
# Debian's 6.1 vmlinux with --volatile-objects, 3 false findings
# (tcp_input.c:6655, tcp_timer.c:496, subflow.c:1176).  Now each site
# of that object with no rows of its own shares the rows, and as many
# loads as sites are one each: ok, the first load cited for the first
# site, the second for the second.  The same for READ_ONCE (the rule is
# the judge's, not --volatile-objects'), and for two sites on one line
# (judged together).  lib: tests/scan/macro-lines-shared.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc
requires clang-19 clang-19
requires objdump binutils
requires python3 python3

SRC=$RWONCE_ROOT/tests/scan/macro-lines-shared.c
VOL=$(line_of "$SRC" "WARN_ON_ONCE(sk->sk_state != 3 &&")
ONCE=$(line_of "$SRC" "WARN_ON_ONCE(READ_ONCE(sk->plain) != 3 &&")
ONE=$(line_of "$SRC" "WARN_ON_ONCE(sk->sk_state != 5 && sk->sk_state != 6);")

for cc in gcc clang-19; do
	if ! have_cmd $cc; then
		test_skip "$cc: one macro use over two lines" "$(missing_why $cc)"
		continue
	fi
	test_expect_success "$cc -O2 x86-64: each function loads the byte twice, every row of the use on its first line (else this proves nothing)" '
		$cc -O2 -g -c "$SRC" -o "$TEST_TMP/$cc.o" &&
		for f in warn_state warn_once warn_one_line; do
			objdump -d --no-show-raw-insn "$TEST_TMP/$cc.o" |
				sed -n "/<$f>:/,/^\$/p" >"$TEST_TMP/$f.dis" &&
			test "$(grep -c "movzbl 0x[45](%rdi)" "$TEST_TMP/$f.dis")" = 2 || return 1
		done &&
		objdump -dl "$TEST_TMP/$cc.o" >"$TEST_TMP/$cc.l" &&
		! grep -q "macro-lines-shared.c:$((VOL + 1))\$" "$TEST_TMP/$cc.l" &&
		! grep -q "macro-lines-shared.c:$((ONCE + 1))\$" "$TEST_TMP/$cc.l"
	'
	test_expect_success "$cc: each site its own load, ok; nothing duplicated nor left without code" '
		"$RWONCE" scan --json --volatile-objects "$TEST_TMP/$cc.o" >"$TEST_TMP/$cc.json" 2>"$TEST_TMP/$cc.err"
		test $? = 0 &&
		python3 - "$TEST_TMP/$cc.json" "$VOL" "$ONCE" "$ONE" <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		vol, once, one = (int(a) for a in sys.argv[2:5])
		by = {}
		for i in d["site_instances"]:
		    by.setdefault(i["line"], []).append(i)
		assert sorted(by) == [vol, vol + 1, once, once + 1, one], sorted(by)
		for first in (vol, once):
		    a, b = by[first], by[first + 1]
		    assert len(a) == 1 and len(b) == 1, (a, b)
		    a, b = a[0], b[0]
		    for i in (a, b):
		        assert i["verdict"] == "ok", i
		        assert i["why"].endswith("for the 2 sites of the object in the statement, whose code shares these rows (a macro\u0027s use, all its code on its first line\u0027s column): one each"), i
		        assert len(i["instructions"]) == 1, i
		    # one load each: the first site the first, the second the second
		    assert int(a["instructions"][0]["address"], 16) < int(b["instructions"][0]["address"], 16), (a, b)
		o = by[one]
		assert len(o) == 1 and o[0]["verdict"] == "ok", o
		assert d["summary"]["scan-duplicated"] == 0, d["summary"]
		assert d["coverage"]["optimised_out"] == 0, d["coverage"]
		PY
	'
done
test_done
