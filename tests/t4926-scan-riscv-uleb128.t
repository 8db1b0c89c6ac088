#!/bin/sh
# riscv64 objects from clang 18+ carry R_RISCV_SET_ULEB128/SUB_ULEB128
# pairs in .debug_rnglists (the distances linker relaxation may change),
# which elfutils 0.188 does not apply: scan said "cannot read its DWARF:
# N relocations of .debug_rnglists could not be applied" and checked
# nothing, so the Linux 6.12 sweep (issue 32) linked every riscv64 object
# with ld.lld --no-relax before scanning it.  scan now applies the pairs
# itself (src/elf/dwarf-uleb128.c): the object scans as it is, with the
# same ranges, inline chains and verdicts as the object linked by ld.lld.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires clang-19 clang-19
requires readelf binutils
requires python3 python3
requires --full ld.lld-19 lld-19

SRC=$RWONCE_ROOT/tests/scan/riscv-uleb128.c
PAIR=$(line_of "$SRC" "= READ_ONCE(o->p);")

if have_cmd clang-19 && have_cmd readelf; then
	test_expect_success 'clang-19 -O2 riscv64: ULEB128 pairs in .rela.debug_rnglists (else this proves nothing)' '
		clang-19 --target=riscv64-linux-gnu -O2 -g -c "$SRC" -o "$TEST_TMP/rv.o" &&
		readelf -rW "$TEST_TMP/rv.o" >"$TEST_TMP/relocs" &&
		sed -n "/\.rela\.debug_rnglists/,/^\$/p" "$TEST_TMP/relocs" >"$TEST_TMP/rng" &&
		# binutils 2.40 names them "unrecognized: 3c" and "3d" (60, 61)
		set=$(grep -Ec "R_RISCV_SET_ULEB128|unrecognized: 3c" "$TEST_TMP/rng") &&
		sub=$(grep -Ec "R_RISCV_SUB_ULEB128|unrecognized: 3d" "$TEST_TMP/rng") &&
		test "$set" -gt 0 && test "$set" = "$sub"
	'
	test_expect_success 'the object is read: both inlined copies torn, the flag ok, exit 1' '
		{ "$RWONCE" scan "$TEST_TMP/rv.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		! grep -q "could not be applied" "$TEST_TMP/err" &&
		grep -q "site instances: ok 1, torn 2, duplicated 0, widened 0, unattributed 0; 2 sites; 1 of 1 file checked" "$TEST_TMP/err" &&
		test "$(grep -c "riscv-uleb128.c:$PAIR:[0-9]*: error: READ_ONCE(o->p) of .struct pair. (4 bytes) compiled to 2 loads of 2 bytes: torn" "$TEST_TMP/out")" = 2
	'
else
	test_skip 'clang-19 riscv64: ULEB128 relocations' "$(missing_why clang-19 readelf)"
fi

if have_cmd clang-19 && have_cmd ld.lld-19 && test -f "$TEST_TMP/rv.o"; then
	test_expect_success 'the same ranges, chains and verdicts as the object linked by ld.lld-19 --no-relax' '
		ld.lld-19 --unresolved-symbols=ignore-all --no-relax -Ttext=0x10000 -e 0 \
			-o "$TEST_TMP/rv.elf" "$TEST_TMP/rv.o" &&
		"$RWONCE" scan -vv "$TEST_TMP/rv.o" 2>"$TEST_TMP/o.vv" >/dev/null
		"$RWONCE" scan -vv "$TEST_TMP/rv.elf" 2>"$TEST_TMP/e.vv" >/dev/null
		grep "^  range " "$TEST_TMP/o.vv" >"$TEST_TMP/o.ranges" &&
		grep "^  range " "$TEST_TMP/e.vv" >"$TEST_TMP/e.ranges" &&
		test -s "$TEST_TMP/o.ranges" &&
		cmp "$TEST_TMP/e.ranges" "$TEST_TMP/o.ranges" &&
		for f in rv.o rv.elf; do
			"$RWONCE" scan --json "$TEST_TMP/$f" 2>/dev/null |
			python3 -c "import json, sys
for i in json.load(sys.stdin)[\"site_instances\"]:
    print(i[\"line\"], i[\"column\"], i[\"function\"], i[\"verdict\"], i[\"why\"],
          [c[\"function\"] + \"@\" + c[\"at\"] for c in i[\"inline_chain\"]],
          [x[\"text\"] for x in i[\"instructions\"]])" >"$TEST_TMP/$f.inst" || return 1
		done &&
		test "$(wc -l <"$TEST_TMP/rv.o.inst")" = 3 &&
		cmp "$TEST_TMP/rv.elf.inst" "$TEST_TMP/rv.o.inst"
	'
else
	test_skip 'the same as linked by ld.lld-19 --no-relax' "$(missing_why clang-19 ld.lld-19)"
fi

test_done
