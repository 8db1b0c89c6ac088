#!/bin/sh
# rwonce scan on rwonce's own probes, built as object files with -g:
# clang -O2 tears the raw volatile-cast read and write of the two-field
# 2-, 4- and 8-byte structs (probes/controls.c) on every target -- both
# accesses are listed; the same objects through rwonce's READ_ONCE and
# WRITE_ONCE (probes/library.c) are one access each; gcc -O2 keeps the
# raw idiom whole on the targets where verify measured it so.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
requires arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf
requires s390x-linux-gnu-gcc gcc-s390x-linux-gnu
requires powerpc64le-linux-gnu-gcc gcc-powerpc64le-linux-gnu
need_cmd clang

CONTROLS=$RWONCE_ROOT/probes/controls.c
LIBRARY=$RWONCE_ROOT/probes/library.c
CFLAGS="-O2 -g -fno-pic -I$RWONCE_ROOT/probes -I$RWONCE_ROOT/include"

for t in x86_64-linux-gnu aarch64-linux-gnu arm-linux-gnueabihf \
	 i686-linux-gnu s390x-linux-gnu powerpc64le-linux-gnu; do
	if ! clang_can "$t"; then
		test_skip "clang $t: controls torn, library ok" "$(clang_why "$t")"
		continue
	fi
	obj=$TEST_TMP/controls-$t.o
	lib=$TEST_TMP/library-$t.o
	wide=
	case $t in arm-*|i686-*) wide=-DRWONCE_ATOMIC64 ;; esac
	test_expect_success "clang -O2 $t: raw struct reads and writes are torn, both accesses shown" '
		clang --target='"$t"' $CFLAGS -c "$CONTROLS" -o "'"$obj"'" &&
		{ "$RWONCE" scan $RAW_MACROS "'"$obj"'" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		for p in pair8 pair16 pair32; do
			finding_with_insns "$TEST_TMP/out" \
				"$(line_of "$CONTROLS" "RAW_READ(o_raw_read_$p)")" scan-torn controls.c 2 &&
			finding_with_insns "$TEST_TMP/out" \
				"$(line_of "$CONTROLS" "RAW_WRITE(o_raw_write_$p,")" scan-torn controls.c 2 || exit 1
		done &&
		grep -q "RAW_READ(o_raw_read_pair32) of .struct pair32. (8 bytes) compiled to 2 loads of 4 bytes: torn" "$TEST_TMP/out" &&
		! grep -q "scan-duplicated\|scan-widened" "$TEST_TMP/out" &&
		grep -Eq "unattributed 0; [1-9][0-9]* sites; 1 of 1 file checked" "$TEST_TMP/err"
	'
	test_expect_success "clang -O2 $t: the same objects through READ_ONCE/WRITE_ONCE are ok" '
		clang --target='"$t"' $CFLAGS '"$wide"' -c "$LIBRARY" -o "'"$lib"'" &&
		"$RWONCE" scan "'"$lib"'" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
		test ! -s "$TEST_TMP/out" &&
		grep -Eq "site instances: ok [1-9][0-9]*, torn 0, duplicated 0, widened 0" "$TEST_TMP/err"
	'
done

# gcc: one access for the two-field structs (riscv64 is in t4100).  On a 32-bit
# target an 8-byte struct cannot be one access (armhf: ldm r1, {r0, r1}):
# scan says torn there, as verify does, so pair32 is checked on 64-bit only.
for cc in gcc aarch64-linux-gnu-gcc arm-linux-gnueabihf-gcc s390x-linux-gnu-gcc \
	  powerpc64le-linux-gnu-gcc; do
	if ! have_cmd "$cc"; then
		test_skip "$cc -O2: controls not torn" "$(missing_why "$cc")"
		continue
	fi
	pairs="pair8 pair16 pair32"
	case $cc in arm-*) pairs="pair8 pair16" ;; esac
	test_expect_success "$cc -O2: the raw struct reads and writes ($pairs) are whole" '
		'"$cc"' $CFLAGS -c "$CONTROLS" -o "$TEST_TMP/g.o" &&
		"$RWONCE" scan $RAW_MACROS "$TEST_TMP/g.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"
		for p in '"$pairs"'; do
			for l in "$(line_of "$CONTROLS" "RAW_READ(o_raw_read_$p)")" \
				 "$(line_of "$CONTROLS" "RAW_WRITE(o_raw_write_$p,")"; do
				! grep -q "controls.c:$l:" "$TEST_TMP/out" || exit 1
			done
		done &&
		grep -Eq "site instances: ok [1-9]" "$TEST_TMP/err"
	'
done

test_done
