#!/bin/sh
# Give every aggregate once-access of a kernel tree a machine-code verdict
# on every architecture and compiler (issue 32; doc/findings/linux-6.12.md,
# "Every aggregate once-access").
#
#   bench/kernel-aggregate-sweep.sh RWONCE SRC WORK [--rescan] [--shard K/N] [JOB...]
#   bench/kernel-aggregate-sweep.sh --merge WORK [WORK...] [--by-arch] [--into RECORD]
#
# SRC is a kernel tree (read only: every build is out of tree, O=).  The
# steps, each in bench/kernel-aggregate-sweep.py:
#
#  1. `rwonce audit --preset=linux --json SRC` (WORK/audit.json, kept):
#     the candidates are its findings of the rules that name an aggregate
#     or non-scalar once-access -- volatile-aggregate,
#     access-once-nonscalar, once-size (src/findings/rules.def).
#  2. plan (WORK/plan.json): each candidate's architectures (a site under
#     arch/X/ only X's; others every one), its objects and the Kconfig
#     options they need.  A .c site: its own object, with the
#     obj-$(CONFIG_X) options of its Makefile line and of the parent
#     folders' lines that descend into it.  A header site: the .c files
#     that expand its function, found by a cheap search (grep, seconds):
#     the function, then the header macros and inline functions that call
#     it, three levels up (arch_spin_is_locked -> raw_spin_is_locked ->
#     spin_is_locked, assert_spin_locked ...), then the .c files that call
#     any of them, direct callers and objects without an option first (a
#     function a header compiles once, such as kernel/rcu/tasks.h's, is
#     expanded only in the .c file that includes the header).  HINTS in
#     the .py: options a site is under by #ifdef (NVHE_EL2_DEBUG) and a
#     configuration variant a site needs (ppc64le without queued
#     spinlocks, in its own folder WORK/JOB+VARIANT).
#  3. one job per architecture x compiler: x86_64, arm64, arm
#     (multi_v7_defconfig), ppc64le (ppc64le_defconfig), riscv64, s390x
#     (defconfig), each with clang 19 (LLVM=-19) and gcc 12 (the control;
#     the cross gcc of Debian for the others).  A job configures
#     WORK/JOB/ once (defconfig, the options, olddefconfig, DWARF 5 line
#     tables as bench/kernel-6.12-build.sh), takes for each header site
#     the first three of its callers whose options that .config sets,
#     runs `make -k` on just the objects, `rwonce scan --json` on each
#     object built (riscv64 ones too, as they are: scan applies their
#     DWARF's ULEB128 relocations, which elfutils 0.188 cannot), and
#     writes
#     WORK/results/JOB.json: per candidate ok, torn, duplicated, widened
#     (with the instances and their instructions), "no instance" (the
#     object was built and scanned, the line has no code in it), "not
#     compiled" with the reason (CONFIG_X not set after olddefconfig, no
#     caller built by the configuration, or the build error), or "cannot
#     tell" (scan could not read the object: merge then exits 2).  A WORK/JOB/ made earlier is reused; options it
#     lacks are added.
#  4. --merge: the candidate x job table (markdown; --by-arch: a row per
#     candidate and architecture, a column per compiler) and per job "N of M
#     candidates compiled and checked", its wall time, the options that
#     could not be reached; the jobs not run are named; and the total of
#     the candidate x architecture x compiler cells by what each came to.
#     Several WORKs (a later sweep of the same tree for new candidates,
#     with its own plan and results): their candidates and each job's
#     cells together, a candidate judged in two taken from the first.
#     --into RECORD: written into RECORD (doc/findings/linux-6.12.md)
#     between its '<!-- sweep-merge begin -->' and '<!-- sweep-merge end
#     -->' lines instead of printed: the record's table is the merge's.  Exit 2 when a
#     job had trouble (its configuration failed, scan could not read an
#     object).
#
# Jobs are independent, like `rwonce fuzz --shard`: --shard K/N runs the
# jobs whose index (in the order `kernel-aggregate-sweep.py jobs` prints)
# is K-1 modulo N; JOB... names jobs instead (e.g. ppc64le-clang).  Every
# shard writes its own WORK/results/JOB.json; merge reads them all, so
# shards can run anywhere that sees SRC and WORK (or copies results back):
#
#   # GNU parallel, four shards on the hosts of ~/.parallel/sshloginfile
#   # (WORK on a shared filesystem; plan first, once):
#   bench/kernel-aggregate-sweep.sh R SRC WORK --plan-only
#   parallel --sshloginfile .. --workdir "$PWD" \
#       bench/kernel-aggregate-sweep.sh R SRC WORK --shard {}/4 ::: 1 2 3 4
#   bench/kernel-aggregate-sweep.sh --merge WORK
#
#   # Slurm: one array task per shard, then the merge after them all
#   bench/kernel-aggregate-sweep.sh R SRC WORK --plan-only
#   id=$(sbatch --parsable --array=1-12 --cpus-per-task=8 --wrap \
#       'RWONCE_SWEEP_JOBS=8 bench/kernel-aggregate-sweep.sh R SRC WORK --shard $SLURM_ARRAY_TASK_ID/12')
#   sbatch --dependency=afterany:$id --wrap 'bench/kernel-aggregate-sweep.sh --merge WORK'
#
# (12 shards = the 12 jobs of six architectures x two compilers.)
# --rescan: no configuration and no make, each job's folders scanned as
# an earlier run left them (a new rwonce judging the same builds: seconds
# per job instead of minutes); an object a folder lacks is "not compiled".
# RWONCE_SWEEP_JOBS: make's -j in each job (default 2: the machine here is
# shared).  Wall time per job is in its result; this machine's figures
# are in doc/findings/linux-6.12.md.
set -eu
me=$(basename "$0")
py="$(dirname "$0")/kernel-aggregate-sweep.py"

if [ "${1:-}" = --merge ]; then
	shift
	case ${1:-} in
	''|-*) echo "usage: $me --merge WORK [WORK...] [--by-arch] [--into RECORD]" >&2; exit 2 ;;
	esac
	exec python3 "$py" merge --works "$@"
fi
if [ $# -lt 3 ]; then
	echo "usage: $me RWONCE SRC WORK [--plan-only | --shard K/N | JOB...]; $me --merge WORK" >&2
	exit 2
fi
rwonce=$1 src=$2 work=$3
shift 3
[ -f "$src/Makefile" ] && [ -d "$src/arch" ] || { echo "$me: $src: not a kernel tree" >&2; exit 2; }
[ -x "$rwonce" ] || { echo "$me: $rwonce: not an executable" >&2; exit 2; }
. "$(dirname "$0")/kernel-build-lib.sh"
kb_need make bc flex bison perl python3 nice
mkdir -p "$work/results"
if [ ! -s "$work/plan.json" ]; then
	if [ ! -s "$work/audit.json" ]; then
		# Exit 1 is "findings": what we want.  2 is trouble.
		st=0
		(cd "$src" && "$rwonce" audit --preset=linux --json --no-progress .) \
			>"$work/audit.json.new" 2>"$work/audit.err" || st=$?
		if [ $st -gt 1 ]; then
			echo "$me: rwonce audit exit $st (see $work/audit.err)" >&2
			exit 2
		fi
		mv "$work/audit.json.new" "$work/audit.json"
	fi
	python3 "$py" plan --tree "$src" --audit "$work/audit.json" --out "$work/plan.json"
fi
[ "${1:-}" = --plan-only ] && exit 0
exec python3 "$py" run --plan "$work/plan.json" --rwonce "$rwonce" --kbuild "$work" \
	--out "$work/results" --jobs "${RWONCE_SWEEP_JOBS:-2}" "$@"
