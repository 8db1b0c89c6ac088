#!/bin/sh
# An element of an array of several dimensions in a record a header
# declares: Linux's lrugen->nr_pages[gen][type][zone] (struct
# lru_gen_struct's long nr_pages[MAX_NR_GENS][ANON_AND_FILE][MAX_NR_ZONES])
# was "its size not known" on Debian's 6.1 vmlinux (23 instances with
# avg_refaulted, avg_total, protected and mm_state.stats).  The DWARF
# gives such an array one type with a subrange per dimension; a
# subscript took the element's type at once, and the next subscript of
# a scalar failed.  Now each subscript takes one dimension, and the
# element's type comes after the last; a row (fewer subscripts) is not
# typed as its element.  On the four builds (clang 19 and gcc 12, x86-64
# and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "elements of arrays of several dimensions" "$S/array-rows.c" || continue
	test_expect_success "$name: elements after all the subscripts: ok" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		READ_ONCE(lrugen->nr_pages[gen][type][zone]) | ok | int64_t | 8 | compiled to one 8-byte load | 1
		WRITE_ONCE(lrugen->nr_pages[gen][type][zone]) | ok | int64_t | 8 | compiled to one 8-byte store | 1
		WRITE_ONCE(lrugen->tiers[type][tier]) | ok | uint16_t | 2 | compiled to one 2-byte store | 1
		EOF
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
