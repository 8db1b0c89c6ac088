#!/bin/sh
# A --macro name whose use calls a function named as it with a width
# put in (Xen's read_atomic(p) -> read_u64_atomic(), made by a
# generator macro) is judged on the inlined copy called at the use, as
# a ##-pasted name already was (ck_pr_load_32 -> ck_pr_md_load_32).
# Before, the use was judged on its line's rows: at Xen's asid.c:115
# `read_atomic(&asid->generation) == data->core` the row before the use
# holds `cmpq %rax, (%rbx)`, the load of data->core -- "ok" on another
# object's instruction, a false ok -- and 74 more of Xen's instances
# had "no memory access".  tests/scan/width-accessor.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
need_cmd gcc python3

SRC=$RWONCE_ROOT/tests/scan/width-accessor.c
CMP=$(line_of "$SRC" "if ( read_atomic(&asid->generation)")
GET=$(line_of "$SRC" "return read_atomic(&asid->asid);")
gcc -O2 -g -c "$SRC" -o "$TEST_TMP/w.o"

test_expect_success 'gcc -O2: the copy loads generation, the compare loads data->core (else this proves nothing)' '
	objdump -d "$TEST_TMP/w.o" | sed -n "/<handle>:/,/^\$/p" >"$TEST_TMP/dis" &&
	grep -Eq "mov +\(%rdi\),%r[a-z0-9]+" "$TEST_TMP/dis" &&
	grep -Eq "cmp +%r[a-z0-9]+,0x0\(%rip\)" "$TEST_TMP/dis"
'
test_expect_success 'by hand (--macro read_atomic): each use judged on its inlined copy, the right instruction' '
	"$RWONCE" scan --json --macro read_atomic=read-once "$TEST_TMP/w.o" >"$TEST_TMP/j" 2>"$TEST_TMP/err" &&
	python3 - "$TEST_TMP/j" "$CMP" "$GET" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	by = {r["line"]: r for r in d["site_instances"]}
	assert len(d["site_instances"]) == 2, d["site_instances"]
	c, g = by[int(sys.argv[2])], by[int(sys.argv[3])]
	assert c["verdict"] == "ok" and c["size"] == 8, c
	assert [x["text"] for x in c["instructions"]] == ["movq (%rdi), %rdx"], c
	assert c["inline_chain"][0]["function"] == "read_u64_atomic", c
	assert g["verdict"] == "ok" and g["size"] == 4, g
	assert [x["text"] for x in g["instructions"]] == ["movl 8(%rdi), %eax"], g
	assert g["inline_chain"][0]["function"] == "read_u32_atomic", g
	PY
'
test_expect_success 'a name with no width in it (read_xx_atomic), called at the use: its copy too (t4493), never the cmpq' '
	sed "s/read_u64_atomic/read_xx_atomic/g" "$SRC" >"$TEST_TMP/x.c" &&
	gcc -O2 -g -c "$TEST_TMP/x.c" -o "$TEST_TMP/x.o" &&
	"$RWONCE" scan --json --macro read_atomic=read-once "$TEST_TMP/x.o" >"$TEST_TMP/xj" 2>/dev/null;
	python3 - "$TEST_TMP/xj" "$CMP" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	c = [r for r in d["site_instances"] if r["line"] == int(sys.argv[2])]
	assert len(c) == 1, c
	assert c[0]["inline_chain"][0]["function"] == "read_xx_atomic", c
	assert [x["text"] for x in c[0]["instructions"]] == ["movq (%rdi), %rdx"], c
	PY
'
test_done
