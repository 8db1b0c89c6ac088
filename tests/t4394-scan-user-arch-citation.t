#!/bin/sh
# One once-accessor defined in a header per architecture, the build's
# chosen by #if (ck's include/ck_pr.h -> gcc/<arch>/ck_pr.h): discovery
# follows every #include whatever its #if and finds both definitions.
# The verdicts were right, but the definition cited was the first by
# path -- lib/arch/aarch64/acc.h on an x86-64 build, as ck's x86-64
# builds cited include/gcc/aarch64/ck_pr.h.  Now the one cited is in a
# file the build read (a line table names it; issue 31).  On clang 19
# and gcc 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-arch.c

while read -r name cfg; do
	if ! user_config_can "$name" $cfg; then
		test_skip "$name: the accessor's citation" "$(user_config_why "$name" $cfg)"
		continue
	fi
	case $name in
	*-x86) arch=x86_64 other=aarch64 ;;
	*) arch=aarch64 other=x86_64 ;;
	esac
	mkdir -p "$TEST_TMP/$name"
	cd "$TEST_TMP/$name" || exit 1
	user_build "$name $cfg" "$SRC" a.o -I"$S/user-include" || exit 1
	test_expect_success "$name: arch_load cited from lib/arch/$arch/acc.h, the site ok" '
		{ "$RWONCE" scan -v a.o >out 2>err; test $? = 0; } &&
		grep -q "1 site instance: ok 1, torn 0, duplicated 0, widened 0, unattributed 0;" err &&
		grep -q "discovery: .arch_load. is a once-accessor of this tree (read-once): .*/lib/arch/$arch/acc.h:[0-9]* defines it" err &&
		! grep -q "lib/arch/$other/acc.h" err &&
		"$RWONCE" scan --json a.o >j 2>/dev/null &&
		python3 - j "$arch" <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		(r,) = d["site_instances"]
		assert r["verdict"] == "ok", r
		(m,) = d["once_macros"]
		assert m["name"] == "arch_load", m
		assert m["path"].endswith("/lib/arch/%s/acc.h" % sys.argv[2]), m
		PY
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
