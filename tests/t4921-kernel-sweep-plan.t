#!/bin/sh
# bench/kernel-aggregate-sweep.py without a kernel build: the plan from an
# audit result (which rules are candidates, each site's architectures, its
# objects and Kconfig options from the Makefile), the shards (every job in
# exactly one), and the merge (a verdict or a reason in every cell, a job
# with trouble makes it exit 2).  On a small tree made here; the real run
# is doc/findings/linux-6.12.md's and t4920's.
. "$(dirname "$0")/lib/tap.sh"

requires python3 python3
mentions clang gcc  # job names (ppc64le-clang) in the results, nothing run
need_cmd python3
SW="$RWONCE_ROOT/bench/kernel-aggregate-sweep.py"
cd "$TEST_TMP" || exit 1

mkdir -p tree/arch/powerpc/kvm tree/drivers/foo tree/include/linux
printf 'obj-$(CONFIG_KVM_BOOK3S_64_HV) += \\\n\tbook3s_xics.o\n' >tree/arch/powerpc/kvm/Makefile
: >tree/arch/powerpc/kvm/book3s_xics.c
printf 'obj-$(CONFIG_FOO) += foo.o\n' >tree/drivers/foo/Makefile
printf '#include <linux/pair.h>\n' >tree/drivers/foo/foo.c
printf '#include "../../include/linux/pair.h"\n' >tree/include/linux/user.c
: >tree/include/linux/pair.h
cat >audit.json <<'EOF'
{"findings": [
 {"path": "./arch/powerpc/kvm/book3s_xics.c", "line": 346, "rule": "volatile-aggregate",
  "message": "READ_ONCE(icp->state) of union: x", "type": "union kvmppc_icp_state"},
 {"path": "./include/linux/pair.h", "line": 7, "rule": "once-size", "message": "READ_ONCE(*p): y", "type": "struct pair"},
 {"path": "./drivers/foo/foo.c", "line": 3, "rule": "volatile-cast", "message": "z", "type": "int"}
]}
EOF

test_expect_success 'plan: the aggregate rules are candidates, volatile-cast is not' "
	python3 '$SW' plan --tree tree --audit audit.json --out plan.json 2>plan.err &&
	python3 -c 'import json; c = json.load(open(\"plan.json\"))[\"candidates\"]; assert [x[\"id\"] for x in c] == [\"arch/powerpc/kvm/book3s_xics.c:346\", \"include/linux/pair.h:7\"], c' &&
	grep -q '2 candidates, 14 candidate x architecture x compiler cells, 12 jobs' plan.err"

test_expect_success 'plan: an arch site is for its architecture, with its object and its Makefile option' "
	python3 -c '
import json
c = json.load(open(\"plan.json\"))[\"candidates\"][0]
assert c[\"arches\"] == [\"ppc64le\"], c
assert c[\"objects\"] == [\"arch/powerpc/kvm/book3s_xics.o\"], c
assert \"KVM_BOOK3S_64_HV\" in c[\"options\"], c'"

test_expect_success 'plan: a header site is for every architecture, objects from the .c files that include it' "
	python3 -c '
import json
c = json.load(open(\"plan.json\"))[\"candidates\"][1]
assert len(c[\"arches\"]) == 6, c
assert c[\"objects\"] == [\"include/linux/user.o\"], c'"

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
  "include/linux/pair.h:7": {"verdict": "not compiled", "why": "not set after olddefconfig: CONFIG_FOO"}}}
EOF
cat >x86.json <<'EOF'
{"job": "x86_64-gcc", "trouble": "make defconfig failed: no compiler"}
EOF
test_expect_success 'merge: the verdicts and reasons in the table, the jobs not run named' "
	python3 '$SW' merge --plan plan.json ppc.json >table &&
	grep -Fq '| \`arch/powerpc/kvm/book3s_xics.c:346\` | torn (torn 1) |' table &&
	grep -Fq 'not compiled: not set after olddefconfig: CONFIG_FOO' table &&
	grep -q '^ppc64le-clang: 1 of 2 candidates compiled and checked' table &&
	grep -q '^not run: x86_64-clang' table"

test_expect_success 'merge: a job with trouble is named and the exit is 2' "
	python3 '$SW' merge --plan plan.json ppc.json x86.json 2>err >/dev/null; test \$? = 2 &&
	grep -q 'x86_64-gcc: trouble: make defconfig failed' err"

test_done
