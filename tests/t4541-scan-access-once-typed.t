#!/bin/sh
# A tree that defines a built-in once-macro name its own way: libuv's
# ACCESS_ONCE(type, var) is *(volatile type *)&(var), its object the
# second argument.  scan kept the built-in's first argument, the type,
# as the object: every use "its size not known" or worse (libuv's
# benchmark-async-pummel.o, gcc 12: 5 of 5 unattributed -- "calls a
# function", "the stack only", "its size not known").  audit typed no
# call of more than one argument, so ACCESS_ONCE(struct pair, h->pair),
# a volatile struct copy clang splits, had no nonscalar finding.  The
# tree's definition names the object: scan judges h->data and h->pair
# (torn by clang, one load by gcc), audit types them, fix still names
# each call it leaves.  On the four builds of issue 31.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

SRC=$RWONCE_ROOT/tests/scan/user-access-once-typed.c

while read -r name cfg; do
	user_config_enter "$name" "ACCESS_ONCE(type, var)" $cfg || continue
	user_build "$name $cfg" "$SRC" t.o || exit 1
	case $name in
	clang-*) pair=torn rc=1 ;;
	*) pair=ok rc=0 ;;
	esac
	test_expect_success "$name: the object is the second argument, typed and judged" '
		{ "$RWONCE" scan --json --no-source t.o >out.json 2>err
		  test $? = $rc; } &&
		grep -q "\"site\": \"ACCESS_ONCE(h->data)\", \"access\": \"write\", \"type\": \"char \*\", \"size\": 8, [^{]*\"verdict\": \"ok\"" out.json &&
		grep -q "\"site\": \"ACCESS_ONCE(h->pair)\", \"access\": \"read\", \"type\": \"struct pair\", \"size\": 8, [^{]*\"verdict\": \"$pair\"" out.json &&
		grep -q "\"unattributed\": 0}" out.json
	'
done <<EOF2
$USER_CONFIGS
EOF2

mkdir -p "$TEST_TMP/tree" && cp "$SRC" "$TEST_TMP/tree/t.c" || exit 1
cd "$TEST_TMP" || exit 1
test_expect_success 'audit: the object argument typed, the struct copy a nonscalar error' '
	{ "$RWONCE" audit --no-source tree >out 2>err; test $? = 1; } &&
	grep -q "t.c:17:2: warning: ACCESS_ONCE(\.\.\., h->data) is deprecated: use WRITE_ONCE(h->data, value) (type .char \*.)" out &&
	grep -q "t.c:22:18: error: ACCESS_ONCE(\.\.\., h->pair) on a struct type .struct pair.: " out
'
test_expect_success 'fix: each call it leaves is named' '
	{ "$RWONCE" fix tree >out 2>&1; test $? = 1; } &&
	grep -q "t.c:17:2: note: ACCESS_ONCE() left unchanged: not called with exactly one argument" out &&
	grep -q "t.c:22:18: note: ACCESS_ONCE() left unchanged: not called with exactly one argument" out &&
	grep -q "0 sites to convert in 0 files, 2 left unchanged" out
'

# two definitions that disagree (a tree with both spellings, as this
# repository's tests/ is): the first read decides, and the run ends
mkdir -p "$TEST_TMP/both" && cp "$SRC" "$TEST_TMP/both/t.c" || exit 1
printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\nint g;\nint get(void) { return ACCESS_ONCE(g); }\n' >"$TEST_TMP/both/one.c"
test_expect_success 'both spellings in one tree: audit and fix end' '
	{ timeout 120 "$RWONCE" audit --no-source both >out 2>&1; test $? = 1; } &&
	{ timeout 120 "$RWONCE" fix both >out 2>&1; test $? = 1; }
'
test_done
