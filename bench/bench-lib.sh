# Shared helpers for bench/linux-tree.sh and bench/fix-vs-spatch.sh
# (sourced, not run).

# The Debian kernel tree, installed and unpacked once, outside the repo.
# Prints its path.
linux_tree() {
	cache=${RWONCE_CACHE:-/work/cache}
	tree=$cache/linux-source-6.1
	if [ ! -d "$tree" ]; then
		tarball=/usr/src/linux-source-6.1.tar.xz
		if [ ! -f "$tarball" ]; then
			if [ "$(id -u)" != 0 ]; then
				echo "bench: need $tarball: run as root, or: apt-get install linux-source-6.1" >&2
				exit 2
			fi
			echo "bench: installing linux-source-6.1 (about 140 MB)..." >&2
			DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends linux-source-6.1 >&2
		fi
		echo "bench: unpacking $tarball into $cache (once)..." >&2
		mkdir -p "$cache/.unpack.$$"
		tar -xJf "$tarball" -C "$cache/.unpack.$$"
		mv "$cache/.unpack.$$/linux-source-6.1" "$tree"
		rmdir "$cache/.unpack.$$"
	fi
	echo "$tree"
}

# measure NAME OUTFILE CMD...: run CMD (in the current folder) $RUNS
# times (default $BENCH_RUNS or 5), keep the fastest wall time and the
# largest peak RSS; appends "NAME SECONDS RSS_MIB" to $RESULTS and sets
# LAST_S / LAST_RSS, and LAST_CPU: the least user+system CPU seconds of a
# run (steadier than wall time on a machine that others load).  Wall time is read from the clock in nanoseconds:
# time(1)'s %e has 10 ms steps, a tenth of a run on the generated tree.
measure() {
	name=$1 outfile=$2
	shift 2
	best= rss=0 run=0 cpu=
	while [ $run -lt "${RUNS:-${BENCH_RUNS:-5}}" ]; do
		run=$((run + 1))
		t0=$(date +%s%N)
		/usr/bin/time -f 'TIME %e %M %U %S' -o "$SCRATCH/time" "$@" >"$outfile" 2>"$SCRATCH/err" || true
		t1=$(date +%s%N)
		s=$(awk "BEGIN{printf \"%.3f\", ($t1 - $t0) / 1e9}")
		# time(1) may put "Command exited with non-zero status" first.
		k=$(sed -n 's/^TIME [^ ]* \([^ ]*\) .*/\1/p' "$SCRATCH/time")
		c=$(awk '/^TIME /{printf "%.2f", $4 + $5}' "$SCRATCH/time")
		if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
		if [ -z "$cpu" ] || awk "BEGIN{exit !($c < $cpu)}"; then cpu=$c; fi
		[ "$k" -gt "$rss" ] && rss=$k
	done
	LAST_S=$best
	LAST_CPU=$cpu
	LAST_RSS=$((rss / 1024))
	printf '%-40s %8.3f s %7d MiB\n' "$name" "$best" "$LAST_RSS" | tee -a "$RESULTS"
}

ratio() { awk "BEGIN{ if ($2 > 0) printf \"%.2f\", $1 / $2; else print \"inf\" }"; }

# The check run before a scan is measured: exit 2 or more (nothing
# checked, an input that could not be read) stops the bench with the end
# of scan's messages.  scan_must_have_scanned STATUS STDERR_FILE
scan_must_have_scanned() {
	[ "$1" -lt 2 ] && return 0
	echo "bench: rwonce scan exited $1:" >&2
	tail -n 20 "$2" >&2
	exit 2
}
