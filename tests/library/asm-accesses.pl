#!/usr/bin/perl
# Reads x86-64 AT&T assembly (gcc/clang -S) and, for every region between
# "# rwonce-begin NAME" and "# rwonce-end NAME", prints one line:
#
#     NAME COUNT WIDTHS INSTRUCTIONS
#
# COUNT is the number of instructions that touch memory other than the
# stack: a memory operand whose base is not %rsp/%rbp (at -O0 the object is
# reached through a pointer register, at -O1 and above as sym(%rip)).  A
# register set by "lea N(%rbp), %reg" in the region points to the stack too
# (clang -O0 copies a struct to its local through one).
# WIDTHS lists their access widths in bytes, comma-separated ("?" when the
# mnemonic does not say), and INSTRUCTIONS the instructions themselves,
# joined by " ; ".  A call inside a region counts as a memory access of
# width "call": an out-of-line helper is never one known access.
use strict;
use warnings;

my %suffix = (b => 1, w => 2, l => 4, q => 8);

sub width_of {
	my ($mn, $ops) = @_;
	return $suffix{$1} if $mn =~ /^mov[sz]([bwl])[wlq]$/;  # movzbl: source b
	return 4 if $mn =~ /^v?mov(d|ss)$/;
	return 8 if $mn =~ /^v?mov(q|sd|lps|hps|lpd|hpd)$/;
	return 8 if $mn =~ /^v?movq$/;
	return 8 if $mn =~ /^cmpxchg8b$/;
	return 8 if $mn =~ /^fildll$|^fistpll$/;
	return 4 if $mn =~ /^(fld|fst|fstp)s$/;
	return 8 if $mn =~ /^(fld|fst|fstp)l$/;
	return $suffix{$1} if $mn =~ /^[a-z]+([bwlq])$/ && $mn !~ /^(call|jmp|j[a-z]+|set[a-z]+|cmov[a-z]+)$/;
	# No suffix: the register operand names the width.
	return 8 if $ops =~ /%r(?:[abcd]x|[sd]i|\d+)\b/;
	return 4 if $ops =~ /%e[a-z]{2}\b|%r\d+d\b/;
	return 2 if $ops =~ /%[abcd]x\b|%r\d+w\b/;
	return 1 if $ops =~ /%[abcd]l\b|%r\d+b\b/;
	return '?';
}

my ($name, @acc, %stackreg);
while (my $line = <>) {
	if ($line =~ /#\s*rwonce-begin\s+(\S+)/) {
		$name = $1;
		@acc = ();
		%stackreg = ();
		next;
	}
	if ($line =~ /#\s*rwonce-end\s+(\S+)/) {
		next unless defined $name;
		my @w = map { $_->[0] } @acc;
		my @i = map { $_->[1] } @acc;
		printf "%s %d %s %s\n", $name, scalar(@acc),
			(@w ? join(',', @w) : '-'), (@i ? join(' ; ', @i) : '-');
		undef $name;
		next;
	}
	next unless defined $name;
	$line =~ s/#.*//;
	next unless $line =~ /^\s+([a-z][a-z0-9.]*)\s*(.*?)\s*$/;
	my ($mn, $ops) = ($1, $2);
	next if $mn =~ /^\./;              # directive
	# i386 PIC: getting the program counter is not a memory access.
	next if $mn =~ /^calll?$/ && $ops =~ /^(__x86\.get_pc_thunk\.\w+|\.L\w*\$pb)$/;
	if ($mn =~ /^call/) {
		push @acc, ['call', "$mn $ops"];
		next;
	}
	# The destination (last operand) of anything but a store is
	# overwritten: it no longer holds a stack address.
	my ($dest) = $ops =~ /,\s*(%\w+)\s*$/;
	if ($mn =~ /^lea[lq]?$/) {
		if (defined $dest) {
			if ($ops =~ /\(%(rsp|rbp|esp|ebp)\)/) { $stackreg{$dest} = 1 }
			else { delete $stackreg{$dest} }
		}
		next;
	}
	if ($mn =~ /^mov[lq]?$/ && $ops =~ /^%(rsp|rbp|esp|ebp),\s*(%\w+)$/) {
		$stackreg{$2} = 1;
		next;
	}
	next if $mn =~ /^(nop[wlq]?|push[lq]?|pop[lq]?|prefetch\w*)$/;
	my $mem = 0;
	while ($ops =~ /([\w.+\-\$]*)\((%\w+)?(?:,\s*%\w+)?(?:,\s*\d)?\)/g) {
		my $base = $2 // '';
		next if $base =~ /^%(rsp|rbp|esp|ebp)$/ || $stackreg{$base};
		$mem = 1;
	}
	delete $stackreg{$dest} if defined $dest;
	push @acc, [width_of($mn, $ops), "$mn $ops"] if $mem;
}
