#!/bin/sh
# A once-accessor's asm may fence with a locked no-op on the stack, the
# x86 full barrier that C libraries and kernels write instead of mfence:
# a C library's store is "mov %1, %0 ; lock ; orl $0,(%%rsp)" with
# "=m"(*p).  Before, the "lock" made the whole template a
# read-modify-write, the function no accessor, and its calls no sites: on
# such a library scan found 7 sites where its store alone is called 10
# times.  The locked instruction names no operand of the asm and adds 0
# to (or ors 0 into) a stack word: it is no access of the object.  Still
# no accessor: a locked instruction on the operand ("lock ; orl $1, %0"),
# and a locked add of 1 to the stack (no no-op).  lib/stkfence.h, gcc 12
# and clang 19 for x86-64 (the templates are x86's).  Fails on the build
# before (sf_store and sf_load not discovered, their calls no sites).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-stack-fence.c
H=$S/user-include/lib/stkfence.h

while read -r name cfg; do
	case $name in *-x86) ;; *) continue ;; esac
	user_config_enter "$name" "an accessor fenced on the stack" $cfg || continue
	user_build "$name $cfg" "$SRC" f.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the fenced store and load are accessors, the locked ones on the object or +1 are not" '
		{ "$RWONCE" scan -v --no-source f.o >out 2>err; test $? = 0; } &&
		grep -q "discovery: .sf_store. is a once-accessor of this tree (write-once): .*lib/stkfence.h:$(line_of "$H" "sf_store(volatile int") defines it as a function whose body is an inline-asm memory operand of what its argument .p. points to$" err &&
		grep -q "discovery: .sf_load. is a once-accessor of this tree (read-once): .*lib/stkfence.h:$(line_of "$H" "sf_load(const") " err &&
		! grep -q "sf_or_one. is a once\|sf_store_odd. is a once" err &&
		grep -q "^rwonce scan: 0 findings; 2 site instances: ok 2, torn 0, duplicated 0, widened 0, unattributed 0;" err
	'
	test_expect_success "$name: each call judged on its one access, the fence no access of it" '
		"$RWONCE" scan --json --no-source f.o >out.json 2>/dev/null
		python3 - out.json <<-\PY
		import json, re, sys
		d = json.load(open(sys.argv[1]))
		v = {r["site"]: r for r in d["site_instances"]}
		assert sorted(v) == ["sf_load(&g->stamp)", "sf_store(&g->open)"], sorted(v)
		st, ld = v["sf_store(&g->open)"], v["sf_load(&g->stamp)"]
		assert st["verdict"] == "ok" and st["why"] == "compiled to one 4-byte store", st
		assert ld["verdict"] == "ok" and ld["why"] == "compiled to one 8-byte load", ld
		t = [i["text"] for i in st["instructions"]]
		assert len(t) == 1 and re.match(r"^movl %\w+, \(%rdi\)$", t[0]), t
		t = [i["text"] for i in ld["instructions"]]
		assert len(t) == 1 and re.match(r"^movq 8\(%rdi\), %\w+$", t[0]), t
		PY
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
