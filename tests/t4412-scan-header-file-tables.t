#!/bin/sh
# scan's discovery reads each unit's file table from its line table's
# header and decodes no line program (issue 35): libdw 0.188 has no call
# for the file table alone (dwarf_getsrcfiles decodes the whole program),
# so discovery's pass over a file's units cost as much as the scan's own
# pass over every row.  The test hook RWONCE_TEST_SCAN_FILES_CHECK reads
# every table through libdw too and counts the units whose names or MD5s
# differ: none may, for every DWARF version gcc and clang write (2, 4, 5;
# clang's with MD5s; a relative directory joined to DW_AT_comp_dir; gcc's
# data-only unit, whose line program is empty), in an object, a linked
# program and an archive -- and the macros found through those names are
# the build's own, as before.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc
need_cmd ar

S=$RWONCE_ROOT/tests/scan
mkdir -p "$TEST_TMP/b/sub" && cd "$TEST_TMP/b" || exit 1
cp "$S/user-macros.c" sub/m.c || exit 1
printf 'int table_only[4] = { 1, 2, 3, 4 };\n' >data.c
printf '#include <stdint.h>\nvolatile uint64_t rwonce_sink;\nint main(void) { return 0; }\n' >main.c

# One set per compiler and DWARF version.  sub/m.c is compiled from the
# build folder by a relative name: DWARF 2-4 name it through an include
# directory "sub", relative, joined to the unit's DW_AT_comp_dir.
CONFIGS="dwarf5.gcc gcc -gdwarf-5
dwarf4.gcc gcc -gdwarf-4
dwarf2.gcc gcc -gdwarf-2
dwarf5.clang clang -gdwarf-5
dwarf4.clang clang -gdwarf-4"
while read -r name cc flag; do
	for f in sub/m data main; do
		$cc -O2 $flag -I"$S/user-include" -c "$f.c" \
			-o "$name-$(basename "$f").o" || exit 1
	done
	$cc -O2 $flag -no-pie -o "$name-prog" "$name-m.o" "$name-data.o" \
		"$name-main.o" || exit 1
	ar rcs "$name-lib.a" "$name-m.o" "$name-data.o" || exit 1
done <<EOF
$CONFIGS
EOF

check() { # FILE: the hook's line for it, no difference, nothing left
	RWONCE_TEST_SCAN_FILES_CHECK=1 "$RWONCE" scan --no-source -j 1 \
		--no-progress -v "$1" >"$1.out" 2>"$1.err"
	grep "^rwonce: test: .*: file tables of " "$1.err" >"$1.hook" || return 1
	! grep "^rwonce: test: .*: unit '" "$1.err" &&
	! grep -v " read from the header, 0 left to libdw, 0 read otherwise than libdw$" "$1.hook" &&
	grep -q ": file tables of [1-9][0-9]* units\? read from the header" "$1.hook"
}

while read -r name cc flag; do
	test_expect_success "$name: the file tables of an object, a program and an archive are libdw's" '
		check "$name-m.o" && check "$name-prog" && check "$name-lib.a" &&
		test "$(wc -l <"$name-lib.a.hook")" = 2
	'
	test_expect_success "$name: an empty line program (a data-only unit): no rows, as libdw says" '
		check "$name-data.o" &&
		grep -q "no code (no executable section with contents): nothing to check" "$name-data.o.err"
	'
	test_expect_success "$name: the macros of the headers the tables lead to are found" '
		for f in "$name-m.o" "$name-prog" "$name-lib.a"; do
			grep -q "7 once-macros defined in the sources$" "$f.err" &&
			grep -q "LOAD_U32(&n->wide) .* torn" "$f.out" || return 1
		done
	'
done <<EOF
$CONFIGS
EOF

test_done
