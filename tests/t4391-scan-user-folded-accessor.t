#!/bin/sh
# An inlined once-accessor whose load clang folded into the caller's
# instruction is judged on that load (issue 31 point 4).  nsync built by
# clang: ATM_LOAD_ACQ(&c->value) == 0 calls atm_load_acq_u32_, a load and
# then a barrier; clang keeps only the barrier (mfence) in the inlined
# copy and folds the load into `cmpl $0x0, 0x18(%rdi)` on the caller's
# line, at the column of the '==' -- a row scan gave no site, since
# accessors' calls were left out of the folded-operator rule -- while
# the line's rows of column 0 (the two 8-byte loads of the nsync_time
# constants) went to the call as if its own code: "4 accesses ... which
# is the object's, cannot tell", and the copy "no memory access".  Now
# the operator's row joins the nearest inlined copy of the call, the
# column-0 rows are the call's arguments' (as its text is), a rotated
# loop's two compares of the same bytes are one load on two paths, and
# `testl $2, 0x1c(%rdi)` is a load (capstone marks test's operand
# written).  On the four builds (clang 19 and gcc 12, x86-64 and
# aarch64) each use is ok on the 4-byte load of its own field (0x18 or
# 0x1c), never on a constant's load.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-folded-acq.c

while read -r name cfg; do
	user_config_enter "$name" "an accessor's load folded into the caller" $cfg || continue
	user_build "$name $cfg" "$SRC" f.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the three uses ok, nothing unattributed" '
		{ "$RWONCE" scan -v --no-source f.o >out 2>err; test $? = 0; } &&
		grep -q "discovery: .FOLD_LOAD_ACQ. is a once-macro of this tree (read-once): .*lib/foldacq.h:$(line_of "$S/user-include/lib/foldacq.h" "#define FOLD_LOAD_ACQ") defines it as fold_load_acq_ of what its argument .p. points to$" err &&
		grep -q "^rwonce scan: 0 findings; 3 site instances: ok 3, torn 0, duplicated 0, widened 0, unattributed 0;" err
	'
	test_expect_success "$name: each judged on the 4-byte load of its own field" '
		"$RWONCE" scan --json --no-source f.o >out.json 2>/dev/null &&
		python3 - out.json "$name" <<-\PY
		import json, re, sys
		d = json.load(open(sys.argv[1]))
		arm = sys.argv[2].endswith("arm64")
		want = {("fold_ready", "FOLD_LOAD_ACQ(&c->value)"): "0x18",
		        ("fold_wait", "FOLD_LOAD_ACQ(&c->value)"): "0x18",
		        ("fold_flagged", "FOLD_LOAD_ACQ(&c->flags)"): "0x1c"}
		got = {}
		for r in d["site_instances"]:
		    key = (r["function"], r["site"])
		    assert key in want and key not in got, r
		    assert r["verdict"] == "ok" and r["size"] == 4, r
		    assert r["why"] == "compiled to one 4-byte load", r
		    off = want[key]
		    pat = (r"^ldr w\d+, \[x\d+, #%s\]" if arm else
		           r"^(cmpl \$0, |testl \$2, |movl )%s\(%%r[a-z0-9]+\)") % off
		    texts = [i["text"] for i in r["instructions"]]
		    assert texts and all(re.match(pat, t) for t in texts), texts
		    got[key] = 1
		assert len(got) == 3, got
		PY
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
