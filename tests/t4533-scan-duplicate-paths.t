#!/bin/sh
# Two loads of the same bytes that one execution makes are duplicated
# even with a branch between them.  bdwgc's
# FINAL_MARK_BIT(AO_load(&hhdr->hb_sz)) built by clang 19 for x86-64
# loads hb_sz, compares, takes a ja or not, and loads it again: scan
# stopped looking at the first branch after a load and said "ok" on one
# of them.  The header's LAST_BIT(sz) has that shape (the condition's
# load, a branch, the arm's load): duplicated, as the source asks, on
# the four builds (clang 19 and gcc 12, x86-64 and aarch64).  One load
# on each arm of a branch (gcc: each arm ends in its own ret) is no
# duplicate: ok.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
DUP='compiled to an 8-byte load and an 8-byte load of the same bytes: duplicated, as the source asks'

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "two loads of one site across a branch" "$S/macro-repeat.c" || continue
	test_expect_success "$name: a load, a branch, the same load: duplicated" "
		python3 '$S/site-verdicts.py' j <<-EOF
		READ_ONCE(h->size) | duplicated | uint64_t | 8 | $DUP: LAST_BIT names its argument 2 to 3 times | 2
		EOF
	"
	test_expect_success "$name: one load on each arm: ok" "
		python3 '$S/site-verdicts.py' j <<-EOF
		READ_ONCE(h->arm) | ok | uint64_t | 8 | compiled to one 8-byte load | 1
		EOF
	"
done <<EOF2
$USER_CONFIGS
EOF2
test_done
