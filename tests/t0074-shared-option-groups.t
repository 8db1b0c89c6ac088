#!/bin/sh
# The option groups every command that shares a kind of work declares
# once (issue 36, point 4): --help shows each with the same text in
# every command that has it.
#   OPT_ONCE_MACROS   --macro, --no-discover: audit, fix, scan (declared
#                     three times before, with three help texts)
#   OPT_GRID          --cc, --target, --opt, --tracer under one heading:
#                     verify, fuzz (twice before, with different help;
#                     fuzz's --target named no target)
#   OPT_FINDINGS_OUTPUT  the Output group: audit, scan (only -v's text is
#                     the command's)
#   OPT_NO_PROGRESS   --no-progress: every command with a progress line
#                     (fuzz had none)
#   OPT_JOBS          -j: tests/t0070-jobs-option.t
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1

for c in audit fix scan verify fuzz; do
	"$RWONCE" $c --help >help.$c 2>&1 || echo "$c --help: exit $?" >>bad
done
test_expect_success 'every command prints its --help' '! test -s bad'

# the lines of a group: from the first option named to the last
lines() { # command first-option count
	grep -A$(($3 - 1)) -- "^    $2 " help.$1
}

test_expect_success 'audit, fix and scan: --macro and --no-discover alike' '
	for c in audit fix scan; do lines $c --macro 2 >macros.$c; done &&
	grep -q "KIND: access-once, read-once, write-once or volatile-cast" macros.audit &&
	grep -q "^    --no-discover " macros.audit &&
	diff macros.audit macros.fix && diff macros.audit macros.scan
'
test_expect_success 'verify and fuzz: the Configurations group alike but for the default levels' '
	for c in verify fuzz; do
		grep -A4 "^Configurations$" help.$c |
		sed "s/(default: [0-9s,]*)\$/(default: LEVELS)/" >grid.$c
	done &&
	grep -q "^    --cc <CC> " grid.verify && grep -q "^    --tracer <NAME> " grid.verify &&
	diff grid.verify grid.fuzz &&
	grep -q "(default: 0,1,2,3,s)" help.verify && grep -q "(default: 0,2)\$" help.fuzz
'
test_expect_success '--target names every target of src/targets/targets.def' '
	"$RWONCE_ROOT/scripts/doc-targets" --list | tr "\n" " " | sed "s/ \$//" >names &&
	test -s names &&
	grep -q -- "--target <NAME> *targets: $(cat names) (default: this machine)" help.verify
'
test_expect_success 'audit and scan: the Output group alike but for -v' '
	for c in audit scan; do
		sed -n "/^Output\$/,/^\$/p" help.$c | grep -v "^    -v, --verbose" >out.$c
	done &&
	grep -q -- "--fail-on <LEVEL>" out.audit && grep -q -- "--baseline <FILE>" out.audit &&
	diff out.audit out.scan
'
test_expect_success 'every command that runs long: the same --no-progress line' '
	for c in audit fix scan verify fuzz; do
		grep -x -- "    --no-progress  *no progress line on a terminal" help.$c ||
		{ echo "$c: $(grep -- --no-progress help.$c)"; return 1; }
	done
'
test_expect_success 'no command declares --macro, --cc, -j or --no-progress by hand' '
	! grep -rnE "OPT_[A-Z]+\((0|.j.), \"(macro|no-discover|cc|target|opt|tracer|jobs|no-progress)\"" --include="*.c" "$RWONCE_ROOT/src"
'

# Every command reads the same way: NAME_parse, NAME_plan, NAME_run,
# NAME_report (doc/ARCHITECTURE.md, "What a new command starts from").
for c in audit fix fuzz scan verify; do
	test_expect_success "src/$c/$c.c: ${c}_parse, ${c}_plan, ${c}_run, ${c}_report" "
		for step in parse plan run report; do
			grep -qE \"^static [a-z ]+\\*?${c}_\$step\\(\" \"\$RWONCE_ROOT/src/$c/$c.c\" ||
			{ echo \"no ${c}_\$step\"; return 1; }
		done
	"
done

test_done
