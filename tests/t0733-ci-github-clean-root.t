#!/bin/sh
# make check-full: doc/ci.md's GitHub Actions workflow run as written, in
# a fresh Debian 12 root (scripts/check-clean-root --run), for a push to
# the default branch and for a pull request.  tests/lib/github-job.py
# reads the workflow with a YAML parser and makes the job a script: each
# `run:` step, in order, with bash -eo pipefail as GitHub's runner runs
# it, its env:, its if:, and each ${{ ... }} expression replaced by the
# value in that script's EXPRESSIONS map (vars.RWONCE_GIT: the clone of
# rwonce check-clean-root made; runner.temp: /tmp/runner-temp); an
# expression, condition or action it does not know fails this test.
#
# The runner, as emulated here (what GitHub's ubuntu-24.04 image has and
# a minimal Debian root has not): git, build-essential and python3
# installed; `sudo`, which the recipe keeps because GitHub's runner user
# is not root, a pass-through shim (/usr/local/bin/sudo: runs its
# arguments; the job runs as root here); the runner's variables
# (GITHUB_WORKSPACE, GITHUB_EVENT_NAME, GITHUB_BASE_REF, RUNNER_TEMP ...);
# actions/checkout a clone of the project's origin on the event's branch
# (all of history with fetch-depth: 0, else that many commits of that
# branch only); github/codeql-action/upload-sarif a check that the file
# is SARIF 2.1.0 with a run, kept in /root/uploads.  The project is
# tests/lib/ci-project.sh (t0732's).  The pull request adds one finding of
# each command: the job fails at its gate naming only the new ones.
# Slow (the packages are downloaded, rwonce built twice): check-full only.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/clean-root.sh"
python3 -c 'import yaml' 2>/dev/null || skip_all "python3-yaml not installed (package python3-yaml)"

# The workflow: the one YAML block of doc/ci.md with jobs:.
awk -v dir="$TEST_TMP" '
	/^```yaml$/ { n++; f = dir "/yaml-" n ".yml"; on = 1; next }
	/^```/ { on = 0; next }
	on { print > f }' "$RWONCE_ROOT/doc/ci.md"
WF=$(grep -l '^jobs:' "$TEST_TMP"/yaml-*.yml)
GEN=$RWONCE_ROOT/tests/lib/github-job.py
for ev in push pull_request; do
	python3 "$GEN" "$WF" rwonce $ev >"$TEST_TMP/job-$ev.sh" 2>"$TEST_TMP/gen-$ev.err"
	echo $? >"$TEST_TMP/gen-$ev.rc"
done
test_expect_success 'the workflow becomes a job script for a push and a pull request' '
	cat "$TEST_TMP"/gen-*.err &&
	test "$(cat "$TEST_TMP/gen-push.rc")" = 0 &&
	test "$(cat "$TEST_TMP/gen-pull_request.rc")" = 0'

# The generator refuses what it cannot emulate, loudly.
sed 's/vars.RWONCE_GIT/vars.SOMETHING_ELSE/' "$WF" >"$TEST_TMP/bad.yml"
test_expect_failure_msg 'an expression without a value stops the generator' \
	'no value for the expression .\{\{ vars.SOMETHING_ELSE \}\}' \
	'python3 "$GEN" "$TEST_TMP/bad.yml" rwonce push >/dev/null'

# What GitHub's runner needs and a root would not show: the runner user
# is not root, so every apt-get and make install line keeps its sudo.
test_expect_success 'the workflow installs with sudo (GitHub runs steps as a user)' '
	grep -E "^[[:space:]]*(sudo )?(apt-get|make .*install)" "$WF" >"$TEST_TMP/inst" &&
	test -s "$TEST_TMP/inst" && ! grep -vE "^[[:space:]]*sudo " "$TEST_TMP/inst"'

cat >"$TEST_TMP/run.sh" <<'SH'
set -u
export DEBIAN_FRONTEND=noninteractive
# The runner image: what ubuntu-24.04 has that minbase has not.
apt-get update >/dev/null && apt-get install -y git build-essential python3 >/dev/null ||
	{ echo "== runner image: apt-get failed"; exit 2; }
cat >/usr/local/bin/sudo <<'S'
#!/bin/sh
# the runner's passwordless sudo; the job runs as root here
exec "$@"
S
mkdir -p /tmp/gh-bin /root/uploads
cat >/tmp/gh-bin/gh_checkout <<'S'
#!/bin/sh
# actions/checkout: the event's branch of the project's origin
set -e
depth=${1:-1}
ref=main; [ "$GITHUB_EVENT_NAME" = pull_request ] && ref=$GITHUB_HEAD_REF
if [ "$depth" = 0 ]; then
	git clone -q /root/origin.git "$GITHUB_WORKSPACE"
	git -C "$GITHUB_WORKSPACE" checkout -q --detach "origin/$ref"
else
	git clone -q --depth "$depth" --branch "$ref" file:///root/origin.git "$GITHUB_WORKSPACE"
fi
S
cat >/tmp/gh-bin/gh_upload_sarif <<'S'
#!/bin/sh
# github/codeql-action/upload-sarif: the file must be SARIF 2.1.0
cd "$GITHUB_WORKSPACE" && python3 - "$1" "$2" <<'P' && cp "$1" /root/uploads/
import json, sys
s = json.load(open(sys.argv[1]))
assert s["version"] == "2.1.0" and s["runs"], "not SARIF 2.1.0 with a run"
r = s["runs"][0]
print("upload-sarif: %s: %d results, automationDetails.id %s, category %s" % (
    sys.argv[1], len(r["results"]), r.get("automationDetails", {}).get("id"), sys.argv[2]))
P
S
chmod +x /usr/local/bin/sudo /tmp/gh-bin/*
sh /root/ci-project.sh
job() { # event
	rm -rf /tmp/runner-temp /tmp/gh-work; mkdir -p /tmp/runner-temp
	env CI=true GITHUB_ACTIONS=true GITHUB_EVENT_NAME=$1 \
		GITHUB_WORKSPACE=/tmp/gh-work RUNNER_TEMP=/tmp/runner-temp RUNNER_OS=Linux \
		GITHUB_BASE_REF=$([ "$1" = pull_request ] && echo main) \
		GITHUB_HEAD_REF=$([ "$1" = pull_request ] && echo mr) \
		PATH=/tmp/gh-bin:$PATH bash /root/job-$1.sh
}
job push; echo "== push: exit status $?"
job pull_request; echo "== pull_request: exit status $?"
SH
clean_root_run --copy "$RWONCE_ROOT/tests/lib/ci-project.sh" \
	--copy "$TEST_TMP/job-push.sh" --copy "$TEST_TMP/job-pull_request.sh" \
	--run "$TEST_TMP/run.sh"
# The log in two: the push's job, then the pull request's.
sed -n '1,/^== push: exit status/p' "$L" >"$TEST_TMP/push.log" 2>/dev/null
sed -n '/^== push: exit status/,$p' "$L" >"$TEST_TMP/pr.log" 2>/dev/null
test_expect_success 'the clean root ran both jobs (check-clean-root --run)' '
	grep -q "^== pull_request: exit status" "$L" || { cat "$TEST_TMP/ccr.out"; tail -40 "$L"; false; }'
test_expect_success 'push: install (sudo apt-get, make, sudo make install) and build pass' '
	grep -q "^== step 2 (Install rwonce): ran, exit status 0" "$TEST_TMP/push.log" &&
	grep -q "^== step 3 (Build with line tables): ran, exit status 0" "$TEST_TMP/push.log" ||
	{ tail -40 "$TEST_TMP/push.log"; false; }'
test_expect_success 'push: the find step writes both SARIF files and the annotations' '
	grep -q "^== step 4 (Find .*): ran, exit status 0" "$TEST_TMP/push.log" &&
	grep -q "^::warning file=src/b.c,line=5,.*title=rwonce audit%3A access-once::" "$TEST_TMP/push.log" &&
	grep -q "^::error file=src/a.c,line=6,.*title=rwonce scan%3A scan-torn::" "$TEST_TMP/push.log"'
test_expect_success 'push: both uploads get SARIF 2.1.0 with their category' '
	grep -q "^upload-sarif: rwonce-audit.sarif: 1 results, automationDetails.id rwonce/audit/" "$TEST_TMP/push.log" &&
	grep -q "^upload-sarif: rwonce-scan.sarif: 1 results, automationDetails.id rwonce/scan/" "$TEST_TMP/push.log"'
test_expect_success 'push: the pull request steps are skipped, the job passes' '
	grep -q "^== step 7 (.*): skipped" "$TEST_TMP/push.log" &&
	grep -q "^== step 8 (New findings fail the pull request): skipped" "$TEST_TMP/push.log" &&
	grep -q "^== push: exit status 0" "$L"'
test_expect_success 'pull request: the base branch is built and its findings written' '
	grep -q "^== step 7 (The base branch.s findings): ran, exit status 0" "$TEST_TMP/pr.log" ||
	{ tail -40 "$TEST_TMP/pr.log"; false; }'
test_expect_success 'pull request: the gate fails the job (exit 1) ...' '
	grep -q "^== step 8 (New findings fail the pull request): ran, exit status 1" "$TEST_TMP/pr.log" &&
	grep -q "^== pull_request: exit status 1" "$L"'
test_expect_success '... naming only the finding the pull request adds' '
	grep -q "^src/b.c:10:2: warning: .*\\[access-once\\]" "$TEST_TMP/pr.log" &&
	! grep -q "^src/b.c:5:.*\\[access-once\\]" "$TEST_TMP/pr.log" &&
	grep -q "^rwonce audit: 1 finding in 1 of 2 files: access-once 1, 1 in the baseline (of its 1)" "$TEST_TMP/pr.log"'
test_done
