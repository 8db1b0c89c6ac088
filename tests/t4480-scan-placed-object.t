#!/bin/sh
# A use of a once-macro whose object is spelled from its parameters
# (#define ROOT_EMPTY(root) (READ_ONCE((root)->node) == NULL), as the
# kernel's RB_EMPTY_ROOT, __task_cred, task_is_running ...) is a site:
# at the use, its object the macro's with the use's arguments put in
# (ROOT_EMPTY(&t->r): ((&t->r))->node), typed by the DWARF and judged on
# the use's code like any site -- 216 uses in Debian's 6.1 vmlinux were
# only named "not placed (not checked)" before (t4462).  A parameter
# that names a member is put in bare ((s)->field), a variadic macro's
# extra arguments are left out.  On the four builds (clang 19 and gcc
# 12, x86-64 and aarch64):
#   - the uses are ok at their object's width, a write too;
#   - a body that indexes the value it reads (COUNT_AT, as ext4's
#     sbi_array_rcu_deref): the element's load is another object's,
#     the verdict rests on the pointer's load;
#   - a body that reads another member beside the object (READY_OR_PAD,
#     as nsync's NOTIFIED_TIME): that member's load, through the
#     register the DWARF puts the object's pointer in at another
#     offset, is not the object's -- the verdict rests on ready's;
#   - NODE_AT, a body that indexes the pointer it reads, the element a
#     pointer of the object's width used after: the element's load,
#     through the value of a load the DWARF shows to be the object's,
#     is not the object's (clang cited it);
#   - PAIR_OF of a 16-byte struct, two 8-byte loads: torn, a finding
#     whose notes say the object placed;
#   - the torn finding is not "fixable": fix --from-scan would respell
#     the argument t, which is not the object, so it makes no edit;
#   - a member given as in.b (no one identifier) stays named, not
#     checked, with the reason; an object that names __VA_ARGS__ is
#     placed with the use's one variable argument (t4512).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_config_enter "$name" "once-macros whose object is spelled from their parameters" $cfg || continue
	user_build "$name $cfg" "$S/placed-object.c" o.o || exit 1
	"$RWONCE" scan -v o.o >out 2>err
	echo $? >rc
	"$RWONCE" scan --json o.o >j 2>/dev/null
	test_expect_success "$name: each use a site at the use, ok at its object's width" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		ROOT_EMPTY(&t->r) | ok | struct node * | 8 | compiled to one 8-byte load | 1
		TASK_RUNNING_P(t) | ok | int | 4 | compiled to one 4-byte load | 1
		STATE_OF(global_task) | ok | int | 4 | compiled to one 4-byte load | 1
		FIELD_OF(t, state) | ok | int | 4 | compiled to one 4-byte load | 1
		SLOT_OF(t, i) | ok | slot_t | 8 | compiled to one 8-byte load | 1
		SET_STATE(t, v) | ok | int | 4 | compiled to one 4-byte store | 1
		VSTATE(t, 1, 2) | ok | int | 4 | compiled to one 4-byte load | 1
		COUNT_AT(t, counts, i) | ok | int * | 8 | compiled to one 8-byte load | 1
		READY_OR_PAD(t) | ok | int | 4 | compiled to one 4-byte load | 1
		NODE_AT(t, nodes, i) | ok | struct node * * | 8 | compiled to one 8-byte load | 1
		EOF
	'
	test_expect_success "$name: a body that reads another member beside the object: the load of the object, at its offset" '
		grep -q "\"site\": \"READY_OR_PAD(t)\"[^{]*\"instructions\": \[{[^}]*0x50" j
	'
	test_expect_success "$name: an element as wide as the object, read through the value it loaded: the load of the object" '
		grep -q "\"site\": \"NODE_AT(t, nodes, i)\"[^{]*\"instructions\": \[{[^}]*0x58" j
	'
	test_expect_success "$name: a body that indexes the value it reads: the load of the pointer, not the element" '
		grep -q "\"site\": \"COUNT_AT(t, counts, i)\"[^{]*\"instructions\": \[{[^}]*0x48" j
	'
	test_expect_success "$name: the use's line and column" '
		grep -q "\"line\": 47, \"column\": 9, \"site\": \"ROOT_EMPTY(&t->r)\"" j &&
		grep -q "\"line\": 72, \"column\": 2, \"site\": \"SET_STATE(t, v)\", \"access\": \"write\"" j
	'
	test_expect_success "$name: a 16-byte struct read in two: torn, the object placed in the notes" '
		grep -q "\"site\": \"PAIR_OF(t)\", \"access\": \"read\", \"type\": \"struct pair\", \"size\": 16, [^{]*\"verdict\": \"torn\", \"why\": \"compiled to 2 loads of 8 bytes" j &&
		grep -q "placed-object.c:82:18: error: PAIR_OF(t) of .struct pair. (16 bytes) compiled to 2 loads of 8 bytes.*: torn .scan-torn." out &&
		grep -q "PAIR_OF. is a once-macro of this tree (read-once, volatile cast): .*placed-object.c:35 defines it as READ_ONCE of .(t)->pair.; its object here: .((t))->pair." out &&
		test "$(cat rc)" = 1
	'
	# fix --from-scan would respell the argument (t), not the object
	test_expect_success "$name: fix --from-scan leaves the placed torn use alone (not fixable)" '
		mkdir -p fix && cp "$S/placed-object.c" fix/ &&
		sed "s|$S/placed-object.c|$TEST_TMP/$name/fix/placed-object.c|g" j >fix.json &&
		{ "$RWONCE" fix --from-scan fix.json fix >fix.out 2>fix.err; test $? -le 1; } &&
		grep -q "placed-object.c:82:18: note: PAIR_OF(t) of .struct pair. left unchanged" fix.err &&
		grep -q "\"fixable\": false" j &&
		cmp "$S/placed-object.c" fix/placed-object.c
	'
	test_expect_success "$name: what cannot be placed is named with the reason" '
		grep -q "placed-object.c:104:9: note: FIELD_OF(t, in.b): not checked: its object, .(s)->field., is spelled from the macro.s parameters, and a member it names is an argument of this use that is no one identifier" err &&
		! grep -q "VA_STATE(global_task): not checked" err &&
		grep -q "coverage: 12 sites in 1 of 1 source read: 1[12] checked, .*; 1 use of a once-macro whose object is not placed (not checked); 0 of 1[12] instances unattributed" err &&
		grep -q "\"unplaced\": 1," j
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
