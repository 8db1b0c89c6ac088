#!/bin/sh
# liburcu's last objects of unknown size (issue 31; 13 instances a
# build): rcu_gp.ctr and rcu_gp.futex, rcu_gp #defined per flavour in
# urcu/map/urcu-*.h -- headers of macros only, in a folder no file with
# code is in, which urcu/urcu-bp.h includes as <urcu/map/urcu-bp.h>:
# discovery looked for <a/b/c.h> only in a folder that ends with /a/b
# and holds a source the line tables name, and under -p's -I folders and
# --sources -- now also under the folder above the includer's /a (the
# root the preprocessor found the includer in); and
# rcu_dereference(clear_flag(iter)->next), uatomic_load(&bucket_at(ht,
# 0)->next): a call of a function of the unit whose result is not a
# once-accessor's argument (only that path typed calls) -- now typed by
# what the function returns where no macro can stand for its name.
# Here: lib/flavgp.h includes <lib/map/flavgp-a.h> (flav_gp, macros
# only); next_of, first_of; and pick_node, a function of the unit that
# a header's macro may also be, which stays "its size not known".  On
# clang 19 and gcc 12, x86-64 and aarch64; each fails before.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-map-calls.c

while read -r name cfg; do
	user_config_enter "$name" "a map header, calls in the object" $cfg || continue
	user_build "$name $cfg" "$SRC" m.o -I"$S/user-include" || exit 1
	"$RWONCE" scan -v m.o >out 2>err
	echo $? >rc
	"$RWONCE" scan --json m.o >j 2>/dev/null
	test_expect_success "$name: <lib/map/flavgp-a.h> found under the includer's root; flav_gp.ctr ok" '
		test "$(cat rc)" = 0 &&
		python3 - j <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		got = {r["site"]: r for r in d["site_instances"]}
		r = got["READ_ONCE(flav_gp.ctr)"]
		assert r["verdict"] == "ok" and r["size"] == 8, r
		assert r["why"] == "compiled to one 8-byte load", r
		PY
	'
	test_expect_success "$name: an object through a call of the unit typed by what it returns; not where a macro may be the name" '
		python3 - j <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		got = {r["site"]: r for r in d["site_instances"]}
		for site in ("READ_ONCE(clear_flag(iter)->next)",
		             "LOAD_PTR(&bucket_at(t, 0)->next)"):
		    r = got[site]
		    assert r["verdict"] == "ok" and r["size"] == 8, r
		    assert r["type"] == "struct node *", r
		    assert r["why"] == "compiled to one 8-byte load", r
		    assert len(r["instructions"]) == 1, r
		r = got["READ_ONCE(pick_node(t)->next)"]
		assert r["verdict"] == "unattributed" and r["size"] is None, r
		assert "size is unknown" in r["why"], r
		PY
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
