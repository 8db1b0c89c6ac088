#!/bin/sh
# The type index of the lexical engine: typedefs, records (with anonymous
# members), declarators, scopes; "unknown" for what it cannot know.
. "$(dirname "$0")/lib/tap.sh"

LT="$TEST_TOOL cfront"
D=$RWONCE_ROOT/tests/cfront
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"

POS="24:2 25:2 26:2 27:2 28:2 28:9 28:14 29:2 30:2 31:2 31:16 32:2 33:2 34:2 34:15 35:2 36:2 36:3 36:26 37:2 37:7 37:10 37:16 37:19 37:28 37:34 37:40 46:15 46:26 46:31"
test_expect_success 'operand types match the golden answers' \
	"$LT type $D/types.c $POS >$TEST_TMP/types && diff -u $D/types.expect $TEST_TMP/types"
test_expect_success 'a conflict, a call and an unknown typedef are unknown' \
	"grep -q '^31:16: unknown' $D/types.expect && grep -q '^34:2: unknown' $D/types.expect && grep -q '^32:2: unknown' $D/types.expect"
test_expect_success 'typedef spelling is kept next to the canonical type' \
	"grep -q \"^24:2: scalar 'u32_t' 'unsigned int'\" $D/types.expect && grep -q \"^37:2: union 'ipte_t' 'union ipte_control'\" $D/types.expect"
test_expect_success 'static __always_inline before the type: the parameters are seen' \
	"grep -q \"^46:15: scalar 'u32_t' 'unsigned int'\" $D/types.expect && grep -q \"^46:26: scalar 'u32_t'\" $D/types.expect"

# The answers at positions $2... of fixture $1.c, into $TEST_TMP/$1.out;
# the golden file is $1.expect, and the key lines are asked of the output.
types_of() {
	_to=$1
	shift
	$LT type "$D/$_to.c" "$@" >"$TEST_TMP/$_to.out" &&
		diff -u "$D/$_to.expect" "$TEST_TMP/$_to.out"
}

# A struct or union tag defined in a function's body: that record there,
# hiding the file's of the same tag; elsewhere the file's, or unknown when
# only another function defines it.
test_expect_success 'a tag defined in a function body is seen there only' \
	'types_of scoped-tags 8:9 13:9 13:33 19:9 19:34 24:9'
O=$TEST_TMP/scoped-tags.out
test_expect_success '... with the local, the file and no record chosen' \
	"grep -qx \"8:9: scalar 'unsigned char' 'unsigned char'\" $O &&
	 grep -qx \"13:9: scalar 'long' 'long'\" $O && grep -qx '24:9: unknown' $O"

# A typedef declared in a function's body: that type there, hiding the
# file's typedef of the name; in another function no type (not a cast).
test_expect_success 'a typedef declared in a function body is seen there only' \
	'types_of scoped-typedefs 7:9 11:9 16:9 20:9'
O=$TEST_TMP/scoped-typedefs.out
test_expect_success '... the local, the file and no typedef chosen' \
	"grep -qx \"7:9: scalar 'word_t' 'unsigned char'\" $O &&
	 grep -qx \"11:9: scalar 'word_t' 'unsigned long'\" $O && grep -qx '20:9: unknown' $O"

# _Atomic(T), the specifier, is T (a declared object, a typedef, a cast),
# spelled as written; _Atomic(_Atomic(T)) is no C and stays unknown.
test_expect_success '_Atomic(T) is the type T' \
	'types_of atomic-specifier 6:9 17:9 17:17 17:26 17:36 17:40 18:9 18:46'
O=$TEST_TMP/atomic-specifier.out
test_expect_success '... a static of a function, a pointer inside, a cast' \
	"grep -qx \"6:9: scalar '_Atomic(unsigned long)' 'unsigned long'\" $O &&
	 grep -qx \"17:17: scalar 'int' 'int'\" $O &&
	 grep -qx \"17:40: scalar '_Atomic(short)' 'short'\" $O && grep -qx '18:46: unknown' $O"

# The scalar a once-access of an aggregate can be spelled on (fix
# --from-scan): a union's member of its size, a struct's only member, the
# union around a struct member (its own or anonymous); none for a plain
# struct, a bit-field, a size that does not match, a struct around it, a
# member that is a pointer (not the aggregate) though a u64 sits beside it.
APOS="23:9:4 23:14:4 23:19:4 23:24:4 23:29:8 23:34:4:tickets 23:47:4:tickets 23:60:4:tickets 23:73:4:tickets 23:9:2 29:9:8:tp"
test_expect_success 'scalar aliases match the golden answers' \
	"$LT alias $D/alias.c $APOS >$TEST_TMP/alias && diff -u $D/alias.expect $TEST_TMP/alias"
test_expect_success '... with a hit and a miss of each kind' \
	"grep -qx '23:9:4: val' $D/alias.expect && grep -qx '23:19:4: none' $D/alias.expect &&
	 grep -qx '23:60:4:tickets: slock' $D/alias.expect && grep -qx '23:47:4:tickets: none' $D/alias.expect"

# Hostile input never crashes the index: deep nesting, broken declarations.
awk 'BEGIN { printf "int f(void) { return "; for (i = 0; i < 50000; i++) printf "("; printf "x"; for (i = 0; i < 50000; i++) printf ")"; print "; }"; print "struct { struct { struct { int a; } ; } ; } s; int g( { ; typedef ; struct ; x y z ;" }' >"$TEST_TMP/deep.c"
test_expect_success 'deep nesting and broken declarations' \
	"$LT type $TEST_TMP/deep.c 1:22 1:23 >$TEST_TMP/deep.out && grep -q '1:22: unknown' $TEST_TMP/deep.out"

test_done
