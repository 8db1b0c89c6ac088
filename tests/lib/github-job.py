#!/usr/bin/env python3
"""github-job.py: a GitHub Actions job as a shell script (t0733).

    github-job.py WORKFLOW.yml JOB EVENT > job.sh

Reads the workflow with a YAML parser (python3-yaml) and writes a bash
script that runs the job's steps in order, as GitHub's runner does for
the event EVENT (push or pull_request):

- a `run:` step is run with `bash --noprofile --norc -eo pipefail`
  (GitHub's default shell on Linux) in $GITHUB_WORKSPACE, with the
  workflow's, the job's and the step's `env:`;
- a step runs when no earlier step failed, or when its `if:` is
  `always()`; a failed step fails the job;
- `${{ ... }}` expressions, in `run:`, `env:`, `with:` and `if:`, are
  replaced by EXPRESSIONS below before the shell sees them (as GitHub
  does); one that is not there stops this script (exit 2), never a
  silent empty string;
- a `uses:` step is one of ACTIONS below, done by a command of the
  runner emulation (gh_checkout, gh_upload_sarif: t0733 puts them on
  PATH) with the action's inputs as arguments, in the order ACTIONS
  names them; any other action, or input, stops this script.

Each step prints "== step N (NAME): ran, exit status S" or
"== step N (NAME): skipped"; the job ends with "== job: exit status S".
"""
import re
import shlex
import sys

import yaml

# What GitHub substitutes for each expression the recipes use, here.
EXPRESSIONS = {
    "vars.RWONCE_GIT": "/root/rwonce",          # the clone check-clean-root made
    "runner.temp": "/tmp/runner-temp",          # also $RUNNER_TEMP
    "github.event_name": None,                  # EVENT (set below)
}
# if: conditions, by event: true or false; "always" runs after a failure.
CONDITIONS = {
    "always()": "always",
    "github.event_name == 'pull_request'": lambda ev: ev == "pull_request",
    "github.event_name == 'push'": lambda ev: ev == "push",
}
ACTIONS = {
    "actions/checkout": ("gh_checkout", ["fetch-depth"]),
    "github/codeql-action/upload-sarif": ("gh_upload_sarif", ["sarif_file", "category"]),
}
STEP_KEYS = {"name", "uses", "with", "run", "env", "if", "id"}


def die(msg):
    print("github-job.py: error: " + msg, file=sys.stderr)
    sys.exit(2)


def substitute(text, event):
    def one(m):
        expr = m.group(1).strip()
        if expr not in EXPRESSIONS:
            die("no value for the expression ${{ %s }} (add it to EXPRESSIONS)" % expr)
        return event if expr == "github.event_name" else EXPRESSIONS[expr]
    return re.sub(r"\$\{\{(.*?)\}\}", one, str(text))


def condition(cond, event):
    """'run', 'skip' or 'always' for a step's if:."""
    if cond is None:
        return "run"
    cond = str(cond).strip()
    m = re.fullmatch(r"\$\{\{(.*)\}\}", cond)
    if m:
        cond = m.group(1).strip()
    if cond not in CONDITIONS:
        die("cannot evaluate the condition if: %s (add it to CONDITIONS)" % cond)
    c = CONDITIONS[cond]
    if c == "always":
        return "always"
    return "run" if c(event) else "skip"


def env_words(envs, event):
    words = []
    for env in envs:
        for k, v in (env or {}).items():
            words.append("%s=%s" % (k, shlex.quote(substitute(v, event))))
    return words


def main():
    if len(sys.argv) != 4:
        die("usage: github-job.py WORKFLOW.yml JOB EVENT")
    path, jobname, event = sys.argv[1:]
    with open(path) as f:
        wf = yaml.safe_load(f)
    job = (wf.get("jobs") or {}).get(jobname)
    if not job:
        die("%s: no job %s" % (path, jobname))
    for key in ("defaults", "container", "services", "strategy"):
        if key in job or key in wf:
            die("%s: '%s' is not emulated here" % (path, key))
    out = ["#!/bin/bash", "# %s, job %s, event %s (tests/lib/github-job.py)" % (path, jobname, event),
           "set -u", "failed=0", "mkdir -p /tmp/gh-steps"]
    for n, step in enumerate(job.get("steps") or [], 1):
        unknown = set(step) - STEP_KEYS
        if unknown:
            die("step %d: keys not emulated: %s" % (n, ", ".join(sorted(unknown))))
        name = step.get("name") or step.get("uses") or ("run " + str(step.get("run", "")).split("\n")[0])
        env = env_words([wf.get("env"), job.get("env"), step.get("env")], event)
        when = condition(step.get("if"), event)
        if "run" in step:
            script = "/tmp/gh-steps/%d.sh" % n
            body = substitute(step["run"], event)
            out.append("cat >%s <<'GH_STEP_%d'\n%sGH_STEP_%d" % (script, n, body if body.endswith("\n") else body + "\n", n))
            cmd = '(cd "$GITHUB_WORKSPACE" && env %s bash --noprofile --norc -eo pipefail %s)' % (
                " ".join(env), script)
        elif "uses" in step:
            action, _, _ = step["uses"].partition("@")
            if action not in ACTIONS:
                die("step %d: the action %s is not emulated (ACTIONS)" % (n, step["uses"]))
            fn, inputs = ACTIONS[action]
            w = step.get("with") or {}
            extra = set(w) - set(inputs)
            if extra:
                die("step %d: %s inputs not emulated: %s" % (n, action, ", ".join(sorted(extra))))
            args = [shlex.quote(substitute(w.get(i, ""), event)) for i in inputs]
            cmd = "(env %s %s %s)" % (" ".join(env), fn, " ".join(args))
        else:
            die("step %d has neither run: nor uses:" % n)
        label = "== step %d (%s)" % (n, name)
        gate = {"run": '[ "$failed" = 0 ]', "always": "true", "skip": "false"}[when]
        out.append("if %s; then\n\t%s\n\trc=$?\n\techo %s\n\t[ \"$rc\" = 0 ] || failed=1\n"
                   "else\n\techo %s\nfi" % (
                       gate, cmd, shlex.quote(label + ": ran, exit status") + ' "$rc"',
                       shlex.quote(label + ": skipped")))
    out.append('echo "== job: exit status $failed"')
    out.append('exit "$failed"')
    print("\n".join(out))


main()
