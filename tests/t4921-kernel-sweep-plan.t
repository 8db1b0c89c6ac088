#!/bin/sh
# bench/kernel-aggregate-sweep.py without a kernel build: the plan from an
# audit result (which rules are candidates, each site's architectures, its
# objects and Kconfig options from the Makefiles), the shards (every job in
# exactly one), the objects of a header site (the callers a cheap search
# finds, those a job's configuration builds), and the merge (a verdict or
# a reason in every cell; a job with trouble, or a cell scan could not
# check, makes it exit 2).  On a small tree made here; the real run is
# doc/findings/linux-6.12.md's and t4920's.
. "$(dirname "$0")/lib/tap.sh"

requires python3 python3
mentions clang gcc  # job names (ppc64le-clang) in the results, nothing run
need_cmd python3
SW="$RWONCE_ROOT/bench/kernel-aggregate-sweep.py"
cd "$TEST_TMP" || exit 1

mkdir -p tree/arch/powerpc/kvm tree/drivers/foo tree/include/linux tree/kernel/rcu
printf 'obj-$(CONFIG_KVM_BOOK3S_64_HV) += \\\n\tbook3s_xics.o\n' >tree/arch/powerpc/kvm/Makefile
: >tree/arch/powerpc/kvm/book3s_xics.c
# A public header: its inline function is expanded where it is called,
# directly (kernel/bar.c) or through a macro of another header (foo.c,
# whose folder is built only with CONFIG_FOO_DIR); a file that includes
# it and names the function only in a comment expands nothing.
cat >tree/include/linux/pair.h <<'EOF'
struct pair { int a, b; };

static inline struct pair pair_get(struct pair *p)
{
	struct pair v;

	v = READ_ONCE(*p);
	return v;
}
EOF
printf '#include <linux/pair.h>\n#define pair_peek(p) \\\n\tpair_get(p)\n' >tree/include/linux/wrap.h
printf 'obj-$(CONFIG_FOO_DIR) += foo/\n' >tree/drivers/Makefile
printf 'obj-$(CONFIG_FOO) += foo.o\n' >tree/drivers/foo/Makefile
printf '#include <linux/wrap.h>\nint f(struct pair *p) { return pair_peek(p).a; }\n' >tree/drivers/foo/foo.c
printf 'obj-y += bar.o idle.o other.o\nobj-y += rcu/\n' >tree/kernel/Makefile
printf '#include <linux/pair.h>\nint g(struct pair *p)\n{\n\treturn pair_get(p).a;\n}\n' >tree/kernel/bar.c
printf '#include <linux/pair.h>\n/* pair_get is not called here */\n' >tree/kernel/idle.c
# A private header whose function is compiled once, where the header is
# included: a call of it elsewhere does not expand its line.
printf 'obj-y += user.o\n' >tree/kernel/rcu/Makefile
printf 'void priv_fn(struct pair *p)\n{\n\tstruct pair v = READ_ONCE(*p);\n}\n' >tree/kernel/rcu/private.h
printf '#include "private.h"\n' >tree/kernel/rcu/user.c
printf 'int h(void) { priv_fn(0); return 0; }\n' >tree/kernel/other.c
cat >audit.json <<'EOF'
{"findings": [
 {"path": "./arch/powerpc/kvm/book3s_xics.c", "line": 346, "rule": "volatile-aggregate",
  "message": "READ_ONCE(icp->state) of union: x", "type": "union kvmppc_icp_state", "function": "icp_try"},
 {"path": "./include/linux/pair.h", "line": 7, "rule": "once-size", "message": "READ_ONCE(*p): y",
  "type": "struct pair", "function": "pair_get"},
 {"path": "./drivers/foo/foo.c", "line": 3, "rule": "volatile-cast", "message": "z", "type": "int"},
 {"path": "./kernel/rcu/private.h", "line": 3, "rule": "volatile-aggregate", "message": "READ_ONCE(*p): w",
  "type": "struct pair", "function": "priv_fn"}
]}
EOF
cat >check.py <<'EOF'
import importlib.util, json, os, sys
spec = importlib.util.spec_from_file_location("sw", os.environ["SW"])
sw = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sw)
c = json.load(open("plan.json"))["candidates"]
what = sys.argv[1]
if what == "ids":
    assert [x["id"] for x in c] == ["arch/powerpc/kvm/book3s_xics.c:346", "include/linux/pair.h:7",
                                    "kernel/rcu/private.h:3"], c
elif what == "arch-site":
    assert c[0]["arches"] == ["ppc64le"], c[0]
    assert c[0]["objects"] == ["arch/powerpc/kvm/book3s_xics.o"], c[0]
    assert "KVM_BOOK3S_64_HV" in c[0]["options"], c[0]
elif what == "header-site":
    assert len(c[1]["arches"]) == 6, c[1]
    assert "objects" not in c[1], c[1]
    assert c[1]["callers"] == [{"object": "kernel/bar.o", "options": []},
                               {"object": "drivers/foo/foo.o", "options": ["FOO", "FOO_DIR"]}], c[1]
    assert c[1]["expanded_by"] == ["pair_get", "pair_peek"], c[1]
elif what == "private-header":
    assert c[2]["callers"] == [{"object": "kernel/rcu/user.o", "options": []}], c[2]
elif what == "choose":
    got = sw.choose_objects(c[1], "CONFIG_FOO=y\nCONFIG_FOO_DIR=y\n")
    assert got == (["kernel/bar.o", "drivers/foo/foo.o"], []), got
    got = sw.choose_objects(c[1], "CONFIG_FOO=m\n# CONFIG_FOO_DIR is not set\n")
    assert got == (["kernel/bar.o"], ["drivers/foo/foo.o (CONFIG_FOO_DIR not set)"]), got
    assert sw.choose_objects(c[0], "") == (["arch/powerpc/kvm/book3s_xics.o"], [])
elif what == "judge":
    w = [{"why": "1 instruction at the site could not be decoded"}]
    assert sw.judge({"ok": 2, "unattributed": 1}, w)["verdict"] == "ok"
    assert sw.judge({"ok": 1, "torn": 1}, [])["verdict"] == "torn"
    got = sw.judge({"unattributed": 1}, w)
    assert got["verdict"] == "cannot tell" and got["why"] == w[0]["why"], got
EOF
export SW

test_expect_success 'plan: the aggregate rules are candidates, volatile-cast is not' "
	python3 '$SW' plan --tree tree --audit audit.json --out plan.json 2>plan.err &&
	python3 check.py ids &&
	grep -q '3 candidates, 26 candidate x architecture x compiler cells, 12 jobs' plan.err"

test_expect_success 'plan: an arch site is for its architecture, with its object and its Makefile option' "
	python3 check.py arch-site"

test_expect_success 'plan: a header site: the .c files that expand its function, direct and unconditional first' "
	python3 check.py header-site"

test_expect_success 'plan: a function a header compiles once is expanded only where the header is included' "
	python3 check.py private-header"

test_expect_success 'run: a job takes the callers its configuration builds, and names the others' "
	python3 check.py choose"

test_expect_success 'run: instances all unattributed are "cannot tell" with scan'"'"'s reason, not ok' "
	python3 check.py judge"

test_expect_success 'shards: every job in exactly one of three' "
	python3 '$SW' jobs --plan plan.json >all &&
	test \$(wc -l <all) = 12 &&
	for k in 1 2 3; do python3 '$SW' jobs --plan plan.json --shard \$k/3; done | sort >sharded &&
	sort all | cmp - sharded"

test_expect_failure_msg 'a bad shard is refused' 'bad --shard 4/3' "
	python3 '$SW' jobs --plan plan.json --shard 4/3 2>&1"

cat >ppc.json <<'EOF'
{"job": "ppc64le-clang", "arch": "ppc64le", "compiler": "clang", "options_missing": [], "wall_s": 5, "build_s": 4,
 "objects": {}, "cells": {
  "arch/powerpc/kvm/book3s_xics.c:346": {"verdict": "torn", "instances": {"torn": 1}, "bad": []},
  "include/linux/pair.h:7": {"verdict": "not compiled", "why": "not set after olddefconfig: CONFIG_FOO"},
  "kernel/rcu/private.h:3": {"verdict": "ok", "instances": {"ok": 2}, "objects": ["kernel/rcu/user.o"]}}}
EOF
cat >x86.json <<'EOF'
{"job": "x86_64-gcc", "trouble": "make defconfig failed: no compiler"}
EOF
cat >rv.json <<'EOF'
{"job": "riscv64-clang", "arch": "riscv64", "compiler": "clang", "options_missing": [], "wall_s": 5, "build_s": 5,
 "objects": {}, "cells": {
  "include/linux/pair.h:7": {"verdict": "cannot tell", "why": "rwonce scan could not check kernel/bar.o: cannot read its DWARF"},
  "kernel/rcu/private.h:3": {"verdict": "cannot tell", "instances": {"unattributed": 1},
   "why": "1 instruction at the site could not be decoded", "objects": ["kernel/rcu/user.o"]}}}
EOF
test_expect_success 'merge: the verdicts and reasons in the table, the objects chosen, the jobs not run named' "
	python3 '$SW' merge --plan plan.json ppc.json >table &&
	grep -Fq '| \`arch/powerpc/kvm/book3s_xics.c:346\` | torn (torn 1) |' table &&
	grep -Fq 'not compiled: not set after olddefconfig: CONFIG_FOO' table &&
	grep -q '^ppc64le-clang: 2 of 3 candidates compiled and checked' table &&
	grep -Fq 'kernel/rcu/private.h:3: kernel/rcu/user.o (ppc64le-clang)' table &&
	grep -q '^not run: x86_64-clang' table"

test_expect_success 'merge --by-arch: a row per candidate and architecture, a column per compiler' "
	python3 '$SW' merge --by-arch --plan plan.json ppc.json >bya &&
	grep -Fxq '| \`arch/powerpc/kvm/book3s_xics.c:346\` | ppc64le | torn (torn 1) | not run |' bya &&
	grep -Fxq '| \`include/linux/pair.h:7\` | ppc64le | not compiled: not set after olddefconfig: CONFIG_FOO | not run |' bya &&
	grep -Fxq '| \`include/linux/pair.h:7\` | s390x | not run | not run |' bya &&
	test \$(grep -c '^| \`include/linux/pair.h:7\`' bya) = 6"

test_expect_success 'merge: a job with trouble is named and the exit is 2' "
	python3 '$SW' merge --plan plan.json ppc.json x86.json 2>err >/dev/null; test \$? = 2 &&
	grep -q 'x86_64-gcc: trouble: make defconfig failed' err"

test_expect_success 'merge: a cell scan could not check is "cannot tell", and the exit is 2' "
	python3 '$SW' merge --plan plan.json ppc.json rv.json 2>err >table; test \$? = 2 &&
	grep -Fq 'cannot tell: rwonce scan could not check kernel/bar.o' table &&
	grep -Fq 'cannot tell (unattributed 1): 1 instruction at the site could not be decoded' table &&
	grep -q '^riscv64-clang: 0 of 2 candidates compiled and checked' table &&
	grep -q 'riscv64-clang: include/linux/pair.h:7: cannot tell' err &&
	grep -q 'riscv64-clang: kernel/rcu/private.h:3: cannot tell' err"

test_expect_success 'merge: the total of the cells by what each came to' "
	python3 '$SW' merge --plan plan.json ppc.json rv.json >table 2>/dev/null
	grep -qx '3 candidates, 26 candidate x architecture x compiler cells: 2 judged by scan, 2 cannot tell, 1 not compiled, 21 not run' table"

# A later sweep of the same tree for a new candidate: its own WORK, plan
# and results (a job run in both, for different candidates).
mkdir -p w1/results w2/results
cp plan.json w1/plan.json
cp ppc.json w1/results/ppc64le-clang.json
python3 - <<'PY'
import json
p = json.load(open("plan.json"))
new = dict(p["candidates"][0], id="arch/powerpc/kvm/book3s_xics.c:400", line=400)
p["candidates"] = [p["candidates"][0], new]
json.dump(p, open("w2/plan.json", "w"))
r = {"job": "ppc64le-clang", "arch": "ppc64le", "compiler": "clang", "options_missing": [], "wall_s": 7,
     "build_s": 7, "objects": {}, "folders": {"ppc64le-clang+new": 7},
     "cells": {"arch/powerpc/kvm/book3s_xics.c:400": {"verdict": "torn", "instances": {"torn": 3}},
               "arch/powerpc/kvm/book3s_xics.c:346": {"verdict": "ok", "instances": {"ok": 1}}}}
json.dump(r, open("w2/results/ppc64le-clang.json", "w"))
PY
test_expect_success 'merge of two WORKs: every candidate of both, each job'"'"'s cells of both, the first kept' "
	'$RWONCE_ROOT/bench/kernel-aggregate-sweep.sh' --merge w1 w2 >table 2>err &&
	grep -Fq '| \`arch/powerpc/kvm/book3s_xics.c:400\` | torn (torn 3) |' table &&
	grep -Fq '| \`arch/powerpc/kvm/book3s_xics.c:346\` | torn (torn 1) |' table &&
	grep -q '^ppc64le-clang: 3 of 4 candidates compiled and checked; wall 12 s' table &&
	grep -q '^4 candidates, ' table &&
	grep -Fq 'ppc64le-clang: arch/powerpc/kvm/book3s_xics.c:346: two results (torn, ok): the first kept' err"

test_expect_failure_msg 'merge of a folder that is no WORK is refused' 'no plan.json' "
	'$RWONCE_ROOT/bench/kernel-aggregate-sweep.sh' --merge w1 tree 2>&1"

printf '# Record\n\ntext before\n\n<!-- sweep-merge begin -->\nold table\n<!-- sweep-merge end -->\n\ntext after\n' >record.md
test_expect_success 'merge --into: the record'"'"'s table between its markers is the merge'"'"'s, the rest kept' "
	'$RWONCE_ROOT/bench/kernel-aggregate-sweep.sh' --merge w1 w2 --by-arch --into record.md 2>err &&
	'$RWONCE_ROOT/bench/kernel-aggregate-sweep.sh' --merge w1 w2 --by-arch >table 2>/dev/null &&
	sed -n '/^<!-- sweep-merge begin -->\$/,/^<!-- sweep-merge end -->\$/p' record.md | sed '1d;\$d' >got &&
	grep '^|' table >want.table && grep '^|' got >got.table && cmp want.table got.table &&
	grep -Fxq '    4 candidates, 28 candidate x architecture x compiler cells: 3 judged by scan, 1 not compiled, 24 not run' got &&
	! grep -q 'old table' record.md &&
	grep -qx 'text before' record.md && grep -qx 'text after' record.md"

printf 'no markers\n' >plain.md
test_expect_failure_msg 'merge --into a file without the markers is refused' 'no .<!-- sweep-merge begin -->' "
	'$RWONCE_ROOT/bench/kernel-aggregate-sweep.sh' --merge w1 --into plain.md 2>&1"
test_expect_success '... and the file is kept as it was' "
	grep -qx 'no markers' plain.md && test \$(wc -l <plain.md) = 1"

test_done
