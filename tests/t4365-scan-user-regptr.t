#!/bin/sh
# Inline-asm accessors whose pointer is passed in a register (issue 31,
# fourth round): asm volatile("ldr %w0, [%1]" : "=r"(v) : "r"(p) :
# "memory") -- no "m" operand, the pointer used as the address in the
# template -- was no once-accessor, so its calls were no sites at all.
# Now an input register operand that is the pointer parameter itself,
# used as the address ([%1], [%x1], [%[p]]; (%1) or 0(%1)) of a
# template of one load or store (ldr, str, ldar ...; x86-64's movl),
# makes the function an accessor of *p.  Not: an offset from the
# pointer ([%1, #4], 4(%1)), an exclusive load (ldxr) or an exchange
# (xchgl, "+r"): read-modify-writes, as t4350.  A load narrower than
# the pointee is torn.  clang 19 and gcc 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-regptr.c

while read -r name cfg; do
	user_config_enter "$name" "register-pointer asm accessors" $cfg || continue
	user_build "$name $cfg" "$SRC" rp.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the one-load/store templates are accessors, the others not" '
		{ "$RWONCE" scan --no-source -v --json rp.o >out.json 2>err; test $? = 1; } &&
		for f in reg_load_32 reg_load_named reg_load_low; do
			grep -q "discovery: .$f. is a once-accessor of this tree (read-once): .* an inline-asm load or store, its address in a register, of what its argument .p. points to$" err ||
				{ echo "no accessor $f"; return 1; }
		done &&
		grep -q "discovery: .reg_store_32. is a once-accessor of this tree (write-once)" err &&
		! grep -q "discovery: .reg_load_next." err &&
		! grep -q "discovery: .reg_load_excl." err
	'
	test_expect_success "$name: each inlined call is judged on its load or store; the narrow one torn" '
		grep -q "1 finding; 4 site instances: ok 3, torn 1, duplicated 0, widened 0, unattributed 0;" err &&
		grep "\"site\": \"reg_load_32(&q->head)\"" out.json | grep -q "\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" &&
		grep "\"site\": \"reg_store_32(&q->tail)\"" out.json | grep -q "\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" &&
		grep "\"site\": \"reg_load_named(&q->seq)\"" out.json | grep -q "\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" &&
		grep "\"site\": \"reg_load_low(&q->wide)\"" out.json | grep -q "\"verdict\": \"torn\", \"why\": \"compiled to one 4-byte load of the 8-byte object its argument points to" &&
		! grep -q "\"site\": \"reg_load_next" out.json &&
		! grep -q "\"site\": \"reg_load_excl" out.json
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
