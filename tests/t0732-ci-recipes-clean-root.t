#!/bin/sh
# make check-full: doc/ci.md's GitLab job run as written, every line of
# its before_script and script in order in one shell that stops at the
# first failure (as GitLab's runner does), in a fresh Debian 12 root
# (scripts/check-clean-root --run: the debian:bookworm image of the
# recipe, as root) -- installing the packages of its install line,
# building and installing rwonce from a clone, building a small project
# with bear, writing the reports, and, in a merge request pipeline,
# comparing with the merge request's diff base.  The merge request adds
# one finding of each command: the job fails at the audit gate naming
# only that one.  On the default branch the job writes the reports and
# passes.  Slow (the packages are downloaded): check-full only.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/clean-root.sh"

# The GitLab job's lines, as a shell script that stops at the first
# failure; the project and the pipeline's variables are set up after
# before_script (which installs git).
python3 - "$RWONCE_ROOT/doc/ci.md" >"$TEST_TMP/lines.txt" <<'PY'
import re, sys, yaml
doc = open(sys.argv[1]).read()
blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
job = [yaml.safe_load(b) for b in blocks if "stage:" in b][0]["rwonce"]
for part in ("before_script", "script"):
    for line in job[part]:
        print(part + "\t" + line)
PY
test_expect_success 'the GitLab job has its before_script and script' '
	grep -q "^before_script	apt-get install" "$TEST_TMP/lines.txt" &&
	grep -q "^script	rwonce scan -p build .*--baseline" "$TEST_TMP/lines.txt"'

# run.sh, in the root: mode "mr" (a merge request pipeline) or "main"
{
	cat <<'SH'
set -u
export DEBIAN_FRONTEND=noninteractive
export RWONCE_GIT=/root/rwonce        # the clone check-clean-root made
export BASE=/tmp/rwonce-base GIT_DEPTH=0
job() { # mode
	cat >/tmp/job.sh <<'JOB'
set -e
SH
	sed -n 's/^before_script	//p' "$TEST_TMP/lines.txt"
	cat <<'SH'
echo "== before_script done"
sh /root/ci-project.sh
cd /root/work
if [ "$MODE" = mr ]; then
	git checkout -q mr
	export CI_PIPELINE_SOURCE=merge_request_event
	export CI_MERGE_REQUEST_TARGET_BRANCH_NAME=main
	export CI_MERGE_REQUEST_DIFF_BASE_SHA=$(git rev-parse origin/main)
else
	export CI_PIPELINE_SOURCE=push CI_COMMIT_BRANCH=main CI_DEFAULT_BRANCH=main
fi
SH
	sed -n 's/^script	//p' "$TEST_TMP/lines.txt"
	cat <<'SH'
JOB
	MODE=$1 sh /tmp/job.sh
}
SH
} >"$TEST_TMP/run.sh"
cat >>"$TEST_TMP/run.sh" <<'SH'
# the project: tests/lib/ci-project.sh (copied in by check-clean-root --copy)
cd /root
job main; echo "== main: exit status $?"
ls -l /root/work/rwonce-audit.html /root/work/rwonce-scan.html
# a new job: a new container (the clone of rwonce and the outputs gone)
rm -f /root/work/*.html; rm -rf /root/work/build "$BASE" /tmp/rwonce
job mr; echo "== mr: exit status $?"
SH

clean_root_run --copy "$RWONCE_ROOT/tests/lib/ci-project.sh" --run "$TEST_TMP/run.sh"
test_expect_success 'the clean root ran the job (check-clean-root --run)' '
	test -s "$L" || { cat "$TEST_TMP/ccr.out"; false; }'
test_expect_success 'before_script: the install line, clone, make and make install of rwonce pass' '
	test "$(grep -c "^== before_script done" "$L")" = 2 || { tail -40 "$L"; false; }'
test_expect_success 'on the default branch: the reports are written, the job passes' '
	grep -q "^== main: exit status 0" "$L" &&
	grep -q "rwonce-audit.html" "$L" && grep -q "rwonce-scan.html" "$L" || { tail -40 "$L"; false; }'
test_expect_success 'in the merge request: the job fails at the audit gate (exit 1) ...' '
	grep -q "^== mr: exit status 1" "$L" || { tail -40 "$L"; false; }'
test_expect_success '... naming only the finding the merge request adds' '
	grep -q "^src/b.c:10:2: warning: .*\\[access-once\\]" "$L" &&
	grep -q "^rwonce audit: 1 finding in 1 of 2 files: access-once 1, 1 in the baseline (of its 1)" "$L"'
test_done
