#!/bin/sh
# An accessor whose object is an inline-asm "m" operand given as an
# input -- Linux's x86 writel, asm("movl %0,%1" : : "r"(val),
# "m"(*(volatile u32 *)addr)) -- stores to it: the template's
# instruction says which way (x86 moves write their last operand,
# ARM's str stores).  Discovery called every input operand a read, and
# the writes' uses said "no memory access attributed to the site"
# (Debian's 6.1 vmlinux: the writel family's 278 instances).  A
# template whose instruction is a macro's text does not say: the
# accessor is read-write ("cannot tell" which), its one store still
# judged.  An output whose constraint is a macro (CC_OUT(c)) keeps the
# operands after it numbered.  On the four builds (clang 19 and gcc 12,
# x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "an asm input operand the template stores to" "$S/asm-input-store.c" || continue
	test_expect_success "$name: the generated writer stores: ok, a write" '
		python3 "$S/site-verdicts.py" j <<-\EOF &&
		io_write32((char *)base + 0x10) | ok | uint32_t | 4 | compiled to one 4-byte store | 1
		io_read32((char *)base + 0x20) | ok | uint32_t | 4 | compiled to one 4-byte load | 1
		io_get32(p + 5) | ok | uint32_t | 4 | compiled to one 4-byte load | 1
		EOF
		grep -q "\"site\": \"io_write32((char \*)base + 0x10)\", \"access\": \"write\"" j &&
		grep -q "\"site\": \"io_get32(p + 5)\", \"access\": \"read\"" j
	'
	test_expect_success "$name: a template of a macro: cannot tell which way" '
		grep -q "\"site\": \"io_put32(p + 3)\", \"access\": \"read-write\"[^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" j &&
		"$RWONCE" scan -v o.o 2>&1 | grep -q "io_put32.*(read-write).*whether its template reads or writes it, cannot tell"
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
