#!/bin/sh
# An object reached through a pointer that a header's macro makes: an
# object-like #define whose body is a call (Linux's #define current
# get_current(), get_current() a static inline function returning a
# struct task_struct *), or a function-like one whose body is a cast
# through sparse's annotations ((*((struct list_head __rcu
# **)(&(list)->next)))).  Neither the sources nor the DWARF type it as
# spelled, so READ_ONCE(current->flags) was "its size not known" (58 of
# the 361 such instances of Debian's 6.1 vmlinux, list_next_rcu 37,
# __sk_user_data 26).  Now the reading through the macro is typed by
# what the function returns (the unit's DWARF) or by the cast; a name
# whose two definitions call functions of different types stays not
# known, and so does a function's call that a macro of its name may
# stand for whose body is a statement expression (the names it declares
# are nowhere else: that did not make the reading one not compiled).  On the four builds (clang 19 and gcc 12, x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "objects through call and cast macros" "$S/call-macros.c" || continue
	test_expect_success "$name: through an object-like call: ok" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		READ_ONCE(current->flags) | ok | uint32_t | 4 | compiled to one 4-byte load | 1
		WRITE_ONCE(current->nesting) | ok | int | 4 | compiled to one 4-byte store | 1
		READ_ONCE(current->parent) | ok | struct task * | 8 | compiled to one 8-byte load | 1
		EOF
	'
	test_expect_success "$name: through a cast with annotations: ok" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		READ_ONCE(current_info()->syscall_work) | ok | uint64_t | 8 | compiled to one 8-byte load | 1
		READ_ONCE(list_next_rcu(&t->tasks)) | ok | struct list_head * | 8 | compiled to one 8-byte load | 1
		READ_ONCE(task_data(t)) | ok | void * | 8 | compiled to one 8-byte load | 1
		EOF
	'
	test_expect_success "$name: two bodies, two types, or a statement expression: not known" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		READ_ONCE(owner->flags) | size not known
		READ_ONCE(task_info(t)->cpu) | size not known
		EOF
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
