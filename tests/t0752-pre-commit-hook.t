#!/bin/sh
# .pre-commit-hooks.yaml: rwonce audit as a pre-commit hook.  In make
# check its YAML is read and the hook run as pre-commit runs it (the
# entry, split into words, with the files its pattern selects appended);
# in make check-full pre-commit itself (Debian's, deps/full) runs it
# with try-repo on a small repository: a finding fails the hook, a
# commit with nothing to report passes.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3
requires git git
requires --full pre-commit pre-commit

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd python3 git
HOOKS=$RWONCE_ROOT/.pre-commit-hooks.yaml
cd "$TEST_TMP" || exit 1
mkdir bin && ln -s "$RWONCE" bin/rwonce
PATH=$TEST_TMP/bin:$PATH

python3 - "$HOOKS" >hook.sh <<'PY'
import re, shlex, sys, yaml
hooks = yaml.safe_load(open(sys.argv[1]))
assert isinstance(hooks, list) and len(hooks) == 1, hooks
h = hooks[0]
for key in ("id", "name", "entry", "language"):
    assert isinstance(h.get(key), str) and h[key], key
assert h["id"] == "rwonce-audit" and h["language"] == "system", h
files = re.compile(h["files"])
assert files.search("src/a.c") and files.search("include/x.h"), h["files"]
assert not files.search("a.py") and not files.search("a.cc"), h["files"]
print(" ".join(shlex.quote(w) for w in shlex.split(h["entry"])) + ' "$@"')
PY
test_expect_success 'the hook file: one hook, rwonce-audit, language system, C files only' \
	'test -s hook.sh && grep -q "^rwonce audit" hook.sh'
mkdir repo
printf 'int x;\nint g(void) { return ACCESS_ONCE(x); }\n' >repo/a.c
printf 'int y;\nint h(void) { return y; }\n' >repo/b.c
printf 'int y;\n' >repo/c.h
test_exit_msg 1 'its entry on a file with a finding: exit 1, the finding named' \
	'^a.c:2:22: warning: .*\[access-once\]' sh -c 'cd repo && sh ../hook.sh a.c b.c'
test_expect_success 'its entry on files with nothing to report: exit 0, silent' '
	(cd repo && sh ../hook.sh b.c c.h) >out 2>&1 && ! test -s out'

if have_cmd pre-commit && git -C "$RWONCE_ROOT" rev-parse --verify -q HEAD >/dev/null &&
   git -C "$RWONCE_ROOT" cat-file -e HEAD:.pre-commit-hooks.yaml 2>/dev/null; then
	git -C repo init -q . && git -C repo add . &&
	export PRE_COMMIT_HOME=$TEST_TMP/pre-commit-home
	test_exit_msg 1 'pre-commit try-repo: the hook fails on the finding' \
		'rwonce audit\.*Failed' sh -c 'cd repo && pre-commit try-repo "$0" rwonce-audit --files a.c b.c' "$RWONCE_ROOT"
	test_exit_msg 0 'pre-commit try-repo: it passes a clean commit' \
		'rwonce audit\.*Passed' sh -c 'cd repo && pre-commit try-repo "$0" rwonce-audit --files b.c c.h' "$RWONCE_ROOT"
else
	test_skip 'pre-commit try-repo' "$(missing_why pre-commit) (or the tree is no git checkout with the hook file committed)"
fi
test_done
