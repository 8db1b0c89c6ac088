#!/bin/sh
# MMIO macros as Xen's: readl(x) is (*(const volatile uint32_t *)(x)),
# and VT-d's dmar_readl(dmar, reg) is readl((dmar) + (reg)) -- a use of
# it is placed (its object *((dmar) + (reg)) spelled from its
# parameters), and void arithmetic gives the object no type: "its size
# not known" (Xen x86-64: 82 of its 87).  The placed object now takes
# the width of the volatile cast of the macro it goes through, last, as
# an accessor function whose parameter points to void does (t4513); an
# object that types itself (&(r)->cfg, 8 bytes) still decides; and a
# lone wider load on the use's row (the pointer iommu->reg, which gcc
# loads there) is not the object widened: the cast's access is never
# wider.  On the
# four builds (clang 19 and gcc 12, x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "placed uses of MMIO macros, sized by the cast" "$S/macro-mmio-placed.c" || continue
	test_expect_success "$name: the cast's width: ok" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		dmar_readl(iommu->reg, 0x1c) | ok | uint32_t | 4 | compiled to one 4-byte load | 1
		dmar_readq(iommu->reg, 0x20) | ok | uint64_t | 8 | compiled to one 8-byte load | 1
		dmar_writel(iommu->reg, 0x18, v) | ok | uint32_t | 4 | compiled to one 4-byte store | 1
		EOF
	'
	test_expect_success "$name: an object that types itself decides: not ok" '
		grep -q "\"site\": \"cfg_readl(r)\", \"access\": \"read\", \"type\": \"uint64_t\", \"size\": 8,[^{]*\"verdict\": \"unattributed\", \"why\": \"only a 4-byte load, narrower than the 8-byte object" j
	'
	test_expect_success "$name: a wider load on the use's row is not the object widened" '
		grep -q "\"site\": \"dmar_readl(iommu->reg, reg + idx \* 16 + 12)\"" j &&
		! grep -q "\"verdict\": \"widened\"" j
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
