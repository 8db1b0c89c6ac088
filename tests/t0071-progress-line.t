#!/bin/sh
# One progress printer (src/lib/progress.h) for every command: the line
# is shown only when stderr is a terminal, TERM is not dumb, and neither
# -q nor --no-progress (nor NO_PROGRESS) is given.  t0650 checks audit,
# fix and scan; this checks verify, fuzz and audit's clang engine, which
# had printers of their own (fuzz had no --no-progress), and that no
# second printer is left in src/ (issue 36, point 4).
. "$(dirname "$0")/lib/tap.sh"
requires qemu-x86_64 qemu-user
requires csmith csmith

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1
unset NO_PROGRESS
ESC=$(printf '\033')

# ---- no second printer ----------------------------------------------------
# The line is "\r" TEXT ESC[K; only src/lib/progress.c writes ESC[K (the
# erase-to-end-of-line the line is made of).
test_expect_success 'only src/lib/progress.c erases a line (ESC [K) in src/' '
	grep -rln "033\[K" "$RWONCE_ROOT/src" --include="*.c" >writers;
	echo "$RWONCE_ROOT/src/lib/progress.c" >want &&
	diff want writers
'
test_expect_success 'want_progress() is gone: progress_start() decides' '
	! grep -rn "want_progress" "$RWONCE_ROOT/src"
'

on_tty() { # output-file command...: under a pseudo-terminal
	_o=$1
	shift
	script -qec "$*" /dev/null >"$_o" 2>&1
	test -s "$_o"
}
has_progress() { grep -q "${ESC}\[K" "$1"; }

# ---- verify: two configurations, "[n/N] label" ---------------------------
if have_cmd script && have_cmd qemu-x86_64; then
	V="'$RWONCE' verify --opt 0,2 --backend volatile --only read_u8"
	on_tty v.tty TERM=xterm "$V"
	test_expect_success 'verify on a terminal: the progress line' '
		grep -q "\[2/2\] " v.tty && has_progress v.tty
	'
	for how in "TERM=dumb $V" "TERM=xterm $V -q" "TERM=xterm $V --no-progress" \
		   "TERM=xterm NO_PROGRESS=1 $V"; do
		on_tty v.off TERM=xterm "$how"
		test_expect_success "verify: none with $(echo "$how" | sed "s|'$RWONCE' verify.*read_u8||")" '
			grep -q "ok" v.off && ! has_progress v.off && ! grep -q "\[2/2\]" v.off
		'
	done
	test_expect_success 'verify into a file: none' '
		TERM=xterm '"$V"' >v.out 2>v.err;
		! grep -q "$ESC" v.err && ! grep -q "\[2/2\]" v.err
	'
else
	test_skip 'verify progress line' "$(missing_why script qemu-x86_64)"
fi

# ---- fuzz: "[n/N] seed S" -------------------------------------------------
if have_cmd script && have_cmd csmith; then
	F="'$RWONCE' fuzz --count 2 --opt 0 --no-trace"
	on_tty f.tty TERM=xterm "$F --out f1"
	test_expect_success 'fuzz on a terminal: the progress line' '
		grep -q "\[2/2\] seed" f.tty && has_progress f.tty
	'
	n=1
	for how in "TERM=dumb $F" "TERM=xterm $F -q" "TERM=xterm $F --no-progress" \
		   "TERM=xterm $F -v"; do
		n=$((n + 1))
		on_tty f.off "$how --out f$n"
		test_expect_success "fuzz: no progress line with $(echo "$how" | sed "s|'$RWONCE' fuzz.*no-trace||")" '
			! has_progress f.off && ! grep -q "$(printf "\r")\[2/2\] seed" f.off
		'
	done
	test_expect_success 'fuzz --help has --no-progress' '
		"$RWONCE" fuzz --help | grep -q -- "--no-progress"
	'
else
	test_skip 'fuzz progress line' "$(missing_why script csmith)"
fi

test_done
