#!/bin/sh
# Every report names the inputs a run did not check, with the reason
# (issue 33, point 9): "unchecked" in the JSON of scan, audit and fix,
# SARIF notifications with the artifact, a list in the HTML page (not
# "see the messages").  A path that is not UTF-8 keeps its bytes
# ("path_bytes", %XX), and text output shows the control characters of
# file names (ESC, OSC, newline) instead of sending them to the terminal.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
need_cmd gcc python3

cd "$TEST_TMP" || exit 1
mkdir src tree
cp "$RWONCE_ROOT/tests/scan/kernel-shape.c" src/k.c
(cd src && gcc -O2 -g -c k.c -o ../k.o)
printf 'not an object\n' >bad.o
# a file name with ESC, an OSC title sequence, a newline and a byte that
# is not UTF-8 (0xff)
WEIRD=$(printf 'w\033]0;PWNED\007\nx\377.o')
printf 'not an object\n' >"$WEIRD"
printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\nint f(int *p) { return ACCESS_ONCE(*p); }\n' >tree/a.c
printf 'int x;\0\n' >tree/bin.c
printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\nint g(int *p) { return ACCESS_ONCE(*p); }\n' >"tree/$(printf 'e\033[31m\nq\377.c')"

json() { # file python-expression on d (the document)
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if eval(sys.argv[2]) else 1)' "$1" "$2"
}

test_expect_success 'scan --json: each unchecked input named with its reason, exit 2' '
	"$RWONCE" scan --json k.o bad.o gone.o >out.json 2>err; test $? = 2 &&
	json out.json "[(u[\"path\"], u[\"level\"]) for u in d[\"unchecked\"]] == [(\"bad.o\", \"error\"), (\"gone.o\", \"error\")]" &&
	json out.json "d[\"unchecked\"][0][\"reason\"] == \"not an ELF file or a static archive\"" &&
	json out.json "d[\"unchecked\"][1][\"reason\"].startswith(\"cannot read: No such file\")" &&
	json out.json "d[\"files\"][\"trouble\"] == 2"
'

test_expect_success 'scan --json, all checked: an empty list' '
	"$RWONCE" scan --json k.o >out.json 2>err &&
	json out.json "d[\"unchecked\"] == []"
'

test_expect_success 'a path that is not UTF-8: "path_bytes" gives its bytes back' '
	"$RWONCE" scan --json "$WEIRD" >out.json 2>err; test $? = 2 &&
	python3 -c "import json, sys, urllib.parse
d = json.load(open(\"out.json\"))
u = d[\"unchecked\"][0]
raw = urllib.parse.unquote_to_bytes(u[\"path_bytes\"])
sys.exit(0 if raw == sys.argv[1].encode(\"utf-8\", \"surrogateescape\") and \"\\ufffd\" in u[\"path\"] else 1)" "$WEIRD"
'

if have_cmd clang; then
	test_expect_success 'fix --from-scan finds a source whose name is not UTF-8 by its path_bytes' '
		mkdir rt && cp src/k.c "rt/$(printf "k\377.c")" &&
		(cd rt && clang -O2 -g -c "$(printf "k\377.c")" -o k.o &&
		 { "$RWONCE" scan --json k.o >s.json 2>err; test $? = 1; } &&
		 "$RWONCE" fix --from-scan s.json . >fix.diff 2>err; test $? = 1) &&
		grep -q "^+++ \"b/k\\\\377.c\"" rt/fix.diff &&
		grep -q "^k\\\\xff\.c:[0-9]*:[0-9]*: note: " rt/err
	'
else
	test_skip 'fix --from-scan and path_bytes' "$(missing_why clang)"
fi

test_expect_success 'text: no ESC, BEL or raw newline of a file name reaches stderr' '
	"$RWONCE" scan "$WEIRD" >out 2>err; test $? = 2 &&
	! grep -q "$(printf "\033")" err && ! grep -q "$(printf "\007")" err &&
	grep -q "^rwonce: error: w\\\\x1b\\]0;PWNED\\\\x07\\\\nx\\\\xff\\.o: not an ELF file" err
'

test_expect_success 'audit --json: the binary file skipped is named; text escapes the weird name' '
	"$RWONCE" audit --json tree >out.json 2>err; test $? = 1 &&
	json out.json "[(u[\"path\"], u[\"level\"], u[\"reason\"]) for u in d[\"unchecked\"]] == [(\"tree/bin.c\", \"warning\", \"binary file (NUL byte at offset 6), skipped\")]" &&
	json out.json "any(\"path_bytes\" in f for f in d[\"findings\"])" &&
	"$RWONCE" audit tree >out 2>err; test $? = 1 &&
	! grep -q "$(printf "\033")" out && grep -q "^tree/e\\\\x1b\\[31m\\\\nq\\\\xff\\.c:2:24: warning: " out
'

test_expect_success 'fix --format=json: the binary file named too' '
	"$RWONCE" fix --format=json tree >out.json 2>err; test $? = 1 &&
	json out.json "[u[\"path\"] for u in d[\"unchecked\"]] == [\"tree/bin.c\"]"
'

test_expect_success 'SARIF: each unchecked input a notification with its artifact, said once' '
	"$RWONCE" scan --format=sarif k.o bad.o >out.sarif 2>err; test $? = 2 &&
	json out.sarif "[n[\"locations\"][0][\"physicalLocation\"][\"artifactLocation\"][\"uri\"] for n in d[\"runs\"][0][\"invocations\"][0][\"toolExecutionNotifications\"] if \"locations\" in n] == [\"bad.o\"]" &&
	json out.sarif "sum(1 for n in d[\"runs\"][0][\"invocations\"][0][\"toolExecutionNotifications\"] if \"bad.o\" in n[\"message\"][\"text\"]) == 1" &&
	json out.sarif "d[\"runs\"][0][\"invocations\"][0][\"executionSuccessful\"] is False"
'

test_expect_success 'HTML: a list of what was not checked, not "see the messages"' '
	"$RWONCE" scan --format=html k.o bad.o >out.html 2>err; test $? = 2 &&
	grep -q "<section id=\"unchecked\"><h2>Not checked</h2>" out.html &&
	grep -q "<li><code>bad.o</code>: not an ELF file or a static archive</li>" out.html &&
	! grep -q "see the messages" out.html
'

test_done
