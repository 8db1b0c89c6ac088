#!/bin/sh
# clang writes no DIE for an extern a unit only declares: HAProxy built
# by clang 19 had 125 instances "its size not known" where gcc had 10
# (tg->threads_enabled, th_ctx->flags, fdtab[fd].update_mask: THREAD_LOCAL
# and extern globals of <haproxy/...> headers).  Now (issue 31) a name
# the unit has nothing of, that the file's symbol table defines as a
# global object or thread-local, is typed by the other units of the same
# file that have it, when they all give it one type.  lib/cgglob.h's
# cg_tg (a __thread pointer), cg_groups[] (an array of structs) and
# cg_group (a struct named as its tag, as HAProxy's 'struct global
# global': the unit's DIE of the tag is no variable),
# defined in user-cgdef.c and read in user-cguse.c, linked into one
# relocatable file (-r): ok, their full width.  user-cguse.o scanned
# alone has no unit that defines them: "its size not known" on clang
# still (gcc's units declare them: ok both ways).  On clang 19 and gcc
# 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_config_enter "$name" "other units' externs" $cfg || continue
	user_build "$name $cfg" "$S/user-cgdef.c" def.o -fno-pic -I"$S/user-include" || exit 1
	user_build "$name $cfg" "$S/user-cguse.c" use.o -fno-pic -I"$S/user-include" || exit 1
	# shellcheck disable=SC2086 # the configuration's words
	${cfg} -r -nostdlib def.o use.o -o both.o || exit 1
	test_expect_success "$name: an extern the unit only declares is typed by the unit that defines it" '
		"$RWONCE" scan --json both.o >j 2>err &&
		python3 - j <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		got = {r["site"]: (r["verdict"], r["size"], r["why"])
		       for r in d["site_instances"]}
		want = {
		    "CG_LOAD(&cg_tg->threads_enabled)":
		        ("ok", 8, "compiled to one 8-byte load"),
		    "CG_LOAD(&cg_groups[k & 3].flags)":
		        ("ok", 4, "compiled to one 4-byte load"),
		    "CG_LOAD(&cg_group.flags)":
		        ("ok", 4, "compiled to one 4-byte load"),
		}
		for k, v in want.items():
		    assert got.get(k) == v, (k, got.get(k))
		PY
	'
	case $name in
	clang-*)
		test_expect_success "$name: scanned alone, no unit defines them: not known" '
			{ "$RWONCE" scan -v use.o >out 2>err; test $? = 0; } &&
			grep -q "user-cguse.c:[0-9]*:[0-9]*: note: CG_LOAD(&cg_tg->threads_enabled) in .cg_use.*size is unknown" err &&
			grep -q "user-cguse.c:[0-9]*:[0-9]*: note: CG_LOAD(&cg_groups\[k & 3\].flags) in .cg_use.*size is unknown" err
		'
		;;
	esac
done <<EOF2
$USER_CONFIGS
EOF2
test_done
