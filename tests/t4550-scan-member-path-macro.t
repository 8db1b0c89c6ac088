#!/bin/sh
# A member a header names through an object-like macro whose body is a
# member path (Linux's net/sock.h: #define sk_state
# __sk_common.skc_state).  The record's DWARF has no member sk_state, so
# READ_ONCE(sk->sk_state) was "its size not known" -- 297 of the 648 such
# instances of Debian's 6.1 vmlinux.  The path is followed now, through
# '->' and '.'; a name whose definitions give two different members, or
# one whose body indexes a member, stays not known.  On the four builds
# (clang 19 and gcc 12, x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "members named by member-path macros" "$S/member-path-macro.c" || continue
	test_expect_success "$name: typed through the macro's path: ok" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		READ_ONCE(sk->sk_state) | ok | uint8_t | 1 | compiled to one 1-byte load | 1
		WRITE_ONCE(sk->sk_family) | ok | uint16_t | 2 | compiled to one 2-byte store | 1
		READ_ONCE(sk->sk_rmem_alloc) | ok | uint32_t | 4 | compiled to one 4-byte load | 1
		READ_ONCE(in->sk.sk_state) | ok | uint8_t | 1 | compiled to one 1-byte load | 1
		EOF
	'
	test_expect_success "$name: two paths, or an indexed one: not known" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		READ_ONCE(sk->sk_when) | size not known
		READ_ONCE(sk->sk_first) | size not known
		EOF
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
