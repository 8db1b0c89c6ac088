# The tests that run one of doc/ci.md's recipes as written in a fresh
# Debian 12 root made by scripts/check-clean-root --run: t0732 (the
# GitLab job) and t0733 (the GitHub workflow).  Sourced after tap.sh,
# it declares what they run and skips the whole test where no such root
# can be made here (check-full only, as root, from a git checkout:
# check-clean-root clones its HEAD).
#
#   clean_root_run ARG...   scripts/check-clean-root ARG... (--copy FILE,
#                           --run SCRIPT), its output in $TEST_TMP/ccr.out;
#                           sets L to the run's log (run.log)
requires --full mmdebstrap mmdebstrap
requires python3 python3
requires git git

need_cmd mmdebstrap python3 git
[ "$(id -u)" = 0 ] || skip_all "needs root (scripts/check-clean-root)"
git -C "$RWONCE_ROOT" rev-parse --verify -q HEAD >/dev/null ||
	skip_all "$RWONCE_ROOT is not a git checkout (check-clean-root clones its HEAD)"

clean_root_run() {
	"$RWONCE_ROOT/scripts/check-clean-root" "$@" >"$TEST_TMP/ccr.out" 2>&1
	L=$(sed -n 's/^check-clean-root: logs: //p' "$TEST_TMP/ccr.out" | tail -1)/run.log
}
