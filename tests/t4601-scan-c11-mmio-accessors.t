#!/bin/sh
# MMIO accessors of C11 relaxed atomics through a cast of a void
# pointer, as rdma-core's util/mmio.h writes them:
# atomic_store_explicit((_Atomic(uint64_t) *)addr, value,
# memory_order_relaxed), made by MAKE_WRITE(mmio_write64, 64) or written
# out (mmio_write8).  Three things were wrong (rdma-core's providers,
# gcc 12: the 90 doorbell and register uses no site; once found, 97
# instances of unknown size and 2 false "widened"):
# - a file that says neither volatile nor asm nor __atomic_ was not
#   read for accessors: its C11 calls were not looked at, and no
#   accessor of the file was found (the generated ones neither);
# - the atomic's cast did not give a void-pointee accessor its width,
#   as a volatile cast does: mmio_write64_be(u->reg_addr, v), a void *,
#   was "its size unknown";
# - an address argument cast at the call, mmio_write64_be((uint8_t *)
#   u->reg_addr, v), typed the object as a uint8_t: "widened", where the
#   parameter drops the cast and the register is 8 bytes.  The operand
#   of the cast is typed instead: (char *)&u->small is still widened,
#   judged as the 4-byte member it is.
# On the four builds; the second half scans a copy of the fixture that
# says __atomic_ in a comment, which main read, for the widths alone.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_config_enter "$name" "C11 MMIO accessors" $cfg || continue
	user_build "$name $cfg" "$S/user-c11-mmio.c" o.o || exit 1
	"$RWONCE" scan -v o.o >out 2>err; rc=$?
	"$RWONCE" scan --json o.o >j 2>/dev/null
	test_expect_success "$name: the generated and the written-out accessors are found" '
		grep -q "discovery: .mmio_write64_be. is a once-accessor of this tree (write-once): .*user-c11-mmio.c:35 defines it as a function whose body is a relaxed __atomic access of what its argument .addr. points to, made by MAKE_WRITE(mmio_write64, 64)$" err &&
		grep -q "discovery: .mmio_read32_be. is a once-accessor of this tree (read-once): .*user-c11-mmio.c:36 " err &&
		grep -q "discovery: .mmio_write8. is a once-accessor of this tree (write-once): .*user-c11-mmio.c:38 " err &&
		test "$rc" = 1
	'
	{ cat "$S/user-c11-mmio.c"; echo "/* __atomic_store_n */"; } >marked.c
	user_build "$name $cfg" marked.c m.o || exit 1
	for f in o m; do
		"$RWONCE" scan --json $f.o >j 2>/dev/null
		test_expect_success "$name, $f: a void pointer's register has the atomic cast's width" '
			grep -q "\"line\": 48, \"column\": 2, \"site\": \"mmio_write64_be(u->reg_addr)\", \"access\": \"write\", \"type\": \"uint64_t\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte store\"" j &&
			grep -q "\"line\": 55, \"column\": 9, \"site\": \"mmio_read32_be(u->clock + 4)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" j &&
			grep -q "\"line\": 50, \"column\": 2, \"site\": \"mmio_write8(&u->flag)\", \"access\": \"write\", \"type\": \"uint8_t\", \"size\": 1, [^{]*\"verdict\": \"ok\"" j
		'
		test_expect_success "$name, $f: a byte pointer cast at the call does not type the register" '
			grep -q "\"line\": 49, \"column\": 2, \"site\": \"mmio_write64_be(u->reg_addr)\", \"access\": \"write\", \"type\": \"uint64_t\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte store\"" j &&
			! grep -q "\"line\": 49, [^{]*\"verdict\": \"widened\"" j
		'
		test_expect_success "$name, $f: the address of a 4-byte member, cast, is still widened" '
			grep -q "\"line\": 60, \"column\": 2, \"site\": \"mmio_write64_be(&u->small)\", \"access\": \"write\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"widened\"" j
		'
	done
done <<EOF2
$USER_CONFIGS
EOF2
test_done
