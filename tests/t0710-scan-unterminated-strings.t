#!/bin/sh
# rwonce scan on an object whose .debug_str or .debug_line_str does not
# end in a NUL: named as damaged (exit 2), not handed to libdw, which
# reads the last string with strlen() past the section's end.  The
# scan-reader fuzzer (libfuzzer/scan-reader.c) found it after 288,806
# executions: a .debug_line_str whose type was damaged to SHT_REL is
# copied by libelf into a buffer of exactly its size, and libdw 0.188's
# dwarf_getsrclines() read past it (AddressSanitizer: heap-buffer-
# overflow).  Before the check, the cut-short section's last name ran
# on into the next section's bytes and the object counted as checked.
# The damage is placed by tests/scan/elf-patch.pl; the fuzzer's own
# input is in libfuzzer/corpus/scan-reader/ (tests/t2400-libfuzzer.t
# runs it first, under ASan).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd gcc
need_cmd readelf

PATCH="perl $RWONCE_ROOT/tests/scan/elf-patch.pl"
mkdir -p "$TEST_TMP/src"
cp "$RWONCE_ROOT/tests/scan/kernel-shape.c" "$TEST_TMP/src/k.c"
# DWARF 5: gcc 12 puts the line table's names in .debug_line_str
(cd "$TEST_TMP/src" && gcc -O2 -gdwarf-5 -c k.c -o ../k.o)
GOOD=$TEST_TMP/k.o

# the section's size as readelf says it (hex), in decimal
size_of() { # file section
	readelf -SW "$1" | awk -v s="$2" '$2 == s { print $6 } $3 == s { print $7 }' |
		head -n 1 | { read -r h; printf '%d\n' "0x$h"; }
}

scan_damaged() { # file section: exit 2, the reason, not counted as checked
	"$RWONCE" scan "$1" >"$TEST_TMP/out" 2>"$TEST_TMP/err"
	rc=$?
	cat "$TEST_TMP/err"
	test $rc = 2 &&
	grep -q "cannot read its DWARF: its $2 section does not end in a NUL" "$TEST_TMP/err" &&
	grep -q "0 of 1 file checked, 1 that could not be checked" "$TEST_TMP/err"
}

test_expect_success 'the undamaged object: checked' '
	"$RWONCE" scan "$GOOD" >"$TEST_TMP/out" 2>"$TEST_TMP/err";
	test $? -le 1 && grep -q "1 of 1 file checked" "$TEST_TMP/err" &&
	test "$(size_of "$GOOD" .debug_line_str)" -gt 1 &&
	test "$(size_of "$GOOD" .debug_str)" -gt 1
'

for sec in .debug_line_str .debug_str; do
	test_expect_success "$sec one byte short (its last NUL outside): damaged, exit 2" "
		cp '$GOOD' '$TEST_TMP/short.o' &&
		n=\$(size_of '$TEST_TMP/short.o' $sec) &&
		$PATCH '$TEST_TMP/short.o' shdr $sec size \$((n - 1)) &&
		scan_damaged '$TEST_TMP/short.o' $sec
	"
done

test_done
