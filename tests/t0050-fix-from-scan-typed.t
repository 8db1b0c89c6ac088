#!/bin/sh
# fix --from-scan reads scan's findings as typed data (issue 36, point 2):
# the object's size from the finding's "size", whether it is a struct or
# union fix can respell from its "fixable" (scan sets it), the rules it
# works on from rules.def's owner column, through findings_read_json() --
# never from the English of the message, and no list of rules of its own.  The JSON is written here on the sites of
# tests/fix-from-scan/aggregates.c (t2320 makes the real one with clang):
# a message that says nothing of the size, or a wrong size, changes
# nothing; a result without "size" (an older rwonce scan) leaves the
# site with a note saying so.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1

SRC=$RWONCE_ROOT/tests/fix-from-scan/aggregates.c
WORD=$(line_of "$SRC" "union lock_word v = READ_ONCE(*w);")
COL=$(awk -v n="$WORD" 'NR == n { print index($0, "READ_ONCE") }' "$SRC")
cp "$SRC" a.c

finding() { # MESSAGE SIZE-MEMBER [FIXABLE]
	printf '{"tool": "rwonce", "findings": [{"path": "a.c", "line": %s, "column": %s, "rule": "scan-torn", "level": "error", "message": "%s", "type": "union lock_word", "type_canonical": null%s, "fixable": %s}]}\n' \
		"$WORD" "$COL" "$1" "$2" "${3:-true}"
}

finding "reworded: nothing here gives a size (99 bytes)" ', "size": 4' >sized.json
test_expect_success 'the size comes from "size", not from the message' "
	{ '$RWONCE' fix --from-scan sized.json >fix.diff 2>fix.err; test \$? = 1; } &&
	grep -qxF -- '+	union lock_word v = { .val = READ_ONCE(w->val) };' fix.diff &&
	test \$(grep -c '^+[^+]' fix.diff) = 1"

finding "READ_ONCE(*w) of 'union lock_word' (4 bytes) compiled to 2 loads: torn" '' >old.json
test_expect_success 'a result without "size" (an older scan): the site is left, with the reason' "
	{ '$RWONCE' fix --from-scan old.json >old.diff 2>old.err; test \$? = 1; } &&
	test ! -s old.diff &&
	grep -q \"a.c:$WORD:$COL: note: .*does not give the object's size (no .size.: an older rwonce scan's; scan again)\" old.err"

finding "READ_ONCE(*w) of 'union lock_word' (4 bytes) compiled to 2 loads: torn" ', "size": 4' false >scalar.json
test_expect_success '"fixable": false (scan: no struct or union) is left, whatever the source types' "
	{ '$RWONCE' fix --from-scan scalar.json >scalar.diff 2>scalar.err; test \$? = 1; } &&
	test ! -s scalar.diff &&
	grep -q \"a.c:$WORD:$COL: note: READ_ONCE(\\*w) of 'union lock_word' left unchanged: not a struct or union\" scalar.err"

sed 's/"scan-torn"/"access-once"/' sized.json >audit.json
test_expect_success "a rule scan does not own is not fix --from-scan's (rules.def)" "
	'$RWONCE' fix --from-scan audit.json >audit.diff 2>audit.err &&
	test ! -s audit.diff &&
	grep -q 'holds no torn, duplicated or widened finding' audit.err"
test_done
