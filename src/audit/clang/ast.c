/*
 * Reading libclang's expression cursors: children, parentheses and
 * implicit conversions, and the two unary operators the rules care about
 * ('*' and '&'), told apart by their types since libclang 14 has no
 * operator kind for UnaryOperator.
 */
#include "audit/clang/unit-internal.h"

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct children *ch = data;

	(void)parent;
	if (ch->nr < ARRAY_SIZE(ch->c))
		ch->c[ch->nr] = c;
	ch->nr++;
	return CXChildVisit_Continue;
}

struct children children_of(CXCursor c)
{
	struct children ch = { { { 0, 0, { 0, 0, 0 } } }, 0 };

	clang_visitChildren(c, collect_child, &ch);
	return ch;
}

CXCursor last_child(CXCursor c)
{
	struct children ch = children_of(c);

	if (!ch.nr)
		return clang_getNullCursor();
	return ch.c[ch.nr > ARRAY_SIZE(ch.c) ? ARRAY_SIZE(ch.c) - 1 : ch.nr - 1];
}

/* Skip parentheses and implicit conversions (UnexposedExpr). */
CXCursor skip_parens(CXCursor c)
{
	for (int i = 0; i < 64; i++) {
		enum CXCursorKind k = clang_getCursorKind(c);

		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
			return c;
		{
			struct children ch = children_of(c);

			if (ch.nr != 1)
				return c;
			c = ch.c[0];
		}
	}
	return c;
}

/* libclang 14 has no operator kind for UnaryOperator; the types tell
 * '*' (pointer operand, result its pointee) from everything else. */
int is_deref_of(CXCursor op, CXCursor *operand)
{
	struct children ch = children_of(op);
	CXType pt, rt;

	if (ch.nr != 1)
		return 0;
	pt = clang_getCanonicalType(clang_getCursorType(ch.c[0]));
	if (pt.kind != CXType_Pointer)
		return 0;
	rt = clang_getCanonicalType(clang_getCursorType(op));
	if (!clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(pt)),
			      rt))
		return 0;
	*operand = ch.c[0];
	return 1;
}

/* '&x': returns x. */
int is_address_of(CXCursor op, CXCursor *object)
{
	struct children ch;
	CXType rt;

	if (clang_getCursorKind(op) != CXCursor_UnaryOperator)
		return 0;
	ch = children_of(op);
	if (ch.nr != 1)
		return 0;
	rt = clang_getCanonicalType(clang_getCursorType(op));
	if (rt.kind != CXType_Pointer)
		return 0;
	if (!clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(rt)),
			      clang_getCanonicalType(
				      clang_getCursorType(ch.c[0]))))
		return 0;
	*object = ch.c[0];
	return 1;
}
