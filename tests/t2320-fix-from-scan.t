#!/bin/sh
# rwonce fix --from-scan: the closed loop on small objects built here.
# tests/fix-from-scan/aggregates.c spells the kernel's READ_ONCE and
# WRITE_ONCE of structs and unions; clang -O2 tears four of them.  From
# scan's JSON, fix reads the union through its u32 (a braced
# initializer), the struct inside a union through the union's u32, writes
# the union through its u32, and leaves the plain two-field struct with a
# note.  The patched file compiles (clang and gcc, -Wall -Werror) and its
# rescan has no torn finding but the plain struct's.  Bad input: a scan
# result naming a file that does not exist, a source that is not the one
# scanned, malformed JSON, a result with no torn finding.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires patch patch

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
clang_can x86_64-linux-gnu || skip_all "$(clang_why x86_64-linux-gnu)"
cd "$TEST_TMP" || exit 1

SRC=$RWONCE_ROOT/tests/fix-from-scan/aggregates.c
WORD=$(line_of "$SRC" "union lock_word v = READ_ONCE(*w);")
TICKET=$(line_of "$SRC" "READ_ONCE(lock->tickets)")
PAIR=$(line_of "$SRC" "READ_ONCE(*p)")
SET=$(line_of "$SRC" "WRITE_ONCE(*w, v);")
CFLAGS="-std=gnu11 -O2 -g -Wall -Wextra -Werror"

cp "$SRC" a.c
test_expect_success 'clang -O2 tears the four aggregate sites (the input)' "
	clang $CFLAGS -c a.c -o a.o &&
	{ '$RWONCE' scan --json a.o >a.json 2>scan.err; test \$? = 1; } &&
	test \$(grep -c '\"rule\": \"scan-torn\"' a.json) = 4"
test_expect_success 'scan calls each of them fixable: a struct or union of a known size' "
	test \$(grep -c '\"size\": 4, \"fixable\": true' a.json) = 4"

test_expect_success 'the diff: union through its u32, struct through the union around it, write too' "
	{ '$RWONCE' fix --from-scan a.json >fix.diff 2>fix.err; test \$? = 1; } &&
	grep -qxF -- '+	union lock_word v = { .val = READ_ONCE(w->val) };' fix.diff &&
	grep -qxF -- '+	struct tickets t = ((__typeof__(*lock)){ .slock = READ_ONCE(lock->slock) }).tickets;' fix.diff &&
	grep -qxF -- '+	({ __typeof__(*w) __rwonce_v = (v); WRITE_ONCE(w->val, __rwonce_v.val); });' fix.diff &&
	test \$(grep -c '^+[^+]' fix.diff) = 3 &&
	grep -q 'a.c:$WORD:.*read through its scalar member .val. \[scan-torn\]' fix.err &&
	grep -q 'a.c:$TICKET:.*read through the scalar of the union around it, .slock.' fix.err &&
	grep -q 'a.c:$SET:.*written through its scalar member .val.' fix.err &&
	grep -q 'rwonce fix: 3 sites to rewrite in 1 file, 1 left unchanged' fix.err"

test_expect_success 'a struct with no scalar of its size: a note, no edit' "
	grep -q \"a.c:$PAIR:.*READ_ONCE(\\*p) of 'struct pair' (4 bytes) left unchanged: 'struct pair' has no scalar member of 4 bytes\" fix.err &&
	! grep -q 'READ_ONCE(p->' fix.diff"

test_expect_success 'the diff applies with patch -p1 where the file is' "
	mkdir applied && cp a.c applied/ && (cd applied && patch -s -p1 <../fix.diff) &&
	! cmp -s a.c applied/a.c"

test_expect_success '--in-place writes the same edits' "
	cp a.c b.c && sed 's|\"a\\.c\"|\"b.c\"|' a.json >b.json &&
	{ '$RWONCE' fix -q --in-place --from-scan b.json; test \$? = 1; } &&
	cmp applied/a.c b.c"

for cc in clang gcc; do
	test_expect_success "$cc: the patched file compiles (-Wall -Wextra -Werror)" "
		$cc $CFLAGS -c b.c -o b-$cc.o"
done

test_expect_success 'clang -O2, rescanned: only the plain struct is still torn' "
	{ '$RWONCE' scan --json b-clang.o >b.scan 2>b.err; test \$? = 1; } &&
	test \$(grep -c '\"rule\": \"scan-torn\"' b.scan) = 1 &&
	grep -q '\"line\": $PAIR,' b.scan &&
	grep -q 'ok 5, torn 1' b.err"

test_expect_success 'gcc -O2, rescanned: nothing torn' "
	'$RWONCE' scan b-gcc.o >g.out 2>g.err && test ! -s g.out"

test_expect_success 'the rescan of the fixed file: nothing left to fix' "
	'$RWONCE' fix --from-scan b.scan >again.diff 2>again.err; test \$? = 1 &&
	test ! -s again.diff && grep -q '0 sites to rewrite in 0 files, 1 left unchanged' again.err"

sed 's|"a\.c"|"no-such-dir/gone.c"|' a.json >gone.json
test_exit_msg 2 'a scan result naming a file that does not exist: exit 2' \
	'gone.c: cannot read it .No such file or directory.: its 4 sites named by the scan result are not fixed' \
	"$RWONCE" fix --from-scan gone.json

printf '/* moved */\n' >moved.c && cat a.c >>moved.c && cp moved.c moved.orig &&
	sed 's|"a\.c"|"moved.c"|' a.json >moved.json
test_exit_msg 2 'a source that is not the one scanned: exit 2, named' \
	"moved.c:$WORD:[0-9]*: no once-access call starts there: the source is not the one that was scanned" \
	"$RWONCE" fix --in-place --from-scan moved.json
test_expect_success '... and the file is left as it was' 'cmp moved.c moved.orig'

printf '{"findings": [ {"path": "a.c", ' >bad.json
test_exit_msg 2 'malformed JSON: exit 2' 'is not the JSON of rwonce scan --json' \
	"$RWONCE" fix --from-scan bad.json
test_exit_msg 2 'a missing scan result: exit 2' 'cannot read missing.json' \
	"$RWONCE" fix --from-scan missing.json
printf '{"tool": "rwonce"}\n' >nofind.json
test_exit_msg 2 'JSON without findings: exit 2' 'has no "findings": not the output of rwonce scan --json' \
	"$RWONCE" fix --from-scan nofind.json

# A result whose only finding is a scalar (written here: clang makes no
# such finding on this file; the site and its call are real).
SCALAR=$(line_of "$SRC" "return READ_ONCE(*c);")
printf '{"findings": [{"path": "a.c", "line": %s, "column": 9, "rule": "scan-widened", "message": "READ_ONCE(*c) of %su32%s (4 bytes) compiled to an 8-byte load: widened", "type": "u32", "size": 4, "fixable": false}]}\n' \
	"$SCALAR" "'" "'" >scalar.json
test_expect_success 'a result with no struct or union finding: said, no edit' "
	'$RWONCE' fix --from-scan scalar.json >scalar.diff 2>scalar.err; test \$? = 1 &&
	test ! -s scalar.diff &&
	grep -q 'a.c:$SCALAR:9: note: READ_ONCE(\*c) of .u32. left unchanged: not a struct or union' scalar.err &&
	grep -q 'every site of scalar.json is a scalar: no struct or union access for fix to edit' scalar.err"

test_expect_success 'a scan result with no torn finding: said, exit 0' "
	'$RWONCE' scan --json b-gcc.o >clean.json 2>/dev/null &&
	'$RWONCE' fix --from-scan clean.json >clean.diff 2>clean.err &&
	test ! -s clean.diff &&
	grep -q 'holds no torn, duplicated or widened finding: nothing to fix' clean.err"

test_done
