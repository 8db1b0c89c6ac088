#!/bin/sh
# MMIO accessors as Xen's and Linux's: a static inline function whose
# parameter points to void (const volatile void __iomem *addr) and whose
# body is one volatile access through a cast of it, a plain dereference
# or an inline-asm memory operand.  Called on void or char arithmetic
# (readl(base + 0x10)), nothing typed the object: "its size not known"
# (Xen: 98 x86 instances, 259 arm64).  The accessor's cast gives the
# width then; an argument that types the object (&r->cfg, 8 bytes)
# still decides, so a 4-byte read of it stays torn.  On the four builds
# (clang 19 and gcc 12, x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "accessors of a void pointer, sized by their cast" "$S/mmio-void-accessor.c" || continue
	# clang at -O2 for aarch64 leaves two calls' code on other columns
	test_expect_success "$name: the cast's width: ok" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		io_readl(base + 0x10) | ok | uint32_t | 4 | compiled to one 4-byte load | 1
		io_writel((char __iomem *)base + 0x14) | ok | uint32_t | 4 | compiled to one 4-byte store | 1
		io_readl_asm((char __iomem *)base + 0x18) | ok | uint32_t | 4 | compiled to one 4-byte load | 1
		EOF
	'
	test_expect_success "$name: an argument that types the object decides: torn" '
		grep -q "\"site\": \"io_readl(&r->cfg)\", \"access\": \"read\", \"type\": \"uint64_t\", \"size\": 8,[^{]*\"verdict\": \"torn\"" j
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
