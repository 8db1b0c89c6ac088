#!/bin/sh
# A relocatable object whose relocation section applies to the section
# names (or a symbol or string table, or another relocation section) is
# damaged: libdwfl applies it while relocating the object, the names
# rewritten no longer say where .debug_info is, and libdw then finds no
# unit and says no error.  scan said "no DWARF line tables for its code"
# -- exit 2, but the wrong reason -- and the scan-reader fuzz harness
# (t2400) stopped on it: tests/scan/reloc-into-section-names.a is the
# archive it found (a .rela.debug_line whose sh_info names .shstrtab).
# Now the object is named as damaged, with the section at fault.  So is
# one whose .rela.debug_info has another section type (0x4004: libdwfl
# applied none of it, and scan said its unit had "no source that could
# be read"; tests/scan/reloc-section-wrong-type.o, found the same way).
. "$(dirname "$0")/lib/tap.sh"
requires gcc gcc

A="$RWONCE_ROOT/tests/scan/reloc-into-section-names.a"
cd "$TEST_TMP" || exit 1

test_expect_success 'the fuzz input: exit 2, the member named damaged' '
	"$RWONCE" scan "$A" >out 2>err; echo $? >rc; cat out err;
	test "$(cat rc)" = 2 &&
	grep "reloc-into-section-names.a(x86_64-gcc.o): damaged ELF: its relocation section 13 (.rela.debug_line) applies to section 22 (.shstrtab), the section names" err &&
	! grep "no DWARF line tables" err
'

test_expect_success 'a .rela.debug_info of another type: named damaged' '
	"$RWONCE" scan "$RWONCE_ROOT/tests/scan/reloc-section-wrong-type.o" >out 2>err;
	echo $? >rc; cat err; test "$(cat rc)" = 2 &&
	grep "reloc-section-wrong-type.o: damaged ELF: its section 8 (.rela.debug_info) is of type 0x4004, not a relocation section.s: its relocations would not be applied" err &&
	! grep "no source that could be read" err
'

cat >m.c <<'EOF_C'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
int shared;
int reader(void) { return READ_ONCE(shared); }
EOF_C
gcc -O2 -g -c m.c -o m.o 2>cc.err || { cat cc.err; exit 1; }

# Point sh_info of the named relocation section of a little-endian
# ELF64 object at the section named by the second argument (or at the
# section-name table, "names").
retarget() {
	perl -e '
		my ($in, $out, $rel, $to) = @ARGV;
		open(my $f, "<:raw", $in) or die; local $/; my $b = <$f>;
		my ($shoff) = unpack("Q<", substr($b, 0x28, 8));
		my ($shentsize, $shnum, $shstrndx) =
			unpack("v v v", substr($b, 0x3a, 6));
		my $stroff = unpack("Q<", substr($b,
			$shoff + $shstrndx * $shentsize + 24, 8));
		my (%idx, $at);
		for my $i (0 .. $shnum - 1) {
			my $h = $shoff + $i * $shentsize;
			my $n = unpack("V", substr($b, $h, 4));
			my $name = unpack("Z*", substr($b, $stroff + $n));
			$idx{$name} = $i;
			$at = $h if $name eq $rel;
		}
		die "no $rel\n" unless defined $at;
		my $t = $to eq "names" ? $shstrndx : $idx{$to};
		die "no $to\n" unless defined $t;
		substr($b, $at + 44, 4) = pack("V", $t);
		open(my $o, ">:raw", $out) or die; print $o $b;
	' "$@"
}

test_expect_success 'the object as built is checked' '
	"$RWONCE" scan m.o >ok.out 2>ok.err; echo $? >rc; cat ok.err;
	test "$(cat rc)" = 0 && grep "1 site instance: ok 1" ok.err
'

test_expect_success 'relocations of .debug_line into the section names' '
	retarget m.o names.o .rela.debug_line names &&
	"$RWONCE" scan names.o >out 2>err; echo $? >rc; cat err;
	test "$(cat rc)" = 2 &&
	grep "names.o: damaged ELF: its relocation section [0-9]* (.rela.debug_line) applies to section [0-9]* (.shstrtab), the section names, which no relocation may change" err &&
	grep "0 of 1 file checked, 1 that could not be checked" err
'

test_expect_success 'relocations of .debug_info into the symbol table' '
	retarget m.o sym.o .rela.debug_info .symtab &&
	"$RWONCE" scan sym.o >out 2>err; echo $? >rc; cat err;
	test "$(cat rc)" = 2 &&
	grep "sym.o: damaged ELF: its relocation section [0-9]* (.rela.debug_info) applies to section [0-9]* (.symtab), a symbol table" err
'

test_expect_success 'the same member in an archive: named, the other checked' '
	cp m.o good.o && ar rc both.a names.o good.o &&
	"$RWONCE" scan both.a >out 2>err; echo $? >rc; cat err;
	test "$(cat rc)" = 2 &&
	grep "both.a(names.o): damaged ELF" err &&
	grep "1 site instance: ok 1" err &&
	grep "0 of 1 file checked, 1 that could not be checked" err
'
test_done
