#!/bin/sh
# A macro that takes a pointer to its object, named by hand with --macro
# and no definition to read (--no-discover here; a header discovery does
# not reach for a user): its argument is taken for the object, so fio's
# atomic_store_release(r->head, v) is an 8-byte pointer, and the one
# access on the use's rows is the 4-byte store through it.  Before, one
# access narrower than a named object was "ok: compiled to one 4-byte
# store" -- of an object the code never stores to.  Now it is
# unattributed (part of the object, or another object's: cannot tell);
# with discovery the object is the pointee and the store is ok.  On the
# four builds of issue 31.  tests/scan/user-pointer-named.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3
need_cmd python3

SRC=$RWONCE_ROOT/tests/scan/user-pointer-named.c

while read -r name cfg; do
	user_config_enter "$name" "a pointer-argument macro named by hand" $cfg || continue
	user_build "$name $cfg" "$SRC" p.o || exit 1
	test_expect_success "$name: named by hand alone, the 4-byte store of an 8-byte pointer is not ok" '
		"$RWONCE" scan --json --no-discover --macro atomic_store_release=write-once p.o >j 2>err;
		python3 - j <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		s = d["site_instances"]
		assert len(s) == 1, s
		s = s[0]
		assert s["size"] == 8, s
		assert s["verdict"] == "unattributed", s
		assert "only a 4-byte store, narrower than the 8-byte object" in s["why"], s
		assert len(s["instructions"]) == 1, s
		PY
	'
	test_expect_success "$name: found by discovery, the object is the pointee and the same store is ok" '
		"$RWONCE" scan --json p.o >j2 2>err2;
		python3 - j2 <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		s = d["site_instances"]
		assert len(s) == 1, s
		s = s[0]
		assert s["size"] == 4 and s["verdict"] == "ok", s
		assert s["why"] == "compiled to one 4-byte store", s
		PY
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
