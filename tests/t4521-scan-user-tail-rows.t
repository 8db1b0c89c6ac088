#!/bin/sh
# A row at the address its own sequence ends at places no code.  libdw's
# order puts it after the sequence's end, so it seemed to start the next
# stretch: in an object, the gap up to the next section (gcc 12 x86-64
# ends .text with a row of the inlined helper's line after its last jmp,
# and the cold part follows in .text.unlikely) -- "the code of 1 site
# instance could not be read: in no section", the whole file not
# checked, exit 2 (one of lttng-ust's objects).  And a row gcc starts on
# the alignment padding after a function's last jmp (a function follows)
# was an instance "outside every function" -- "no memory access", or,
# in lttng-ust, judged on the next function's code: a false "torn" on a
# memcpy call.  The padding of a row that starts there is no instance,
# as the padding inside a function's last row already was not.  On the
# four builds of issue 31 (the shape is gcc 12 x86-64's; the others
# must give the same).  tests/scan/user-tail-rows.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3
need_cmd python3

SRC=$RWONCE_ROOT/tests/scan/user-tail-rows.c

# every instance ok, on a load of log_level, inside a function
check_json() { # json
	python3 - "$1" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	s = d["site_instances"]
	assert len(s) == 4, [(x["line"], x["function"], x["verdict"]) for x in s]
	for x in s:
	    assert not x["function"].startswith("(no function"), x
	    assert x["verdict"] == "ok", x
	    assert x["size"] == 4 and len(x["instructions"]) == 1, x
	PY
}

while read -r name cfg; do
	user_config_enter "$name" "rows at a sequence's end and on padding" $cfg || continue
	user_build "$name $cfg" "$SRC" last.o || exit 1
	user_build "$name $cfg" "$SRC" next.o -DNEXT || exit 1
	test_expect_success "$name: the function last in .text: the file is checked, every instance ok" '
		{ "$RWONCE" scan --json last.o >j 2>err; test $? = 0; } &&
		! grep -q "could not be read" err &&
		check_json j
	'
	test_expect_success "$name: a function follows: no instance on the padding" '
		{ "$RWONCE" scan --json next.o >j2 2>err2; test $? = 0; } &&
		check_json j2
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
