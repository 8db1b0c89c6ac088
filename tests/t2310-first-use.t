#!/bin/sh
# Where a new user of audit and fix trips (issue 11, items 10-14): diffs
# of files above the current folder, the --in-place summary, suggestions
# that are C, one progress option for every command, and small things
# (man pages, --help, summaries, tcc's version).
. "$(dirname "$0")/lib/tap.sh"
requires git git
requires patch patch
requires tcc tcc
requires qemu-x86_64 qemu-user
need_cmd cc

SITE='int f(int *p) { return ACCESS_ONCE(*p); }'

# ---- item 10: fix given a path above the current folder ------------------
if have_cmd git && have_cmd patch; then
	R=$TEST_TMP/repo
	mkdir -p "$R/sub"
	git init -q "$R"
	echo "$SITE" >"$R/x.c"
	test_expect_success 'in a repository: ../x.c is named from the repository root' '
		(cd "$R/sub" && "$RWONCE" fix ../x.c) >"$TEST_TMP/r.diff" 2>"$TEST_TMP/r.err";
		cat "$TEST_TMP/r.diff" "$TEST_TMP/r.err";
		grep -qx "diff --git a/x.c b/x.c" "$TEST_TMP/r.diff" &&
		grep -qx -- "--- a/x.c" "$TEST_TMP/r.diff" &&
		grep -q "^rwonce fix: note: files outside the current folder are named from $R: apply the diff there" "$TEST_TMP/r.err"'
	test_expect_success 'git apply and patch -p1 accept it at the repository root' '
		(cd "$R" && git apply --check "$TEST_TMP/r.diff" &&
		 patch -p1 --dry-run <"$TEST_TMP/r.diff")'
	N=$TEST_TMP/norepo
	mkdir -p "$N/d"
	echo "$SITE" >"$N/x.c"
	test_expect_success 'outside any repository: named from /, and patch -p1 applies it there' '
		(cd "$N/d" && "$RWONCE" fix ../x.c) >"$TEST_TMP/n.diff" 2>"$TEST_TMP/n.err";
		cat "$TEST_TMP/n.diff" "$TEST_TMP/n.err";
		! grep -q "a/\.\./" "$TEST_TMP/n.diff" &&
		grep -q "named from /: apply" "$TEST_TMP/n.err" &&
		(cd / && patch -p1 --dry-run <"$TEST_TMP/n.diff")'
	test_expect_success 'a path below the current folder is unchanged (no note)' '
		(cd "$R" && "$RWONCE" fix ./sub/../x.c) >"$TEST_TMP/b.diff" 2>"$TEST_TMP/b.err";
		grep -qx -- "--- a/sub/../x.c" "$TEST_TMP/b.diff" || grep -qx -- "--- a/x.c" "$TEST_TMP/b.diff";
		! grep -q "note: files outside" "$TEST_TMP/b.err"'
else
	test_skip 'fix with paths above the current folder' "$(missing_why git patch)"
fi

# ---- item 11: --in-place counts what was written --------------------------
mkdir "$TEST_TMP/ip"
echo "$SITE" >"$TEST_TMP/ip/ok.c"
echo "$SITE" >"$TEST_TMP/ip/ro.c"
chmod a-w "$TEST_TMP/ip/ro.c"
test_expect_success '--in-place on a read-only file: the summary counts only what was written' '
	"$RWONCE" fix --in-place "$TEST_TMP/ip" 2>"$TEST_TMP/ip.err"; rc=$?;
	cat "$TEST_TMP/ip.err"; test $rc = 2 &&
	grep -q "ro.c is read-only; not modified" "$TEST_TMP/ip.err" &&
	grep -qx "rwonce fix: 1 site converted in 1 file, 0 left unchanged (2 files scanned); an #include of READ_ONCE/WRITE_ONCE added to 1 file; 1 file could not be written" "$TEST_TMP/ip.err" &&
	grep -q READ_ONCE "$TEST_TMP/ip/ok.c" && grep -q ACCESS_ONCE "$TEST_TMP/ip/ro.c"'

# ---- item 12: suggestions keep the cast -----------------------------------
printf '%s\n' 'void f(unsigned long v) {' \
	'	unsigned long x = *(volatile unsigned long *)0xffffffffff600000UL;' \
	'	*(volatile unsigned int *)(A20R_PT_CLOCK_BASE + 12) = v;' \
	'	(void)x;' '}' >"$TEST_TMP/mmio.c"
test_expect_success 'audit suggests READ_ONCE(*(T *)ADDR) and WRITE_ONCE(*(T *)ADDR, value)' '
	"$RWONCE" audit "$TEST_TMP/mmio.c" >"$TEST_TMP/a.out" 2>&1; cat "$TEST_TMP/a.out";
	grep -qF "use READ_ONCE(*(unsigned long *)0xffffffffff600000UL)" "$TEST_TMP/a.out" &&
	grep -qF "use WRITE_ONCE(*(unsigned int *)(A20R_PT_CLOCK_BASE + 12), value)" "$TEST_TMP/a.out"'
test_expect_success 'the suggestions compile' '
	printf "%s\n" "#include <rwonce.h>" "#define A20R_PT_CLOCK_BASE ((char *)0x1000)" \
		"unsigned long r(void) { return READ_ONCE(*(unsigned long *)0xffffffffff600000UL); }" \
		"void w(unsigned v) { WRITE_ONCE(*(unsigned int *)(A20R_PT_CLOCK_BASE + 12), v); }" \
		>"$TEST_TMP/sugg.c" &&
	cc -Wall -Werror -I"$RWONCE_ROOT/include" -c -o "$TEST_TMP/sugg.o" "$TEST_TMP/sugg.c"'

# ---- item 13: one progress option, one behaviour --------------------------
for cmd in verify audit fix; do
	test_expect_success "$cmd --help and rwonce-$cmd(1) document --no-progress" \
		'"$RWONCE" '$cmd' --help | grep -q -- "--no-progress" &&
		 grep -q "no\\\\-progress" "$RWONCE_ROOT/doc/rwonce-'$cmd'.1"'
done
if have_cmd script && have_cmd mkfifo; then
	# fix on a terminal (script gives it one; TERM set, since a dumb
	# terminal gets no progress line), paused 1.5 s by the walk hook so
	# that the run is long enough for a progress line.
	mkdir "$TEST_TMP/tree"
	echo "$SITE" >"$TEST_TMP/tree/a.c"
	on_tty() { # output-file command...
		out=$1
		shift
		rm -f "$TEST_TMP/fifo" && mkfifo "$TEST_TMP/fifo"
		(read -r _ <"$TEST_TMP/fifo"; sleep 1.5; echo go >"$TEST_TMP/fifo") &
		RWONCE_TEST_WALK_FIFO="$TEST_TMP/fifo" TERM=xterm timeout 60 script -qec "$*" /dev/null >"$out" 2>&1
		wait
	}
	on_tty "$TEST_TMP/tty1" "$RWONCE" fix "$TEST_TMP/tree"
	on_tty "$TEST_TMP/tty2" "$RWONCE" fix --no-progress "$TEST_TMP/tree"
	on_tty "$TEST_TMP/tty3" env NO_PROGRESS=1 "$RWONCE" fix "$TEST_TMP/tree"
	test_expect_success 'fix shows a progress line on a terminal' \
		'cat -A "$TEST_TMP/tty1" | head -n 5; grep -q "fix: [0-9]* files" "$TEST_TMP/tty1"'
	test_expect_success 'fix --no-progress and NO_PROGRESS=1 leave it out' \
		'! grep -q "fix: [0-9]* files" "$TEST_TMP/tty2" && grep -q "rwonce fix: 1 site" "$TEST_TMP/tty2" &&
		 ! grep -q "fix: [0-9]* files" "$TEST_TMP/tty3" && grep -q "rwonce fix: 1 site" "$TEST_TMP/tty3"'
else
	test_skip 'progress on a terminal' 'script or mkfifo not installed (apt-get install bsdutils coreutils)'
fi

# ---- item 14: small things ------------------------------------------------
test_expect_success 'rwonce version --help prints a usage, not the version' \
	'"$RWONCE" version --help >"$TEST_TMP/v" && grep -q "^usage: rwonce version" "$TEST_TMP/v" &&
	 ! grep -q "^rwonce [0-9]" "$TEST_TMP/v"'
test_expect_success 'rwonce(1) SEE ALSO names every command page and rwonce(3)' '
	sed -n "/^\.SH SEE ALSO/,\$p" "$RWONCE_ROOT/doc/rwonce.1" >"$TEST_TMP/see" &&
	for p in rwonce-verify rwonce-audit rwonce-fix; do grep -q "^\.BR $p (1)" "$TEST_TMP/see" || exit 1; done &&
	grep -q "^\.BR rwonce (3)" "$TEST_TMP/see"'
test_expect_success 'fix -q: --help and rwonce-fix(1) both say no summary' '
	"$RWONCE" fix --help | grep -- "--quiet" | grep -q "no summary" &&
	grep -A2 "^\.BR \\\\-q \", \" \\\\-\\\\-quiet" "$RWONCE_ROOT/doc/rwonce-fix.1" | grep -q "no summary"'
test_expect_success 'summaries: "rwonce fix: ..." like "rwonce audit: ...", and "1 file"' '
	"$RWONCE" fix "$TEST_TMP/tree/a.c" 2>&1 >/dev/null | grep -qx "rwonce fix: 1 site to convert in 1 file, 0 left unchanged (1 file scanned); an #include of READ_ONCE/WRITE_ONCE to add to 1 file" &&
	"$RWONCE" audit "$TEST_TMP/tree/a.c" 2>&1 >/dev/null | grep -q "^rwonce audit: 1 finding in 1 of 1 file:"'
test_expect_success 'verify --help: no doubled blank line' '
	"$RWONCE" verify --help >"$TEST_TMP/h" && ! awk "prev == \"\" && \$0 == \"\" && NR > 1 { bad = 1 } { prev = \$0 } END { exit !bad }" "$TEST_TMP/h"'
if have_cmd tcc && have_cmd qemu-x86_64; then
	test_expect_success 'tcc shows as 0.9.27, not (927)' '
		"$RWONCE" verify --cc tcc --opt 0 --only read_u32 --details >"$TEST_TMP/t" 2>&1;
		grep "^tcc" "$TEST_TMP/t"; grep -q "^tcc x86_64 (0\.9\.[0-9]*)" "$TEST_TMP/t"'
else
	test_skip 'tcc version' "$(missing_why tcc qemu-x86_64)"
fi
test_expect_success 'doc/verify.md gives the first run time with its conditions' '
	grep -q "idle 2-core machine" "$RWONCE_ROOT/doc/verify.md" &&
	! grep -q "It takes about 2.5 s on a 2-core machine" "$RWONCE_ROOT/doc/verify.md"'
test_done
