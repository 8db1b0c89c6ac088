#!/bin/sh
# An object reached through a statement expression that a header's
# macro makes: Linux's container_of(ptr, type, member), ({ void *__mptr
# = (void *)(ptr); ((type *)(__mptr - offsetof(type, member))); }), and
# RELOC_HIDE's (typeof(ptr))(__ptr + (off)) as its last statement.
# ext4's WRITE_ONCE(EXT4_I(inode)->i_disksize), where a header gives
# EXT4_I that body beside ext4.h's function, was "its size not known"
# (13 instances of Debian's 6.1 vmlinux; tcp_sk_rw() 4).  The last
# statement's type is read now when a cast or a function of the unit
# gives it (a typeof of the macro's argument too); not a variable the
# block declares, nor a typeof of one: the scopes at the address need
# not hold it.  On the four builds (clang 19 and gcc 12, x86-64 and
# aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "objects through statement expressions" "$S/stmt-expr-macros.c" || continue
	test_expect_success "$name: the last statement's cast or typeof: ok" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		READ_ONCE(outer_of(ip)->count) | ok | uint64_t | 8 | compiled to one 8-byte load | 1
		WRITE_ONCE(outer_of(ip)->flags) | ok | uint16_t | 2 | compiled to one 2-byte store | 1
		READ_ONCE(*shift_ptr(&table[0].count, shift)) | ok | uint64_t | 8 | compiled to one 8-byte load | 1
		EOF
	'
	test_expect_success "$name: a variable the block declares: not known" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		READ_ONCE(owner_of(o)->count) | size not known
		READ_ONCE(self_of(o)->count) | size not known
		EOF
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
