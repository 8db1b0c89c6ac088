#!/usr/bin/perl
# declared-tools.pl ROOT: does every test of the tree at ROOT declare the
# optional programs it names, and does `make deps` install what it
# declares?  (tests/t0001-tests-declare-tools.t; the declarations are
# those of tests/lib/requires.sh.)  Prints one problem a line,
# "FILE:LINE: what", and exits 1 when there is any; 0 and nothing
# printed when all is well.
#
# Checked files: ROOT/tests/*.t, ROOT/tests/lib/*.sh, and every helper a
# test sources (". $RWONCE_ROOT/tests/..."); a file's declarations are its
# own and those of the files it sources.  In each, outside comment lines:
#   - a token that is a program of OPTIONAL_PROGS (requires.sh), anywhere,
#     or of OPTIONAL_WORDS where a command starts (after a quote, ;, |,
#     &&, (, $(, then, do, ...; after --cc or CC=; in a `for ... in`
#     list), must be declared: `requires [--full] PROG PACKAGE` or
#     `mentions PROG`.  Package names after "apt-get install" or "package"
#     (skip reasons) are not programs.
#   - the PACKAGE of `requires PROG PACKAGE` must be in ROOT/deps/*.txt
#     or ROOT/deps/if-missing.list (what `make deps` installs); that of
#     `requires --full` in those or ROOT/deps/full/*.txt; a package only
#     in deps/full declared without --full is a problem (the test would
#     skip after `make deps`, or run only where check-full was set up).
use strict;
use warnings;

my $root = shift @ARGV or die "usage: declared-tools.pl ROOT [REQUIRES_SH]\n";
my $requires_sh = shift(@ARGV) // "$root/tests/lib/requires.sh";

sub slurp {
	my ($path) = @_;
	open(my $fh, '<', $path) or die "declared-tools.pl: cannot read $path: $!\n";
	local $/;
	my $text = <$fh>;
	close($fh);
	return $text;
}

# The two pattern lists, from requires.sh, glob to anchored regex.
my $req = slurp($requires_sh);
my %list;
for my $name (qw(OPTIONAL_PROGS OPTIONAL_WORDS)) {
	$req =~ /^$name='([^']*)'/m or die "declared-tools.pl: no $name in $requires_sh\n";
	$list{$name} = [split ' ', $1];
}
my $tokc = 'A-Za-z0-9_.+-';     # what a program name is made of
sub glob_re {
	my ($g) = @_;
	my $re = '';
	while ($g =~ /\G(?:(\*)|(\?)|(\[[^\]]*\])|(.))/gc) {
		$re .= defined $1 ? "[$tokc]*" : defined $2 ? "[$tokc]" :
		       defined $3 ? $3 : quotemeta($4);
	}
	return $re;
}
my $progs_re = join('|', map { glob_re($_) } @{$list{OPTIONAL_PROGS}});
my $words_re = join('|', map { quotemeta } @{$list{OPTIONAL_WORDS}});

# The words of a deps list, without its comments.
sub words {
	my ($text) = @_;
	$text =~ s/#.*//g;
	return split ' ', $text;
}

# What `make deps` installs, and what only check-full's deps do.
my (%default, %full);
for my $f (glob("$root/deps/*.txt")) {
	$default{$_} = 1 for words(slurp($f));
}
if (-f "$root/deps/if-missing.list") {
	for (split /\n/, slurp("$root/deps/if-missing.list")) {
		s/#.*//;
		my @w = split ' ';
		$default{$w[1]} = 1 if @w == 2;
	}
}
for my $f (glob("$root/deps/full/*.txt")) {
	$full{$_} = 1 for words(slurp($f));
}

my @problems;
my %decl_cache;

# The declarations of a file and of what it sources: prog -> 1.
sub declarations {
	my ($path) = @_;
	return $decl_cache{$path} if $decl_cache{$path};
	my %d;
	$decl_cache{$path} = \%d;
	my $n = 0;
	for my $line (split /\n/, slurp($path)) {
		$n++;
		if ($line =~ /^\s*requires\s+(--full\s+)?(\S+)\s+(\S+)\s*$/) {
			my ($is_full, $prog, $pkg) = ($1, $2, $3);
			$d{$prog} = 1;
			my $where = "$path:$n";
			if ($is_full) {
				push @problems, "$where: requires --full $prog $pkg: $pkg is in no deps list"
					unless $default{$pkg} || $full{$pkg};
			} elsif (!$default{$pkg}) {
				push @problems, $full{$pkg}
					? "$where: requires $prog $pkg: $pkg is only in deps/full (make check-full): declare it --full, or add it to a deps/*.txt list"
					: "$where: requires $prog $pkg: $pkg is in no deps list (make deps does not install it)";
			}
		} elsif ($line =~ /^\s*mentions\s+(.*\S)/) {
			$d{$_} = 1 for split ' ', $1;
		}
		for my $src (sourced($line)) {
			my $sub = declarations($src);
			$d{$_} = 1 for keys %$sub;
		}
	}
	return \%d;
}

# The helpers a line sources, as paths under $root.
sub sourced {
	my ($line) = @_;
	my @paths;
	if ($line =~ /^\s*\.\s+"?\$(?:\{RWONCE_ROOT\}|RWONCE_ROOT)\/([^"\s]+)"?/) {
		push @paths, "$root/$1";
	} elsif ($line =~ /^\s*\.\s+"\$\(dirname "\$0"\)\/([^"\s]+)"/) {
		push @paths, "$root/tests/$1";
	}
	return grep { -f } @paths;
}

# The optional programs a code line names: prog -> 1.
sub named {
	my ($line) = @_;
	my %n;
	# Package names in skip reasons and hints are not programs.
	$line =~ s/apt-get install[^)"'`]*//g;
	$line =~ s/\bpackages? [$tokc]+//g;
	for my $tok ($line =~ /([$tokc]+)/g) {
		$n{$tok} = 1 if $tok =~ /^(?:$progs_re)$/;
	}
	my $start = qr~(?:^|[;&|(!{`'"]|\$\(|\b(?:then|do|else|elif|if|while|until|exec|command|env|xargs|nice|timeout(?:\s+-\S+)*\s+[0-9.]+[smh]?)\s)\s*(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*~;
	while ($line =~ /$start($words_re)(?=$|[\s;|&)'"`])/g) {
		$n{$1} = 1;
	}
	while ($line =~ /(?:--cc[= ]|\b[A-Za-z_]*CC=|\bcc=|(?:need|have)_cmd\s+(?:\S+\s+)*?)["']?($words_re)(?=$|[\s;|&)'"`])/g) {
		$n{$1} = 1;
	}
	if ($line =~ /\bfor\s+\w+\s+in\s+(.*?)(?:;\s*do\b|$)/) {
		for my $tok (split /[\s"'|]+/, $1) {
			$n{$tok} = 1 if $tok =~ /^(?:$words_re)$/;
		}
	}
	return keys %n;
}

my %seen;
my @files = (glob("$root/tests/*.t"), glob("$root/tests/lib/*.sh"));
# requires.sh defines the patterns; its own words are no uses.
while (my $path = shift @files) {
	next if $seen{$path}++ || $path eq $requires_sh;
	my $decl = declarations($path);
	my $n = 0;
	for my $line (split /\n/, slurp($path)) {
		$n++;
		push @files, sourced($line);
		next if $line =~ /^\s*#/ || $line =~ /^\s*(?:requires|mentions)\s/;
		for my $prog (sort(named($line))) {
			push @problems, "$path:$n: $prog is run or named here but not declared (requires $prog PACKAGE, or mentions $prog)"
				unless $decl->{$prog};
		}
	}
}

print "$_\n" for @problems;
exit(@problems ? 1 : 0);
