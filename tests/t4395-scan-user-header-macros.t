#!/bin/sh
# An object spelled through a header's macros whose definition depends
# on an #if the scan does not read -- liburcu's
# uatomic_load(&URCU_TLS(urcu_qsbr_reader).waiting), URCU_TLS(name)
# being (name) with __thread and (*__tls_access_ ## name()) with
# pthread keys; rcu_gp, #defined to one flavour's global per header --
# is typed by neither the sources nor, as spelled, the DWARF: since
# 103b4e4 "its size not known" (liburcu: 64-74 instances a build).  Now
# every reading the headers' definitions allow is tried (issue 31): the
# size is taken when a reading types from a global or thread-local of
# the unit, all readings that type agree, and every other one names a
# function or variable the unit does not have.  lib/tlsmac.h's
# MY_TLS(my_reader).waiting (a __thread struct's unsigned int) and
# cur_gp.ctr (a global's unsigned long) are ok; SLOT(gslot).v, whose
# other reading calls slot_lookup(), a function of the unit returning
# another record whose v is wider, stays unattributed, "its size not
# known": which was compiled cannot be told.  (Since a reading is typed
# through what a function returns, t4552, two readings of one size
# would be ok.)  On clang 19 and gcc 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-tlsmac.c

while read -r name cfg; do
	user_config_enter "$name" "objects through header macros" $cfg || continue
	user_build "$name $cfg" "$SRC" t.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the reading the DWARF has types the object; two possible readings do not" '
		{ "$RWONCE" scan -v t.o >out 2>err; test $? = 0; } &&
		grep -q "3 site instances: ok 2, torn 0, duplicated 0, widened 0, unattributed 1;" err &&
		grep -q "1 of 3 instances unattributed (its size not known 1)" err &&
		grep -q "user-tlsmac.c:[0-9]*:[0-9]*: note: READ_ONCE(SLOT(gslot).v) in .slot_v.*size is unknown" err &&
		"$RWONCE" scan --json t.o >j 2>/dev/null &&
		python3 - j <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		got = {r["site"]: r for r in d["site_instances"]}
		for site, size in (("READ_ONCE(MY_TLS(my_reader).waiting)", 4),
		                   ("READ_ONCE(cur_gp.ctr)", 8)):
		    r = got[site]
		    assert r["verdict"] == "ok" and r["size"] == size, r
		    assert r["why"] == "compiled to one %d-byte load" % size, r
		    assert len(r["instructions"]) == 1, r
		r = got["READ_ONCE(SLOT(gslot).v)"]
		assert r["verdict"] == "unattributed" and r["size"] is None, r
		assert "size is unknown" in r["why"], r
		PY
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
