#!/bin/sh
# One rule for the progress line and colours, in every command that
# reports findings (audit, fix, scan): on a terminal both are shown;
# TERM=dumb turns both off, -q and --no-progress the progress line,
# NO_COLOR the colours, and a stdout/stderr that is not a terminal
# either.  scan used to print its progress line with TERM=dumb and -q
# (issue 34, point 9), and every command printed colours with TERM=dumb.
. "$(dirname "$0")/lib/tap.sh"
requires clang clang

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
have_cmd clang || skip_all "$(missing_why clang)"
unset NO_PROGRESS NO_COLOR

ESC=$(printf '\033')
cd "$TEST_TMP" || exit 1
# a torn volatile-cast read (clang splits it), so that scan has a finding
# to colour; and the same idiom for audit and fix to report
cat >t.c <<'C'
struct pair { unsigned a, b; };
struct pair p;
unsigned f(void) { struct pair v = *(volatile struct pair *)&p; return v.a + v.b; }
C
clang -O2 -g -c t.c -o t.o || exit 1
# three files, each held 0.3 s by the walk's test hook (lib/test-hook.h),
# so that the walk takes longer than the 0.5 s after which audit and fix
# show their progress line
mkdir tree
for i in 1 2 3; do
	printf 'int x%d; int g%d(void) { return *(volatile int *)&x%d; }\n' $i $i $i >tree/f$i.c
done
mkfifo walk.fifo
slow_walk() { # answer the three pauses of a -j1 walk, slowly
	for i in 1 2 3; do
		read -r _l <walk.fifo && sleep 0.3 && echo go >walk.fifo
	done
}

on_tty() { # output-file command...: run under a pseudo-terminal (its
	   # exit status, 1 for the findings, is not the question here)
	_o=$1
	shift
	script -qec "$*" /dev/null >"$_o" 2>&1
	test -s "$_o"
}
has_progress() { grep -q "${ESC}\[K" "$1"; }
has_colour() { grep -q "${ESC}\[1" "$1"; }

# ---- scan ----
test_expect_success 'scan on a terminal: the progress line and colours' '
	on_tty s.tty TERM=xterm "$RWONCE" scan t.o &&
	grep -q "rwonce scan: 1/1 files" s.tty && has_progress s.tty &&
	has_colour s.tty
'
test_expect_success 'scan with TERM=dumb: no progress line, no colours' '
	on_tty s.dumb TERM=dumb "$RWONCE" scan t.o &&
	grep -q "scan-torn" s.dumb &&
	! grep -q "$ESC" s.dumb && ! grep -q "files, .* units" s.dumb
'
test_expect_success 'scan -q on a terminal: no progress line' '
	on_tty s.q TERM=xterm "$RWONCE" scan -q t.o &&
	grep -q "scan-torn" s.q && ! has_progress s.q &&
	! grep -q "files, .* units" s.q
'
test_expect_success 'scan with NO_COLOR: the progress line, no colours' '
	on_tty s.nc TERM=xterm NO_COLOR=1 "$RWONCE" scan t.o &&
	has_progress s.nc && ! has_colour s.nc
'
test_expect_success 'scan into a pipe and a file: neither' '
	TERM=xterm "$RWONCE" scan t.o >s.out 2>s.err;
	test $? = 1 && ! grep -q "$ESC" s.out s.err && grep -q scan-torn s.out
'

# ---- audit and fix: the same rule ----
for cmd in audit fix; do
	slow_walk &
	on_tty $cmd.tty TERM=xterm RWONCE_TEST_WALK_FIFO=walk.fifo "'$RWONCE'" $cmd -j1 tree
	wait
	test_expect_success "$cmd on a terminal: the progress line and colours" "
		grep -q 'rwonce $cmd: [0-9] files' $cmd.tty &&
		has_progress $cmd.tty && has_colour $cmd.tty
	"
	test_expect_success "$cmd with TERM=dumb: neither" "
		on_tty $cmd.dumb TERM=dumb '$RWONCE' $cmd tree &&
		grep -q 'tree/f1.c' $cmd.dumb && ! grep -q '$ESC' $cmd.dumb
	"
	slow_walk &
	on_tty $cmd.q TERM=xterm RWONCE_TEST_WALK_FIFO=walk.fifo "'$RWONCE'" $cmd -q -j1 tree
	wait
	test_expect_success "$cmd -q on a terminal: no progress line" "
		grep -q 'tree/f1.c' $cmd.q && ! has_progress $cmd.q
	"
done

test_done
