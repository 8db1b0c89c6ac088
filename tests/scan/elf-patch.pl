#!/usr/bin/perl
# Damage an ELF object in one named place, for scan's bad-input tests
# (tests/t4230-scan-unreadable-dwarf.t).  Any class, either byte order.
#
#   elf-patch.pl FILE reloc-sym SECTION N SYM
#       the symbol index of relocation N of SECTION (.rela.* or .rel.*)
#       becomes SYM
#   elf-patch.pl FILE reloc-addend SECTION N VALUE
#       the addend of RELA relocation N of SECTION becomes VALUE
#   elf-patch.pl FILE shdr SECTION FIELD VALUE
#       a field of SECTION's header (name, type, flags, addr, offset,
#       size, link, info, align, entsize) becomes VALUE
use strict;
use warnings;

my ($file, $op, @args) = @ARGV;
die "usage: elf-patch.pl FILE reloc-sym|reloc-addend|shdr ARGS...\n" unless $op;
open(my $fh, '+<:raw', $file) or die "elf-patch.pl: $file: $!\n";
my $data = do { local $/; <$fh> };
die "elf-patch.pl: $file: not ELF\n" unless substr($data, 0, 4) eq "\177ELF";
my $is64 = ord(substr($data, 4, 1)) == 2;
my $be = ord(substr($data, 5, 1)) == 2;
my ($u16, $u32, $u64) = $be ? ('n', 'N', 'Q>') : ('v', 'V', 'Q<');

sub get { my ($fmt, $off) = @_; return unpack($fmt, substr($data, $off, $fmt eq $u16 ? 2 : $fmt eq $u32 ? 4 : 8)); }
sub put { my ($fmt, $off, $v) = @_; my $b = pack($fmt, $v); substr($data, $off, length $b) = $b; }

my $addr = $is64 ? $u64 : $u32;
my ($shoff, $shentsize, $shnum, $shstrndx) = $is64 ?
	(get($u64, 40), get($u16, 58), get($u16, 60), get($u16, 62)) :
	(get($u32, 32), get($u16, 46), get($u16, 48), get($u16, 50));
# field => [offset in the header, format]
my %f = $is64 ? (name => [0, $u32], type => [4, $u32], flags => [8, $u64],
	addr => [16, $u64], offset => [24, $u64], size => [32, $u64],
	link => [40, $u32], info => [44, $u32], align => [48, $u64],
	entsize => [56, $u64]) :
	(name => [0, $u32], type => [4, $u32], flags => [8, $u32],
	addr => [12, $u32], offset => [16, $u32], size => [20, $u32],
	link => [24, $u32], info => [28, $u32], align => [32, $u32],
	entsize => [36, $u32]);
sub shdr { my ($i, $k) = @_; return get($f{$k}[1], $shoff + $i * $shentsize + $f{$k}[0]); }

my $strtab = shdr($shstrndx, 'offset');
my $sec;
for my $i (0 .. $shnum - 1) {
	my $n = $strtab + shdr($i, 'name');
	my $name = substr($data, $n, index($data, "\0", $n) - $n);
	$sec = $i if $name eq $args[0];
}
die "elf-patch.pl: $file: no section $args[0]\n" unless defined $sec;

if ($op eq 'reloc-sym') {
	my ($n, $sym) = @args[1, 2];
	my $at = shdr($sec, 'offset') + $n * shdr($sec, 'entsize');
	if ($is64) {	# r_info: symbol << 32 | type
		my $info = get($u64, $at + 8);
		put($u64, $at + 8, ($sym << 32) | ($info & 0xffffffff));
	} else {	# r_info: symbol << 8 | type
		my $info = get($u32, $at + 4);
		put($u32, $at + 4, ($sym << 8) | ($info & 0xff));
	}
} elsif ($op eq 'reloc-addend') {
	my ($n, $v) = @args[1, 2];
	my $at = shdr($sec, 'offset') + $n * shdr($sec, 'entsize');
	put($is64 ? $u64 : $u32, $at + ($is64 ? 16 : 8), $v);
} elsif ($op eq 'shdr') {
	my ($k, $v) = @args[1, 2];
	die "elf-patch.pl: no field $k\n" unless $f{$k};
	put($f{$k}[1], $shoff + $sec * $shentsize + $f{$k}[0], $v);
} else {
	die "elf-patch.pl: unknown operation $op\n";
}
seek($fh, 0, 0) or die;
print $fh $data or die;
close($fh) or die "elf-patch.pl: $file: $!\n";
