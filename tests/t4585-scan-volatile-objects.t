#!/bin/sh
# scan --volatile-objects: every access to an object declared volatile
# -- a variable of static storage, a struct or union member -- is a
# site, judged as a once-access of the object's width.  Before, a build
# that shares memory only through such objects (nginx, LMDB) checked
# nothing (exit 2), and the option did not exist.  A volatile uint64_t
# read or written on i386 is two accesses: torn; one on x86-64.  A
# volatile struct read whole: clang splits it into its fields (torn),
# gcc reads it at once.  A member named pid is volatile in one struct
# and not in another: r->pid of the first a site, the other's uses no
# sites (counted), and one whose base nothing types: cannot tell.  A
# parameter that shadows the volatile global is no site; &x and
# sizeof(x) are no access.  lib: tests/scan/user-volatile-objects.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

SRC=$RWONCE_ROOT/tests/scan/user-volatile-objects.c

while read -r name cfg; do
	user_config_enter "$name" "objects declared volatile" $cfg || continue
	user_build "$name $cfg" "$SRC" o.o || exit 1
	case $name in
	*-i386) ticks=torn vp=torn ;;
	clang-x86) ticks=ok vp=torn ;;
	*) ticks=ok vp=ok ;;
	esac
	# gcc writes no DIE for q (it is v): q->pid cannot be told either
	case $name in
	gcc-*) typeof=cannot-tell unknown=2 ;;
	*) typeof=not-volatile unknown=1 ;;
	esac
	test_expect_success "$name: each access of a volatile object judged at its width" '
		"$RWONCE" scan --json --volatile-objects o.o >j 2>err
		test $? -le 1 &&
		python3 - j $ticks $vp $typeof <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		ticks, vp, typeof = sys.argv[2], sys.argv[3], sys.argv[4]
		got = sorted((r["site"], r["access"], r["size"], r["verdict"])
		             for r in d["site_instances"])
		want = sorted([
		    ("read of volatile object %s" % repr("((struct reader *)opaque())->pid"),
		     "read", 4, "unattributed"),
		    ("read of volatile object %s" % repr("r->pid"), "read", 4, "ok"),
		    ("read of volatile object %s" % repr("ticks"), "read", 8, ticks),
		    ("write of volatile object %s" % repr("ticks"), "write", 8, ticks),
		    ("write of volatile object %s" % repr("flag"), "write", 4, "ok"),
		    ("read of volatile object %s" % repr("vp"), "read", 8, vp)] +
		    ([("read of volatile object %s" % repr("q->pid"), "read",
		       None, "unattributed")] if typeof == "cannot-tell" else []))
		assert got == want, got
		cov = d["coverage"]
		# plain_pid (the file types p), plain_pid_typeof (the DWARF
		# types q), the parameter of shadow()
		not_volatile = 3 if typeof == "not-volatile" else 2
		assert cov["not_volatile"] == not_volatile, cov
		assert cov["unattributed"]["volatile"] == 4 - not_volatile, cov
		PY
	'
	test_expect_success "$name: the name of both kinds not typed is said, cannot tell" '
		"$RWONCE" scan -v --volatile-objects --no-source o.o >out 2>err
		grep -q "user-volatile-objects.c:$(line_of "$SRC" "int untyped_pid"):32: note: .*unattributed: the last name of .((struct reader \*)opaque())->pid. is that of a member declared volatile and of one that is not, and the DWARF does not type .* here: whether this is an access to a volatile object, cannot tell" err &&
		grep -q "$((4 - unknown)) uses of a volatile object.s name whose object there is not volatile (no site)" err &&
		grep -q "whether volatile not known $unknown" err
	'
	case $name in
	*-i386)
		test_expect_success "$name: the 8-byte tick count read in two loads is torn" '
			grep -q "user-volatile-objects.c:$(line_of "$SRC" "get_ticks(void)"):35: error: read of volatile object .ticks. of .uint64_t. (8 bytes) compiled to 2 loads of 4 bytes: torn \[scan-torn\]" out
		' ;;
	esac
	test_expect_success "$name: without the option nothing is checked, and the message names it" '
		{ "$RWONCE" scan o.o >out 2>err; test $? = 2; } &&
		grep -q "nothing checked: .* 1 of them say volatile, .*check the accesses to objects declared volatile with --volatile-objects, or --allow-empty" err &&
		"$RWONCE" scan --json o.o 2>/dev/null | python3 -c "
import json, sys
d = json.load(sys.stdin)
assert d[\"site_instances\"] == [] and \"volatile\" not in d[\"coverage\"][\"unattributed\"] and \"not_volatile\" not in d[\"coverage\"], d[\"coverage\"]"
	'
done <<EOF2
gcc-x86 gcc
clang-x86 clang-19 --target=x86_64-linux-gnu
gcc-i386 gcc -m32
clang-i386 clang-19 --target=i686-linux-gnu
EOF2
test_done
