#!/bin/sh
# -j, --jobs is one option group (OPT_JOBS, src/lib/parse-options.h):
# every command that runs jobs takes N from 1 to 1024 and refuses
# anything else with the same message and exit 2.  Before, -j 5000 got
# three different refusals (audit, scan, fuzz), -j 0 was taken by audit
# and scan and refused by fuzz, and fix and verify took any number
# silently (issue 36, point 4).
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1

# The commands whose --help has -j: every one of src/commands.def is
# asked, so that a new command with -j is tested too.
sed -n 's/^COMMAND("\([a-z0-9_-]*\)".*/\1/p' "$RWONCE_ROOT/src/commands.def" >commands
: >with-jobs
while read -r c; do
	"$RWONCE" "$c" --help >"help.$c" 2>/dev/null
	grep -q -- '^ *-j, --jobs <N>' "help.$c" && echo "$c" >>with-jobs
done <commands
test_expect_success 'audit, fix, fuzz, scan and verify take -j' '
	printf "audit\nfix\nfuzz\nscan\nverify\n" >want &&
	sort with-jobs | diff want -
'

test_expect_success '--help: the same -j line in each (only the items and the default differ)' '
	for c in $(cat with-jobs); do
		grep -E -- "^    -j, --jobs <N> +N [a-z() ]+ at once, N from 1 to 1024 \(default: (the number of cores|1)\)$" "help.$c" ||
		{ echo "$c: $(grep -- "--jobs" "help.$c")"; return 1; }
	done
'

for c in $(cat with-jobs); do
	for v in 5000 0 abc -3 1025 " 4" 4x; do
		test_expect_success "$c -j '$v': the one message, exit 2" "
			\"\$RWONCE\" $c -j '$v' >out 2>err; rc=\$?
			test \$rc = 2 &&
			head -n 1 err >first &&
			echo \"rwonce: error: -j, --jobs: '$v' is not a number from 1 to 1024\" >want &&
			diff want first
		"
	done
	test_expect_success "$c --jobs=5000: the same message" "
		\"\$RWONCE\" $c --jobs=5000 >out 2>err; rc=\$?
		test \$rc = 2 &&
		grep -qx \"rwonce: error: -j, --jobs: '5000' is not a number from 1 to 1024\" err
	"
	for v in 1 1024; do
		# accepted: whatever the command says next, not about -j (it
		# stops on the unknown option that follows)
		test_expect_success "$c -j $v is taken" "
			\"\$RWONCE\" $c -j $v --no-such-option >out 2>err
			grep -q \"unknown option '--no-such-option'\" err &&
			! grep -q 'is not a number' err
		"
	done
done

test_done
