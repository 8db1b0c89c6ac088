#!/bin/sh
# output as a key of the config file (rwonce(1), CONFIG FILE):
# `output = FORMAT=FILE ...` (repeatable) writes those reports on every
# run, FILE taken from the config file's folder (- : stdout); a
# command-line --output of the same FORMAT (or a stdout one, for the
# file's stdout one) replaces the file's, the others stay; the command
# says which file it read and the reports it named (without -v, as the
# command line did not name them; never with -q).  A value that is not
# FORMAT=FILE is an error naming FILE:LINE (exit 2).
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3
requires git git

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd git python3
cd "$TEST_TMP" || exit 1
mkdir -p tree/src tree/reports
git init -q tree
printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\nint f;\nint g(void) { return ACCESS_ONCE(f); }\n' >tree/src/a.c
cat >tree/.rwonce.ini <<'INI'
[audit]
output = sarif=reports/audit.sarif
output = html=reports/audit.html
INI
R=$RWONCE
sarif_ok() { # file: SARIF 2.1.0 with the one access-once result
	python3 - "$1" <<'P'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == "2.1.0", d["version"]
res = d["runs"][0]["results"]
assert [r["ruleId"] for r in res] == ["access-once"], res
P
}

(cd tree/src && "$R" audit .) >out 2>err; rc=$?
test_expect_success 'the file'"'"'s reports are written, from its folder, by a run in a subfolder' '
	test $rc = 1 && sarif_ok tree/reports/audit.sarif &&
	grep -q "<html" tree/reports/audit.html && grep -q "a.c:3:.*\\[access-once\\]" out'
test_expect_success 'the command says which file it read and the reports it named' '
	grep -qx "rwonce audit: options from /.*/tree/.rwonce.ini (output = sarif=/.*/tree/reports/audit.sarif html=/.*/tree/reports/audit.html)" err'
rm -f tree/reports/*
(cd tree && "$R" audit --output sarif=mine.sarif src) >out 2>err
test_expect_success 'a command-line --output of the same format replaces the file'"'"'s; the other stays' '
	sarif_ok tree/mine.sarif && test ! -e tree/reports/audit.sarif &&
	test -s tree/reports/audit.html &&
	grep -qx "rwonce audit: options from .rwonce.ini (output = html=reports/audit.html)" err'
rm -f tree/reports/* tree/mine.sarif
(cd tree && "$R" audit -q src) >out 2>err
test_expect_success '-q: the reports are written, nothing said of the file' '
	sarif_ok tree/reports/audit.sarif && ! grep -q "options from" err'
rm -f tree/reports/*
(cd tree && "$R" audit --no-config src) >out 2>err
test_expect_success '--no-config: no report of the file' '
	test -z "$(ls tree/reports)" && ! grep -q "options from" err'

# stdout: the file's json=- gives way to the command line's sarif=-
printf '[all]\noutput = json=- codequality=cq.json\n' >tree/.rwonce.ini
(cd tree && "$R" audit src) >out 2>err
test_expect_success '[all] output = json=- : the JSON report on stdout instead of the text' '
	python3 -c "import json; d=json.load(open(\"out\")); assert d[\"findings\"][0][\"rule\"]==\"access-once\"" &&
	python3 -c "import json; d=json.load(open(\"tree/cq.json\")); assert len(d)==1, d"'
(cd tree && "$R" audit --output sarif=- src) >out 2>err
test_expect_success 'a command-line stdout report replaces the file'"'"'s stdout one' '
	sarif_ok out && grep -qx "rwonce audit: options from .rwonce.ini (output = codequality=cq.json)" err'
(cd tree && "$R" fix src) >out 2>err; rc=$?
test_expect_success 'fix has no --output: [all] output is not for it' '
	test $rc != 2 && grep -q "^+.*READ_ONCE(f)" out'
printf '[fix]\noutput = json=x.json\n' >tree/.rwonce.ini
test_exit_msg 2 '... and in [fix] it is an error' \
	'\.rwonce\.ini:2: rwonce fix has no --output' "$R" fix tree/src
printf '[audit]\noutput = sarif\n' >tree/.rwonce.ini
test_exit_msg 2 'a value that is not FORMAT=FILE: FILE:LINE, exit 2' \
	'^rwonce: error: .*tree/\.rwonce\.ini:2: output = sarif: .sarif. is not FORMAT=FILE' \
	"$R" audit tree/src
printf '[audit]\noutput = nosuch=x\n' >tree/.rwonce.ini
test_exit_msg 2 'an unknown format: exit 2, naming it' \
	'unknown format .nosuch.' "$R" audit tree/src
test_done
