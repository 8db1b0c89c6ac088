#!/bin/sh
# The inputs a scan could not check are listed in the JSON up to a bound
# (1000; RWONCE_TEST_UNCHECKED_MAX here), then "N more (on stderr)".
# Which ones are listed must not depend on the order the workers of -j
# met them: on Debian's vmlinux without its sources (3,157 unreadable
# sources) two -j 2 runs named different sets of 1000, and the file's
# "the first: UNIT" differed too.  The bound now keeps the first ones in
# path order, and "the first" unit is the first in the file.
. "$(dirname "$0")/lib/tap.sh"
need_cmd gcc ld
requires python3 python3

mkdir -p "$TEST_TMP/src" && cd "$TEST_TMP/src" || exit 1
# units linked in the reverse of their names' order: arrival order (the
# unit order) is not path order
objs=
for n in 9 8 7 6 5 4 3 2 1 0; do
	printf 'int v%s;\nint get%s(void) { return *(volatile int *)&v%s; }\n' \
		"$n" "$n" "$n" >"u$n.c"
	gcc -O2 -g -c "u$n.c" -o "u$n.o" || exit 1
	objs="$objs u$n.o"
done
# shellcheck disable=SC2086 # one word per object
ld -r -o ../all.o $objs || exit 1
cd "$TEST_TMP" && rm -rf src

scan_json() { # JOBS OUT [ENV...]: exit 2 expected (sources unreadable)
	jobs=$1 out=$2
	shift 2
	env "$@" "$RWONCE" scan --json -j "$jobs" all.o >"$out" 2>/dev/null
	test $? = 2
}

test_expect_success 'unbounded: every unreadable source is named, in path order' '
	scan_json 1 full.json &&
	python3 -c "
import json, sys
u = json.load(open(\"full.json\"))[\"unchecked\"]
paths = [x[\"path\"] for x in u]
assert None not in paths, paths
assert paths == sorted(paths), paths
assert sum(p.endswith(\".c\") for p in paths) == 10, paths
"
'

test_expect_success 'bound 3: the first 3 in path order, and how many more' '
	scan_json 1 small.json RWONCE_TEST_UNCHECKED_MAX=3 &&
	python3 -c "
import json
full = json.load(open(\"full.json\"))[\"unchecked\"]
u = json.load(open(\"small.json\"))[\"unchecked\"]
assert u[:3] == full[:3], (u, full[:3])
assert len(u) == 4 and u[3][\"path\"] is None, u
assert u[3][\"reason\"] == \"%d more (on stderr)\" % (len(full) - 3), u[3]
"
'

test_expect_success 'bound 3 at -j 2: the same JSON in every run' '
	for i in 1 2 3 4 5 6; do
		scan_json 2 j2.json RWONCE_TEST_UNCHECKED_MAX=3 &&
		cmp small.json j2.json || return 1
	done
'

test_expect_success 'the file names its first unit, the first linked' '
	grep -q "the first: .u9\.c." full.json
'
test_done
