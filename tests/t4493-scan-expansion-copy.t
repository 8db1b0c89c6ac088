#!/bin/sh
# A use of a --macro name whose definition scan did not take is judged
# on the inlined copy of the function called exactly at the use (its
# line and its name's column: what the macro's body calls), whatever
# that function's name -- not on the use's line.  Xen's arm
# read_atomic(&rank->vcpu[offset]) calls read_atomic_size(); its line's
# `ldr x0, [x1, x0, lsl #3]` (d->vcpu[...], another object) was a
# "widened" finding (doc/scan.md, Xen).  tests/scan/expansion-copy.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
requires aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
requires aarch64-linux-gnu-objdump binutils-aarch64-linux-gnu
need_cmd gcc python3

SRC=$RWONCE_ROOT/tests/scan/expansion-copy.c
USE=$(line_of "$SRC" "struct vcpu *old = d->vcpu[read_atomic(")

check() { # object, the copy's load
	"$RWONCE" scan --json --macro read_atomic=read-once "$1" >"$1.json" 2>"$1.err";
	python3 - "$1.json" "$USE" "$2" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	use = [r for r in d["site_instances"] if r["line"] == int(sys.argv[2])]
	assert len(use) == 1, use
	r = use[0]
	assert r["verdict"] not in ("widened", "torn", "duplicated"), r
	assert [c["function"] for c in r["inline_chain"]][:1] == ["read_atomic_size"], r
	assert [x["text"] for x in r["instructions"]] == [sys.argv[3]], r
	assert not d["findings"], d["findings"]
	PY
}

gcc -O2 -g -c "$SRC" -o "$TEST_TMP/x.o"
test_expect_success 'gcc -O2 x86-64: the copy reads the byte, the use line loads d->vcpu[...] (else this proves nothing)' '
	objdump -d "$TEST_TMP/x.o" | sed -n "/<old_vcpu>:/,/^\$/p" >"$TEST_TMP/x.dis" &&
	grep -Eq "mov +\(%rsi\),%al" "$TEST_TMP/x.dis" &&
	grep -Eq "mov +\(%rdi,%rax,8\),%rax" "$TEST_TMP/x.dis"
'
test_expect_success 'x86-64: one instance, on the copy of read_atomic_size, no widened finding' '
	check "$TEST_TMP/x.o" "movb (%rsi), %al"
'
if have_cmd aarch64-linux-gnu-gcc && have_cmd aarch64-linux-gnu-objdump; then
	sed -e "s/\"movb %1,%0\" : \"=q\" (ret) : \"m\" (\*addr)/\"ldrb %w0, %1\" : \"=r\" (ret) : \"Q\" (*addr)/" \
	    -e "s/\"movl %1,%0\" : \"=r\" (ret) : \"m\" (\*addr)/\"ldr %w0, %1\" : \"=r\" (ret) : \"Q\" (*addr)/" \
		"$SRC" >"$TEST_TMP/a.c"
	aarch64-linux-gnu-gcc -O2 -g -c "$TEST_TMP/a.c" -o "$TEST_TMP/a.o"
	test_expect_success 'aarch64: one instance, on the copy (ldrb), no widened finding on the ldr of d->vcpu[...]' '
		aarch64-linux-gnu-objdump -d "$TEST_TMP/a.o" | grep -Eq "ldr[[:space:]]+x0, \[x1, x0, lsl #3\]" &&
		check "$TEST_TMP/a.o" "ldrb w0, [x2]"
	'
else
	test_skip 'aarch64: the same' "$(missing_why aarch64-linux-gnu-gcc aarch64-linux-gnu-objdump)"
fi
test_done
