#!/bin/sh
# rwonce verify without compilers or tracers: the comparator's decisions
# (tests/verify/compare-cases.txt), the annotation parser, and its
# messages for malformed probe files.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (make check builds it)"

test_expect_success 'comparator: every case in compare-cases.txt' '
	"$TEST_TOOL" compare "$RWONCE_ROOT/tests/verify/compare-cases.txt" >"$TEST_TMP/cmp" ||
	{ grep "^not ok" "$TEST_TMP/cmp"; false; }
'

test_expect_success 'the built-in battery parses and lists library and control probes' '
	"$RWONCE" verify --list >"$TEST_TMP/list" &&
	grep -q "^ipte_unlock_siif  *library  *r0:8 x0:8 " "$TEST_TMP/list" &&
	grep -q "^raw_read_pair32  *control  *r0:8 " "$TEST_TMP/list" &&
	grep -q "^rptr_used_twice  *library  *r8:8 " "$TEST_TMP/list" &&
	test $(grep -c " library " "$TEST_TMP/list") -ge 39 &&
	test $(grep -c " control " "$TEST_TMP/list") -ge 39
'

test_expect_success 'every library shape has its raw volatile-cast control' '
	"$RWONCE" verify --list | awk "{print \$1}" >"$TEST_TMP/names" &&
	for p in $(grep -v "^raw_" "$TEST_TMP/names"); do
		grep -qx "raw_$p" "$TEST_TMP/names" || { echo "no raw_$p"; exit 1; }
	done
'

test_expect_success '--only selects probes by glob' '
	"$RWONCE" verify --list --only "ipte_*" >"$TEST_TMP/only" &&
	test $(wc -l <"$TEST_TMP/only") = 4
'

bad() { # name file-contents regex
	printf "%s\n" "$2" >"$TEST_TMP/bad.c"
	test_expect_failure_msg "$1" "$3" \
		'"$RWONCE" verify --no-builtin --probes "$TEST_TMP/bad.c" --list; test $? = 2 && false'
}

bad 'no annotation at all' 'int x;' \
	'bad\.c:1: no probe annotations'
bad 'annotation without probe line' '/*@ object o
 */' 'bad\.c:1: malformed annotation: .* must start with .probe NAME.'
bad 'bad probe name' '/*@ probe 9lives
 *  object o
 *  expect r0:4
 */' 'bad\.c:1: malformed annotation: probe name .9lives.'
bad 'bad access token names the line' '
/*@ probe p
 *  object o
 *  expect r0:4 q4:4
 */' 'bad\.c:4: malformed annotation: bad access .q4:4.'
bad 'zero width' '/*@ probe p
 *  object o
 *  expect r0:0
 */' 'bad\.c:3: malformed annotation: bad access .r0:0.'
bad 'unknown key' '/*@ probe p
 *  object o
 *  expects r0:4
 */' 'bad\.c:3: malformed annotation: unknown key .expects.'
bad 'missing expect' '/*@ probe p
 *  object o
 */' 'bad\.c:1: malformed annotation: probe .p. has no .expect. line'
bad 'missing object' '/*@ probe p
 *  expect r0:4
 */' 'bad\.c:1: malformed annotation: probe .p. has no .object. line'
bad 'unterminated comment' '/*@ probe p
 *  object o' 'bad\.c:1: unterminated annotation comment'
bad 'a probe defined twice' '/*@ probe p
 *  object o
 *  expect r0:4
 */
/*@ probe p
 *  object o
 *  expect r0:4
 */' 'bad\.c:5: probe .p. is already defined at .*bad\.c:1'

test_expect_failure_msg 'a probe file that does not exist' 'nope\.c: cannot read' \
	'"$RWONCE" verify --probes "$TEST_TMP/nope.c" --list; test $? = 2 && false'

test_expect_success 'annotation errors exit 2' '
	printf "int x;\n" >"$TEST_TMP/empty.c"
	"$RWONCE" verify --no-builtin --probes "$TEST_TMP/empty.c" --list
	test $? = 2
'

test_expect_success 'verify --help lists the options' '
	"$RWONCE" verify --help >"$TEST_TMP/help" &&
	for o in --cc --target --opt --cflags --probes --tracer --json --emit-header --jobs; do
		grep -q -e "$o" "$TEST_TMP/help" || { echo "no $o"; exit 1; }
	done
'

test_done
