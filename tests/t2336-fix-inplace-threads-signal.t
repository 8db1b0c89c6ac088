#!/bin/sh
# fix --in-place writes its files on -j threads, and SIGINT at any moment
# of it leaves each file either as it was or the whole fixed one, and no
# temporary file anywhere (issue #35).  The threaded writer was reverted
# once: a SIGINT handled by a thread other than a writer ran the cleanup
# while that writer was between its temporary name's link and the
# rename, and the name stayed (t2335 found a stray ".f01.c.rwonce-*").
# Now one thread takes the signals (src/lib/signal-owner.h) and its
# cleanup waits for the renames in progress and lets none begin.
#
# A tree of 120 files fixed at -j 4, SIGINT after a random delay that
# adapts so that most runs die mid-way (RWONCE_SIGNAL_RUNS=N runs per
# mode, default 20), with nameless temporary files (O_TMPFILE) and with
# named ones (the test hook RWONCE_TEST_NO_TMPFILE=1, the case a stray
# name can happen in).  The delays close in on the writing: a run killed
# before it fixed anything raises the lowest delay, one that fixed all
# lowers the highest, so the signals land at many points of the writes.
# The writes of 120 small files take a few milliseconds on a fast
# machine, too short a window for a sleep to hit (a CI run once found no
# mid-run moment in 40 runs): the test hook RWONCE_TEST_INPLACE_DELAY_US
# makes each file wait 5 ms between its temporary file and its switch,
# the moment a stray name can happen in, so the writes last about 150 ms
# at -j 4 on any machine.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
need_cmd mkfifo
need_cmd md5sum
cd "$TEST_TMP" || exit 1
runs=${RWONCE_SIGNAL_RUNS:-20}
nfiles=120

no_temp_files() { # folder
	! find "$1" -name '*.rwonce-*' | grep .
}

mkdir pristine
awk -v n=$nfiles 'BEGIN {
	for (f = 0; f < n; f++) {
		fn = sprintf("pristine/f%03d.c", f)
		print "int a, x;\nvoid f(void)\n{" >fn
		for (i = 0; i < 300; i++)
			print "\tx = ACCESS_ONCE(a); ACCESS_ONCE(a) = x;" >fn
		print "}" >fn
		close(fn)
	}
}'
cp -a pristine fixed
RWONCE_TEST_INPLACE_DELAY_US=5000
export RWONCE_TEST_INPLACE_DELAY_US
t0=$(date +%s%N)
"$RWONCE" fix -q -j 4 --in-place fixed
t1=$(date +%s%N)
full=$(awk "BEGIN { printf \"%.3f\", ($t1 - $t0) / 1e9 }")
(cd pristine && md5sum -- *) | sort -k 2 >sums.old
(cd fixed && md5sum -- *) | sort -k 2 >sums.new
diag "a whole run at -j 4: $full s"

test_expect_success 'a whole run at -j 4 replaces every file' '
	! cmp -s sums.old sums.new &&
	[ "$(join -j 2 sums.old sums.new | awk "\$2 != \$3" | wc -l)" = $nfiles ]'

# check TREE: each file the old sum or the new one, all there, no
# temporary file; the number of fixed files in fixed.count
check() {
	(cd "$1" && md5sum -- *) | sort -k 2 >sums.now
	awk -v n=$nfiles 'FILENAME == ARGV[1] { old[$2] = $1; next }
		FILENAME == ARGV[2] { new[$2] = $1; next }
		{ k++; if ($1 == new[$2]) fixed++
		  else if ($1 != old[$2]) { print "partial: " $2; bad = 1 } }
		END { if (k != n) { print k " files"; bad = 1 }
		      print fixed + 0 >"fixed.count"; exit bad }' \
		sums.old sums.new sums.now && no_temp_files "$1"
}

# fix runs through perl, which puts SIGINT back to its default action (a
# shell leaves it ignored in a background job).
lo=0 hi=$full
random_runs() { # N [ENV...]: counts in $mid and $bad
	n=$1
	shift
	mid=0 bad=0 k=0
	while [ $k -lt "$n" ]; do
		k=$((k + 1))
		rm -rf tree && cp -a pristine tree
		delay=$(awk -v s="$$$k$#" -v lo="$lo" -v hi="$hi" \
			'BEGIN { srand(s); printf "%.3f", lo + rand() * (hi - lo) }')
		env "$@" perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die "exec: $!"' \
			"$RWONCE" fix -q -j 4 --in-place tree >fix.out 2>&1 &
		fix_pid=$!
		sleep "$delay"
		kill -s INT "$fix_pid" 2>/dev/null
		wait "$fix_pid" 2>/dev/null
		rc=$?
		if ! check tree; then
			bad=$((bad + 1))
			diag "run $k (SIGINT after $delay s, exit $rc): stray or partial file"
		fi
		fixed=$(cat fixed.count)
		# the load moves the writing: keep a margin, and widen a
		# window that closed
		if [ "$fixed" = $nfiles ]; then
			hi=$(awk -v d="$delay" -v lo="$lo" 'BEGIN { h = d * 1.1; if (h <= lo) h = lo * 1.5 + 0.01; printf "%.3f", h }')
		elif [ "$fixed" = 0 ]; then
			# killed before any write: later, and where the
			# whole window now lies before the writes (the load
			# rose since the timed run: every run of a CI once
			# died before writing), a later end too
			lo=$(awk -v d="$delay" -v hi="$hi" 'BEGIN { l = d * 0.9; if (l >= hi) l = hi * 0.5; printf "%.3f", l }')
			hi=$(awk -v d="$delay" -v lo="$lo" -v hi="$hi" 'BEGIN { if (d * 1.3 + 0.01 > hi) hi = d * 1.3 + 0.01; if (hi <= lo) hi = lo * 1.5 + 0.01; printf "%.3f", hi }')
		else
			mid=$((mid + 1))
			# died of the signal, not of something else
			[ "$rc" = 130 ] || { bad=$((bad + 1)); diag "run $k: exit $rc, not 130"; }
		fi
	done
	all_mid=$((all_mid + mid))
}

all_mid=0
random_runs "$runs"
diag "nameless: $runs runs, $mid killed mid-run, $bad bad"
test_expect_success "SIGINT at random moments of -j 4 writes ($runs runs): no stray, no partial file" "test $bad = 0"
random_runs "$runs" RWONCE_TEST_NO_TMPFILE=1
diag "named: $runs runs, $mid killed mid-run, $bad bad"
test_expect_success "SIGINT at random moments of -j 4 writes ($runs runs, named temporary files): no stray, no partial file" "test $bad = 0"
test_expect_success "some of the $((2 * runs)) runs were killed mid-run ($all_mid)" "test $all_mid -gt 0"

test_done
