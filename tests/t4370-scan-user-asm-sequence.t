#!/bin/sh
# A once-accessor whose inline-asm body is several instructions is
# discovered, and every access of its inlined body counts (issue 31).
# Before, an asm template of more than one instruction ("\n" or ';')
# made its function no accessor at all: a load then a fence
# ("movl %1, %0\n\tmfence", "ldr %w0, %1\n\tdmb ishld") was no site, and
# an 8-byte object loaded by two 4-byte loads in one asm was never said
# torn -- with no other once-macro, scan checked nothing (exit 2).  Now
# a straight run of plain instructions (no read-modify-write, no label,
# no jump) is an accessor's body: the fenced load is ok on its one load,
# the split load torn on its two; a loop ("1: ... jz 1b", "cbz %w0, 1b")
# stays no accessor.  lib/asmseq.h, clang 19 and gcc 12 for x86-64 and
# aarch64.  Fails on the build before (nothing discovered, exit 2).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-asm-seq.c
H=$S/user-include/lib/asmseq.h

while read -r name cfg; do
	user_config_enter "$name" "an asm body of several instructions" $cfg || continue
	user_build "$name $cfg" "$SRC" f.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the fenced and the split load are accessors, the loop is not" '
		{ "$RWONCE" scan -v --no-source f.o >out 2>err; test $? = 1; } &&
		grep -q "discovery: .seq_load_fenced. is a once-accessor of this tree (read-once): .*lib/asmseq.h:$(line_of "$H" "seq_load_fenced(") defines it as a function whose body is an inline-asm memory operand of what its argument .p. points to$" err &&
		grep -q "discovery: .seq_load_split. is a once-accessor of this tree (read-once)" err &&
		! grep -q "seq_spin_nonzero" err &&
		grep -q "^rwonce scan: 1 finding; 2 site instances: ok 1, torn 1, duplicated 0, widened 0, unattributed 0;" err
	'
	test_expect_success "$name: the split load torn on both its loads, the fenced one ok on its own" '
		grep -q "seq_load_split(&o->word) of .uint64_t. (8 bytes) compiled to 2 loads of 4 bytes: torn" out &&
		"$RWONCE" scan --json --no-source f.o >out.json 2>/dev/null
		python3 - out.json "$name" <<-\PY
		import json, re, sys
		d = json.load(open(sys.argv[1]))
		arm = sys.argv[2].endswith("arm64")
		v = {r["function"]: r for r in d["site_instances"]}
		assert sorted(v) == ["seq_flag", "seq_word"], v
		ok, torn = v["seq_flag"], v["seq_word"]
		assert ok["verdict"] == "ok" and ok["why"] == "compiled to one 4-byte load", ok
		t = [i["text"] for i in ok["instructions"]]
		# "Q" gives the asm a register: x8 = x0 + 0x8 (the field)
		assert len(t) == 1 and re.match(r"^ldr w\d+, \[x\d+(, #(8|0x8)\]|\] \(x\d+ = x0 \+ 0x8\))" if arm else r"^movl 8\(%r\w+\)", t[0]), t
		assert torn["verdict"] == "torn", torn
		t = [i["text"] for i in torn["instructions"]]
		pat = [r"^ldr w\d+, \[x\d+(, #(0x10|16)\]|\] \(x\d+ = x0 \+ 0x10\))", r"^ldr w\d+, \[x\d+, #(0x14|20|4)\]( \(x\d+ = x0 \+ 0x1[04]\))?$"] if arm else [r"^movl 0x10\(%r\w+\)", r"^movl 0x14\(%r\w+\)"]
		assert len(t) == 2 and all(re.match(p, x) for p, x in zip(pat, t)), t
		PY
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
