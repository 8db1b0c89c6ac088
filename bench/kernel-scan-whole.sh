#!/bin/sh
# Scan a whole kernel build -- its vmlinux and every module -- with
# `rwonce scan`, timed (wall, CPU, peak RSS from time(1)), and put every
# finding next to objdump's reading (bench/scan-real-check.py): the
# record of doc/findings/linux-6.12.md.
#
#   bench/kernel-scan-whole.sh RWONCE_BINARY BUILD_DIR OUT_PREFIX [--sources DIR]
#
# BUILD_DIR holds vmlinux and the modules (*.ko, anywhere below it):
# bench/kernel-6.12-build.sh's builds, or a Debian linux-image-*-dbg
# unpacked (its usr/lib/debug: boot/vmlinux-* and lib/modules/).  A
# build of chosen folders only (its DONE names them: "kernel/ mm/") has
# no vmlinux: then the objects its compile_commands.json names under
# those folders are scanned, each compiled object once (not the
# built-in.a archives or the ld -r composites made of them).
# Writes OUT_PREFIX.list (the files), .json (scan --json), .err (scan's
# stderr: summary, warnings), .time (time -v), .check.txt and
# .check.tsv (scan-real-check.py).  RWONCE_SCAN_JOBS: scan's -j
# (default 2).
set -eu
if [ $# -ne 3 ] && { [ $# -ne 5 ] || [ "$4" != --sources ]; }; then
	echo "usage: $0 RWONCE_BINARY BUILD_DIR OUT_PREFIX [--sources DIR]" >&2
	exit 2
fi
rwonce=$1 build=$(cd "$2" && pwd) out=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$rwonce" ] || { echo "$0: $rwonce is not an executable" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "$0: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }

# vmlinux (a build's, or Debian's boot/vmlinux-VERSION), then the modules;
# or a folder build's compiled objects.
{
	if [ -f "$build/vmlinux" ]; then
		echo "$build/vmlinux"
	else
		find "$build" -path '*/boot/vmlinux-*' -type f
	fi
	find "$build" -name '*.ko' -type f | sort
} >"$out.list"
if [ ! -s "$out.list" ] && [ -f "$build/DONE" ] && [ -f "$build/compile_commands.json" ]; then
	# shellcheck disable=SC2046 # DONE: folder names, one word each
	python3 - "$build" $(cat "$build/DONE") >"$out.list" <<-'PY'
	import json, os, shlex, sys
	build, folders = sys.argv[1], [f.rstrip("/") + "/" for f in sys.argv[2:]]
	out = set()
	db = os.path.join(build, "compile_commands.json")
	try:
	    entries = json.load(open(db))
	except (OSError, ValueError) as err:
	    print(f"kernel-scan-whole: {db}: not a readable compilation database: {err}", file=sys.stderr)
	    sys.exit(2)
	for e in entries:
	    args = e.get("arguments") or shlex.split(e["command"])
	    if "-o" not in args:
	        continue
	    obj = os.path.normpath(os.path.join(e["directory"], args[args.index("-o") + 1]))
	    rel = os.path.relpath(obj, build)
	    if any(rel.startswith(f) for f in folders) and os.path.exists(obj):
	        out.add(obj)
	print("\n".join(sorted(out)))
	PY
	echo "kernel-scan-whole: no vmlinux: the objects compiled under $(cat "$build/DONE")" >&2
fi
[ -s "$out.list" ] || { echo "$0: no vmlinux and no modules under $build" >&2; exit 2; }
echo "kernel-scan-whole: $(wc -l <"$out.list") files, $(xargs du -cb <"$out.list" | awk '$2 == "total" { s += $1 } END { printf "%.0f MiB", s / 1048576 }')" >&2

# The paths have no blanks (kernel builds); the list fits in argv.
# shellcheck disable=SC2046
set -- "$@" $(cat "$out.list")
st=0
/usr/bin/time -v -o "$out.time" "$rwonce" scan --no-progress -j "${RWONCE_SCAN_JOBS:-2}" --json "$@" \
	>"$out.json" 2>"$out.err" || st=$?
echo "kernel-scan-whole: scan exit $st; $(grep '^rwonce scan:' "$out.err" || echo 'no summary')" >&2
sed -n 's/^\tElapsed (wall clock) time (h:mm:ss or m:ss): /kernel-scan-whole: wall /p; s/^\tUser time (seconds): /kernel-scan-whole: user /p; s/^\tMaximum resident set size (kbytes): /kernel-scan-whole: peak RSS kB /p' "$out.time" >&2
[ "$st" -le 1 ] || echo "kernel-scan-whole: scan exit $st: see $out.err" >&2
python3 "$here/scan-real-check.py" --tsv "$out.check.tsv" "$build" "$out.json" >"$out.check.txt"
tail -n 1 "$out.check.txt" >&2
exit "$st"
