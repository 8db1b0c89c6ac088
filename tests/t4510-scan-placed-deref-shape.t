#!/bin/sh
# A placed use of a once-macro whose body indexes the pointer it reads
# (ext4's sbi_array_rcu_deref(sbi, field, i): the object the pointer
# (sbi)->field, the element read through its value a pointer of the
# same width, used after).  Where the DWARF puts the pointer sbi in no
# register at the load (a global; a local kept in the frame, as 11 of
# the 15 uses of Debian's 6.1 vmlinux), the verdict cited the last load
# of the object's width -- the element's.  On the four builds (clang 19
# and gcc 12, x86-64 and aarch64):
#   - the load of the object's width at the member's offset (0x58), no
#     index, whose value the element's load uses, is the one cited;
#   - where two loads have that shape (ARRAY_DEREF(h->tbl, ...): tbl
#     and slots both at 0x58), the instructions do not tell which is
#     the object's: "cannot tell", never an ok on the element.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "a placed use whose body indexes the pointer it reads" "$S/placed-deref-frame.c" || continue
	test_expect_success "$name: ok, at the object's width" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		ARRAY_DEREF(cur_table, slots, i) | ok | struct item * * | 8 | compiled to one 8-byte load | 1
		ARRAY_DEREF(t, slots, i) | ok | struct item * * | 8 | compiled to one 8-byte load | 1
		EOF
	'
	test_expect_success "$name: the pointer in a global: the load of the object, not the element" '
		grep -q "\"site\": \"ARRAY_DEREF(cur_table, slots, i)\"[^{]*\"instructions\": \[{[^}]*\"text\": \"[a-z]* [^\"]*0x58" j
	'
	test_expect_success "$name: the pointer in the frame: the load of the object, not the element" '
		grep -q "\"site\": \"ARRAY_DEREF(t, slots, i)\"[^{]*\"instructions\": \[{[^}]*\"text\": \"[a-z]* [^\"]*0x58" j
	'
	test_expect_success "$name: two loads of the object's shape: cannot tell" '
		grep -q "\"site\": \"ARRAY_DEREF(h->tbl, slots, i)\"[^{]*\"verdict\": \"unattributed\", \"why\": \"3 accesses of the object.s width at the site.s rows, the last through the value another read, and the body dereferences the value it reads: which is the object.s, cannot tell\"" j
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
