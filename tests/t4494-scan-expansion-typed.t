#!/bin/sh
# The object of a --macro name's use judged on an inlined copy (t4493)
# whose parameter is a void * is typed through the caller's argument:
# read_atomic(&rank->vcpu[offset]) is rank->vcpu[offset], a uint8_t.
# The argument's '&' had already made the site's object
# rank->vcpu[offset], and the copy's path typed *(rank->vcpu[offset]),
# no object: Xen's 55 arm read_atomic/write_atomic uses on
# read_atomic_size() were "its size not known" (doc/scan.md, Xen).
# tests/scan/expansion-copy.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
need_cmd gcc python3

SRC=$RWONCE_ROOT/tests/scan/expansion-copy.c
USE=$(line_of "$SRC" "struct vcpu *old = d->vcpu[read_atomic(")
gcc -O2 -g -c "$SRC" -o "$TEST_TMP/x.o"
sed "s/read_atomic(&rank->vcpu\[offset\])/read_atomic(\&gv)/; s/^struct vcpu \*old_vcpu(struct domain \*d, struct rank \*rank, unsigned offset,\$/unsigned int gv;\n&/" \
	"$SRC" >"$TEST_TMP/g.c"
gcc -O2 -g -c "$TEST_TMP/g.c" -o "$TEST_TMP/g.o"
GUSE=$(line_of "$TEST_TMP/g.c" "struct vcpu *old = d->vcpu[read_atomic(&gv)]")

judged() { # object, line of the use, type, size, instruction
	"$RWONCE" scan --json --macro read_atomic=read-once "$1" >"$1.json" 2>/dev/null;
	python3 - "$1.json" "$2" "$3" "$4" "$5" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	use = [r for r in d["site_instances"] if r["line"] == int(sys.argv[2])]
	assert len(use) == 1, use
	r = use[0]
	assert r["verdict"] == "ok", r
	assert r["type"] == sys.argv[3] and r["size"] == int(sys.argv[4]), r
	assert [x["text"] for x in r["instructions"]] == [sys.argv[5]], r
	PY
}

test_expect_success 'gcc -O2: the copy of read_atomic_size takes a const volatile void * (else this proves nothing)' '
	grep -q "read_atomic_size(const volatile void \*p" "$SRC" &&
	grep -q "unsigned int gv;" "$TEST_TMP/g.c"
'
test_expect_success 'an array element through &: uint8_t, 1 byte, ok on the copy'"'"'s movb' '
	judged "$TEST_TMP/x.o" "$USE" uint8_t 1 "movb (%rsi), %al"
'
test_expect_success 'a global through &: 4 bytes, ok on the copy'"'"'s load' '
	judged "$TEST_TMP/g.o" "$GUSE" "unsigned int" 4 "movl (%rip), %eax"
'
test_done
