#!/usr/bin/perl
# hold-lock.pl FILE SECONDS: hold a POSIX record lock (fcntl F_SETLK, the
# kind apt and dpkg take -- flock(1) would not stop them) on the whole of
# FILE for SECONDS, then exit.  Prints "locked" once it holds it.
use strict;
use warnings;
use Fcntl;

my ($file, $secs) = @ARGV;
die "usage: hold-lock.pl FILE SECONDS\n" unless defined $secs;
open(my $fh, '+<', $file) or die "hold-lock.pl: $file: $!\n";
# struct flock on LP64 Linux: short type, short whence, (pad), off_t start,
# off_t len, pid_t pid, (pad).
my $lock = pack('s s x4 q q i x4', F_WRLCK, 0, 0, 0, 0);
fcntl($fh, F_SETLK, $lock) or die "hold-lock.pl: cannot lock $file: $!\n";
$| = 1;
print "locked\n";
sleep $secs;
