#!/bin/sh
# A call of a copy function (memcpy ...) stands for a site's one access
# only when the object is a struct or union (or not known to be a
# scalar and wider than 8 bytes): a scalar is read and written in one
# instruction, and a copy call on its rows is another expression's.
# Before, any object with such a call and no access of its own was
# "torn, compiled to a call of memcpy()" -- Linux 6.1's `now = jiffies`
# in neigh_confirm() inlined into ip_finish_output2() (--volatile-objects
# on Debian's vmlinux), beside the skb header's __memcpy().  Now it is
# unattributed, never torn nor ok.  lib: tests/scan/copy-call-scalar.c.
# (A struct handed to memcpy is still torn: t4925.)
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc
requires clang-19 clang-19
requires objdump binutils
requires python3 python3

SRC=$RWONCE_ROOT/tests/scan/copy-call-scalar.c
WRITE=$(line_of "$SRC" "WRITE_ONCE(stamp, (__memcpy(d, s, n), 1UL));")

for cc in gcc clang-19; do
	if ! have_cmd $cc; then
		test_skip "$cc: a copy call on a scalar's row" "$(missing_why $cc)"
		continue
	fi
	test_expect_success "$cc -O2 x86-64: a call of __memcpy, no load or store but the frame's (else this proves nothing)" '
		$cc -O2 -g -c "$SRC" -o "$TEST_TMP/$cc.o" &&
		objdump -dr --no-show-raw-insn "$TEST_TMP/$cc.o" |
			sed -n "/<copy_stamp>:/,/^\$/p" >"$TEST_TMP/$cc.dis" &&
		grep -q "R_X86_64_PLT32	__memcpy" "$TEST_TMP/$cc.dis" &&
		! grep -Ev "\(%rsp\)|\(%rip\)" "$TEST_TMP/$cc.dis" | grep -q "mov.*(%"
	'
	test_expect_success "$cc: the WRITE_ONCE of the 8-byte scalar is not torn by the call, and not ok: unattributed" '
		"$RWONCE" scan --json "$TEST_TMP/$cc.o" >"$TEST_TMP/$cc.json" 2>"$TEST_TMP/$cc.err"
		test $? = 0 &&
		python3 - "$TEST_TMP/$cc.json" "$WRITE" "$cc" <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		line, cc = int(sys.argv[2]), sys.argv[3]
		mine = [i for i in d["site_instances"] if i["line"] == line]
		assert len(mine) == 1, mine
		i = mine[0]
		assert i["size"] == 8 and i["aggregate"] is False, i
		assert i["verdict"] == "unattributed", i
		if cc == "gcc":
		    # the call alone at the site: said, the call cited
		    assert i["why"].startswith("no memory access attributed to the site: only a call of __memcpy(), which is not the access of an 8-byte scalar"), i
		    assert len(i["instructions"]) == 1 and "__memcpy" in i["instructions"][0]["text"], i
		else:
		    # a store to the frame beside the call
		    assert i["why"] == "calls a function instead of accessing memory itself", i
		assert d["summary"]["scan-torn"] == 0, d["summary"]
		PY
	'
done
test_done
