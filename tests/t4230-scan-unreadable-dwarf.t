#!/bin/sh
# rwonce scan on objects whose DWARF or code it cannot read although
# libdwfl opens them (issue 33, point 1): a relocation of .debug_info
# that names a symbol past the symbol table, a damaged .symtab, a unit
# whose sources cannot be read.  Each such file is named with the reason,
# is not counted as checked, and the run exits 2 (SARIF:
# executionSuccessful false) -- before, each passed as "1 of 1 file
# checked", exit 0.  The objects are damaged in one place by
# tests/scan/elf-patch.pl.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd gcc mkfifo
# the relocation types below are x86-64's
case $(gcc -dumpmachine) in
x86_64-*) ;;
*) skip_all "gcc builds for $(gcc -dumpmachine), the damage is placed in x86-64 objects" ;;
esac

PATCH="perl $RWONCE_ROOT/tests/scan/elf-patch.pl"
mkdir -p "$TEST_TMP/src"
cp "$RWONCE_ROOT/tests/scan/kernel-shape.c" "$TEST_TMP/src/k.c"
(cd "$TEST_TMP/src" && gcc -O2 -g -c k.c -o ../k.o)
GOOD=$TEST_TMP/k.o

scan_unchecked() { # file regex: exit 2, the reason, not counted as checked
	"$RWONCE" scan "$1" >"$TEST_TMP/out" 2>"$TEST_TMP/err"
	test $? = 2 && grep -Eq -e "$2" "$TEST_TMP/err" &&
	grep -q "0 of 1 file checked, 1 that could not be checked" "$TEST_TMP/err"
}

test_expect_success 'the undamaged object: checked, exit 0' '
	"$RWONCE" scan "$GOOD" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	grep -q "2 site instances: ok 2.*1 of 1 file checked" "$TEST_TMP/err"
'

test_expect_success 'a .debug_info relocation naming symbol 100000 (past the table): not checked, exit 2' '
	cp "$GOOD" "$TEST_TMP/badsym.o" &&
	$PATCH "$TEST_TMP/badsym.o" reloc-sym .rela.debug_info 4 100000 &&
	scan_unchecked "$TEST_TMP/badsym.o" "rwonce: error: .*badsym\.o: cannot read its DWARF: [0-9]+ relocations of \.debug_info( and other debug sections)? could not be applied"
'

test_expect_success '... and SARIF says the run was not successful' '
	{ "$RWONCE" scan --format=sarif "$TEST_TMP/badsym.o" >"$TEST_TMP/sarif" 2>"$TEST_TMP/err"; test $? = 2; } &&
	grep -q "\"executionSuccessful\": false" "$TEST_TMP/sarif"
'

test_expect_success 'a .debug_line relocation naming a bad symbol: not checked, exit 2' '
	cp "$GOOD" "$TEST_TMP/badline.o" &&
	n=$(readelf -r "$TEST_TMP/badline.o" | sed -n "/\.rela\.debug_line/,/^\$/p" | grep -c "R_X86_64_64") &&
	test "$n" -ge 1 &&
	idx=$(readelf -r "$TEST_TMP/badline.o" | sed -n "/\.rela\.debug_line/,/^\$/p" | grep "R_X86_64" | grep -n "R_X86_64_64" | head -n 1 | cut -d: -f1) &&
	$PATCH "$TEST_TMP/badline.o" reloc-sym .rela.debug_line $((idx - 1)) 100000 &&
	scan_unchecked "$TEST_TMP/badline.o" "badline\.o: cannot read its DWARF: [0-9]+ relocations? of \.debug_line"
'

# A relocation section's sh_entsize damaged (0x1000000000018 where 0x18
# belongs): libelf and libdwfl count its entries by the size of an
# Elf64_Rela, the reader counted them by sh_entsize -- none -- and so
# called the DWARF relocated although libdwfl had left an entry
# unapplied (the scan-reader fuzzer's property, broken in CI; its input
# is in the harness's seed corpus).  The symbol is damaged first: the
# patch script finds entries by sh_entsize too.
test_expect_success 'a .debug_line relocation left unapplied, its section'"'"'s entry size damaged: still counted, exit 2' '
	cp "$GOOD" "$TEST_TMP/entsize.o" &&
	idx=$(readelf -r "$TEST_TMP/entsize.o" | sed -n "/\.rela\.debug_line/,/^\$/p" | grep "R_X86_64" | grep -n "R_X86_64_64" | head -n 1 | cut -d: -f1) &&
	test -n "$idx" &&
	$PATCH "$TEST_TMP/entsize.o" reloc-sym .rela.debug_line $((idx - 1)) 100000 &&
	$PATCH "$TEST_TMP/entsize.o" shdr .rela.debug_line entsize $((0x1000000000018)) &&
	scan_unchecked "$TEST_TMP/entsize.o" "entsize\.o: cannot read its DWARF: 1 relocation of \.debug_line could not be applied"
'

test_expect_success 'a unit header whose abbrev offset is past .debug_abbrev: the DWARF unreadable, not "no line tables", exit 2' '
	cp "$GOOD" "$TEST_TMP/abbrev.o" &&
	readelf -r "$TEST_TMP/abbrev.o" | sed -n "/\.rela\.debug_info/,+2p" | grep -q "^0*8 .*\.debug_abbrev + 0" &&
	$PATCH "$TEST_TMP/abbrev.o" reloc-addend .rela.debug_info 0 2048 &&
	scan_unchecked "$TEST_TMP/abbrev.o" "abbrev\.o: cannot read its DWARF: a unit.s header" &&
	! grep -q "no DWARF line tables" "$TEST_TMP/err"
'

test_expect_success 'a line table that cannot be read (its offset past .debug_line): said, not "types only", exit 2' '
	cp "$GOOD" "$TEST_TMP/lines.o" &&
	idx=$(readelf -r "$TEST_TMP/lines.o" | sed -n "/\.rela\.debug_info/,/^\$/p" | grep "R_X86_64" | grep -n "\.debug_line + 0" | head -n 1 | cut -d: -f1) &&
	test -n "$idx" &&
	$PATCH "$TEST_TMP/lines.o" reloc-addend .rela.debug_info $((idx - 1)) 4096 &&
	scan_unchecked "$TEST_TMP/lines.o" "lines\.o: cannot read the line table of its unit .k\.c."
'

# Under -j the file's units are shared between workers and only the one
# that takes the unit meets its line table's trouble; the reason was said
# by the first share only, so when another worker took the unit the file
# was "not checked" without a word (about 1 run in 200 on 2 cores).  The
# test hook stops the first share so the other takes the unit.
test_expect_success '-j2, the unit taken by the second worker: the reason still said' '
	{ rm -f "$TEST_TMP/share.fifo" && mkfifo "$TEST_TMP/share.fifo"; } || exit 1
	{ RWONCE_TEST_SCAN_SHARE_FIFO="$TEST_TMP/share.fifo" "$RWONCE" scan -j2 "$TEST_TMP/lines.o" \
		>"$TEST_TMP/out" 2>"$TEST_TMP/err"; echo $? >"$TEST_TMP/rc"; } &
	read -r paused <"$TEST_TMP/share.fifo" &&
	case $paused in *lines.o) ;; *) false ;; esac &&
	sleep 1 && echo go >"$TEST_TMP/share.fifo" && wait &&
	test "$(cat "$TEST_TMP/rc")" = 2 &&
	grep -q "lines\.o: cannot read the line table of its unit .k\.c." "$TEST_TMP/err" &&
	grep -q "0 of 1 file checked, 1 that could not be checked" "$TEST_TMP/err"
'

# libdw leaves every DWARF section of a section group out of the file's
# DWARF; a .debug_line_str flagged SHF_GROUP (0x200) is then no section
# to it, and the line table, whose names are there, cannot be read.  The
# reader took the section by its name alone and counted the unit as read
# (the scan-reader fuzzer's property, broken in CI).
test_expect_success 'a .debug_line_str flagged as in a section group: the table cannot be read, exit 2' '
	cp "$GOOD" "$TEST_TMP/group.o" &&
	readelf -S -W "$TEST_TMP/group.o" | grep -q " \.debug_line_str " &&
	flags=$(readelf -S -W "$TEST_TMP/group.o" | grep " \.debug_line_str " | grep -o " MS " ) &&
	test -n "$flags" &&
	$PATCH "$TEST_TMP/group.o" shdr .debug_line_str flags $((0x30 | 0x200)) &&
	scan_unchecked "$TEST_TMP/group.o" "group\.o: cannot read the line table of its unit .*invalid \.debug_line section"
'

test_expect_success 'a damaged .symtab (its size cut to one entry): not checked, exit 2' '
	cp "$GOOD" "$TEST_TMP/symsize.o" &&
	$PATCH "$TEST_TMP/symsize.o" shdr .symtab size 24 &&
	scan_unchecked "$TEST_TMP/symsize.o" "symsize\.o: cannot read its DWARF: [0-9]+ relocations"
'

test_expect_success 'a damaged .symtab (no string table: sh_link 0): the code is in no section, not checked, exit 2' '
	cp "$GOOD" "$TEST_TMP/symlink.o" &&
	$PATCH "$TEST_TMP/symlink.o" shdr .symtab link 0 &&
	scan_unchecked "$TEST_TMP/symlink.o" "symlink\.o: the code of 2 site instances could not be read \(the first at 0x[0-9a-f]+: in no section" &&
	! grep -q "unattributed 2" "$TEST_TMP/err"
'

test_expect_success 'a unit whose source cannot be read: the file is not checked, exit 2' '
	mv "$TEST_TMP/src/k.c" "$TEST_TMP/k.c.away" &&
	scan_unchecked "$GOOD" "k\.o: 1 of its 1 unit has no source that could be read \(the first: .k\.c.\): not checked" &&
	grep -q "k\.o: source .*k\.c. named by its line table cannot be read" "$TEST_TMP/err" &&
	mv "$TEST_TMP/k.c.away" "$TEST_TMP/src/k.c"
'

test_expect_success 'the damaged object among good ones: named, the others checked, exit 2; --allow-unchecked: by the findings' '
	{ "$RWONCE" scan "$GOOD" "$TEST_TMP/badsym.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	grep -q "1 of 2 files checked, 1 that could not be checked" "$TEST_TMP/err" &&
	"$RWONCE" scan --allow-unchecked "$GOOD" "$TEST_TMP/badsym.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	grep -q "badsym\.o: cannot read its DWARF" "$TEST_TMP/err"
'

test_done
