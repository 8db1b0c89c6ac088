#!/bin/sh
# The typeof family has one table (src/cfront/tokscan.c, token_is_typeof):
# typeof, __typeof__, __typeof, typeof_unqual, __typeof_unqual__,
# __typeof_unqual and Linux's __unqual_scalar_typeof.  Before, six lists
# in cfront and rewrite spelled three different sets (issue 36, point 4):
# a volatile cast through __typeof_unqual__ or __typeof_unqual was not
# seen by audit at all, and an ACCESS_ONCE inside typeof_unqual(...) was
# rewritten by fix as if it were an access, while inside typeof(...) it
# was left.  Every spelling now behaves like typeof.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1

FAMILY="typeof __typeof__ __typeof typeof_unqual __typeof_unqual__ __typeof_unqual __unqual_scalar_typeof"

for kw in $FAMILY; do
	mkdir "$kw"
	printf 'int x;\nint f(void) { return *(volatile %s(x) *)&x; }\n' "$kw" >"$kw/cast.c"
	test_expect_success "$kw: a volatile cast of the operand's own type is found and fixable" "
		\"\$RWONCE\" audit --no-source $kw/cast.c >out 2>err; test \$? = 1 &&
		grep -qx \"$kw/cast.c:2:22: note: hand-written volatile read of 'x': use READ_ONCE(x) \[volatile-cast\]\" out
	"
	test_expect_success "$kw: fix converts it to READ_ONCE(x)" "
		\"\$RWONCE\" fix $kw/cast.c >out 2>err; test \$? = 1 &&
		grep -qx '+int f(void) { return READ_ONCE(x); }' out
	"
	printf '#include <rwonce.h>\nint x;\nint g(void) { %s(ACCESS_ONCE(x)) v = ACCESS_ONCE(x); return v; }\n' "$kw" >"$kw/operand.c"
	test_expect_success "$kw: its operand is not evaluated: fix leaves ACCESS_ONCE there" "
		\"\$RWONCE\" fix $kw/operand.c >out 2>err; test \$? = 1 &&
		grep -q 'operand.c:3:[0-9]*: note: ACCESS_ONCE() left unchanged: operand of sizeof or typeof: not an access' err &&
		grep -qx '+int g(void) { $kw(ACCESS_ONCE(x)) v = READ_ONCE(x); return v; }' out
	"
done

# One table: no other file of src/ spells a member of the family as a
# word to recognise ("typeof" alone in quotes); code that writes C
# ("__typeof__(" in fix --from-scan's edits) is another matter.
test_expect_success 'the family is spelled only in src/cfront/tokscan.c' '
	pat="\"(typeof|__typeof__|__typeof|typeof_unqual|__typeof_unqual__|__typeof_unqual|__unqual_scalar_typeof|__auto_type)\""
	grep -rlE "$pat" "$RWONCE_ROOT/src" | sed "s|^$RWONCE_ROOT/||" >have &&
	echo src/cfront/tokscan.c >want &&
	diff want have &&
	test "$(grep -cE "$pat" "$RWONCE_ROOT/src/cfront/tokscan.c")" = 7
'

test_done
