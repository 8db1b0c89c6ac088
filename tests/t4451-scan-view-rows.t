#!/bin/sh
# A row that repeats the place of the code before it, at an address it
# shares with the next row, gives the site no code there (issue 31):
# liburing built by gcc 12 for ppc64le, io_uring_cq_ready's
# io_uring_smp_load_acquire(ring->cq.ktail) - *ring->cq.khead.  gcc's
# table has the macro's row (line 1790, column 9) over the load, then at
# the address where it ends the same row again (a location view, no code
# of its own) and the row of *ring->cq.khead (column 53): the rule for
# rows that share an address (the site's column, then an operator's:
# the code is the site's too) gave the site the load of the khead
# pointer, "3 accesses ... the last an 8-byte load ... cannot tell",
# unaided; by hand, where the rows go another way (accessor_rows(), for a
# --macro name whose definition discovery did not take), it was ok.  Now
# both say ok, on the load of the ktail word -- on gcc 12 for x86-64,
# aarch64 and ppc64le (each failed before); clang 19's table has no such
# row (ok before on x86-64 and aarch64; on ppc64le since the traceback
# table is no instruction, t4450).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires powerpc64le-linux-gnu-gcc gcc-powerpc64le-linux-gnu

SRC=$RWONCE_ROOT/tests/scan/user-cq-ready.c
LINE=$(line_of "$SRC" "return ring_load_acquire(ring->cq.ktail)")

while read -r name cfg; do
	user_config_enter "$name" "a repeated row at a shared address" $cfg || continue
	user_build "$name $cfg" "$SRC" r.o || exit 1
	case $name in
	*-x86) load="movl (%rax), %eax" ;;
	*-arm64) load="ldar w[0-9]*, \[x[0-9]*\]" ;;
	*-ppc64le) load="lwz r[0-9]*, 0(r[0-9]*)" ;;
	esac
	test_expect_success "$name: unaided, ok on the 4-byte load of the ktail word" '
		{ "$RWONCE" scan --no-source r.o >out 2>err; test $? = 0; } &&
		grep -q "0 findings; 1 site instance: ok 1, torn 0, duplicated 0, widened 0, unattributed 0; 1 site" err &&
		"$RWONCE" scan --json --no-source r.o >out.json 2>/dev/null &&
		grep -q "\"line\": $LINE, .*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\", .*\"instructions\": \[{[^}]*\"text\": \"$load\"}\]" out.json
	'
	test_expect_success "$name: the same by the other path (a --macro name not found)" '
		{ "$RWONCE" scan --no-source --macro ring_never_defined=read-once r.o >out2 2>err2; test $? = 0; } &&
		grep -q "0 findings; 1 site instance: ok 1, torn 0, duplicated 0, widened 0, unattributed 0; 1 site" err2
	'
done <<EOF2
$USER_CONFIGS
gcc-ppc64le powerpc64le-linux-gnu-gcc
clang-ppc64le clang-19 --target=powerpc64le-linux-gnu
EOF2
test_done
