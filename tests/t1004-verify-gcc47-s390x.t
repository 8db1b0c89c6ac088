#!/bin/sh
# Demonstration 2: the seed's own bug.  The s390 code that gcc 4.7.2
# generated for ipte_unlock_siif() (quoted in the 001 patch: l ... lg ...
# csg, the lock word loaded twice) is assembled with s390x-linux-gnu-as,
# linked in as the implementation of a probe with ipte_unlock_siif's
# expectation, run under qemu-s390x -- and must be reported as duplicated,
# while today's gcc compiling the library's ipte_unlock_siif is ok.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/verify/lib.sh"
requires s390x-linux-gnu-as binutils-s390x-linux-gnu
requires s390x-linux-gnu-gcc gcc-s390x-linux-gnu
requires qemu-s390x qemu-user
need_cmd s390x-linux-gnu-as s390x-linux-gnu-gcc qemu-s390x

ASM=$RWONCE_ROOT/tests/verify/ipte-unlock-gcc47-s390x.s

test_expect_success 'the quoted sequence assembles with s390x-linux-gnu-as' '
	s390x-linux-gnu-as -o "$TEST_TMP/gcc47.o" "$ASM"
'

test_expect_success 'the gcc 4.7 ipte_unlock is duplicated, exit 1' '
	"$RWONCE" verify --target s390x --probes "$ASM" --only "ipte_unlock_siif*" \
		--opt 2 --backend volatile --details >"$TEST_TMP/out"
	test $? = 1 &&
	grep -q "^  ipte_unlock_siif  *ok" "$TEST_TMP/out" &&
	grep -q "^  ipte_unlock_siif_gcc47  *DUP" "$TEST_TMP/out" &&
	grep -q "^ipte_unlock_siif_gcc47  cc s390x -O2: duplicated (expected r0:8 x0:8)" "$TEST_TMP/out"
'

test_expect_success 'the report names the two loads and the csg, in order' '
	grep "^    [rwx]" "$TEST_TMP/out" | sed "s/  */ /g" >"$TEST_TMP/acc" &&
	sed -n 1p "$TEST_TMP/acc" | grep -q "^ r0:4 piece .*ipte_unlock_siif_gcc47+0x6 l %r4, 0(%r3)" &&
	sed -n 2p "$TEST_TMP/acc" | grep -q "^ r0:8 .*lg %r1, 0(%r3)" &&
	sed -n 3p "$TEST_TMP/acc" | grep -q "^ x0:8 .*csg %r4, %r1, 0(%r3)"
'

test_expect_success 'JSON says duplicated too' '
	"$RWONCE" verify --target s390x --probes "$ASM" --no-builtin \
		--opt 2 --backend volatile --json >"$TEST_TMP/j"
	test $? = 1 && json_ok "$TEST_TMP/j" &&
	test "$(verdicts ipte_unlock_siif_gcc47 "$TEST_TMP/j")" = duplicated
'

test_expect_success '--emit-header blacklists it' '
	"$RWONCE" verify --target s390x --probes "$ASM" --no-builtin --opt 2 \
		--backend volatile --emit-header "$TEST_TMP/h.h" >/dev/null
	grep -q "^#error .*ipte_unlock_siif_gcc47 duplicated" "$TEST_TMP/h.h"
'

test_done
