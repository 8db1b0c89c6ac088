#!/bin/sh
# scan finds once-accessor functions whose body reaches the object through
# a helper macro of another header, and judges their inlined copies
# (issue 31): nsync built by clang takes gcc_old/atomic.h, where
# ATM_LOAD_ACQ(p) calls atm_load_acq_u32_(p), a function that loads
# NSYNC_ATOMIC_UINT32_LOAD_((volatile nsync_atomic_uint32_ *)p) and puts
# a barrier -- the helper defined in public/nsync_atomic.h, ((p)->value)
# under a type check, (*(p)) otherwise.  Function bodies were read
# without the helper put in, so the function was no accessor and its
# calls (26 of nsync's sites) were not found; and, once found (01af3d6,
# reverted), the header's rows were not known to be an accessor's, and
# two sites were called ok on the load of a constant on their line.
# Now, on clang 19 and gcc 12 for x86-64 and aarch64, with and without
# the type check:
#   - hlp_load_u32_ of lib/hlpfn.h is a once-accessor (read-once) of what
#     p points to, with the helper of lib/hlpword.h put in; HLP_LOAD is a
#     once-macro through it;
#   - its two uses are judged on the 4-byte load of their own word
#     (offset 0, and 8 for waiters[1]), ok -- never on a load of the
#     8-byte constants hlp_ready also loads on its line;
#   - hlp_odd_u32_, whose helper's definitions reach another object
#     ((p)->value, or (p)[1]), is no accessor, and HLP_ODD no site.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-hlp-fn.c
H=$S/user-include/lib/hlpfn.h

while read -r name cfg; do
	user_config_enter "$name" "accessor function through a helper macro" $cfg || continue
	user_build "$name $cfg" "$SRC" h.o -I"$S/user-include" || exit 1
	user_build "$name $cfg" "$SRC" t.o -I"$S/user-include" -DLIB_TYPECHECK=1 || exit 1
	for o in h t; do
		test_expect_success "$name ($o.o): the function through the helper is a once-accessor" '
			{ "$RWONCE" scan -v --no-source $o.o >out 2>err; test $? = 0; } &&
			grep -q "discovery: .hlp_load_u32_. is a once-accessor of this tree (read-once): .*lib/hlpfn.h:$(line_of "$H" "hlp_load_u32_(hlp_word") defines it as a function whose body is a volatile cast of what its argument .p. points to, with a helper macro put in (every definition the same place)$" err &&
			grep -q "discovery: .HLP_LOAD. is a once-macro of this tree (read-once): .*lib/hlpfn.h:$(line_of "$H" "#define HLP_LOAD") defines it as hlp_load_u32_ of what its argument .p. points to$" err &&
			! grep -q "hlp_odd_u32_\|HLP_ODD" err &&
			grep -q "^rwonce scan: 0 findings; 2 site instances: ok 2, torn 0, duplicated 0, widened 0, unattributed 0;" err
		'
		test_expect_success "$name ($o.o): each use judged on its own word's 4-byte load" '
			"$RWONCE" scan --json --no-source $o.o >out.json 2>/dev/null &&
			python3 - out.json "$name" <<-\PY
			import json, re, sys
			d = json.load(open(sys.argv[1]))
			arm = sys.argv[2].endswith("arm64")
			want = {("hlp_lock_free", "HLP_LOAD(&l->word)"): 0,
			        ("hlp_ready", "HLP_LOAD(&l->waiters[1])"): 8}
			got = {}
			for r in d["site_instances"]:
			    key = (r["function"], r["site"])
			    assert key in want and key not in got, r
			    assert r["verdict"] == "ok" and r["size"] == 4, r
			    assert r["why"] == "compiled to one 4-byte load", r
			    off = want[key]
			    if arm:
			        pat = r"^ldr w\d+, \[x\d+%s\]" % (", #(0x%x|%d)" % (off, off) if off else "")
			    else:
			        pat = r"^(cmpl \$0, |movl )%s\(%%r[a-z0-9]+\)" % ("(0x%x|%d)" % (off, off) if off else "")
			    texts = [i["text"] for i in r["instructions"]]
			    assert texts and all(re.match(pat, t) for t in texts), texts
			    got[key] = 1
			assert len(got) == 2, got
			PY
		'
	done
done <<EOF2
$USER_CONFIGS
EOF2
test_done
