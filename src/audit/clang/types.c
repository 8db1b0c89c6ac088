/*
 * Types for the clang engine's rules: is it volatile, is it an aggregate,
 * how many scalars does a copy move, and how to spell it for a reader --
 * through typedefs, with unnamed records written out.
 */
#include "audit/clang/unit-internal.h"

#include <stdlib.h>
#include <string.h>

char *cxstr(CXString s)
{
	const char *p = clang_getCString(s);
	char *r = xstrdup(p ? p : "");

	clang_disposeString(s);
	return r;
}

int is_volatile(CXType t)
{
	return clang_isVolatileQualifiedType(t) ||
	       clang_isVolatileQualifiedType(clang_getCanonicalType(t));
}

static int is_array_kind(enum CXTypeKind k)
{
	return k == CXType_ConstantArray || k == CXType_IncompleteArray ||
	       k == CXType_VariableArray || k == CXType_DependentSizedArray;
}

enum aggregate aggregate_kind(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	if (is_array_kind(c.kind))
		return AGG_ARRAY;
	if (c.kind != CXType_Record)
		return AGG_NONE;
	return clang_getCursorKind(clang_getTypeDeclaration(c)) ==
			       CXCursor_UnionDecl ?
		       AGG_UNION :
		       AGG_STRUCT;
}

/* A struct or union without a tag (typedef struct { ... } pte_t): its
 * canonical spelling is its fields.  libclang 14 spells such a record by
 * its typedef name or "(unnamed struct at ...)", so look at the tag. */
int record_is_unnamed(CXCursor decl)
{
	char *name;
	int unnamed;

	if (clang_Cursor_isAnonymous(decl))
		return 1;
	name = cxstr(clang_getCursorSpelling(decl));
	unnamed = !*name || strchr(name, ' ') || name[0] == '(';
	free(name);
	if (!unnamed) {
		/* The typedef's name given to an unnamed record: the tag
		 * does not appear in the record's own tokens. */
		CXToken *toks;
		unsigned nr;
		CXTranslationUnit tu = clang_Cursor_getTranslationUnit(decl);

		clang_tokenize(tu, clang_getCursorExtent(decl), &toks, &nr);
		unnamed = nr >= 2 &&
			  clang_getTokenKind(toks[1]) != CXToken_Identifier;
		clang_disposeTokens(tu, toks, nr);
	}
	return unnamed;
}

struct field_spell {
	struct strbuf *sb;
	int depth;
};

static enum CXVisitorResult spell_field(CXCursor field, CXClientData data)
{
	struct field_spell *fs = data;
	char *name = cxstr(clang_getCursorSpelling(field));

	strbuf_addch(fs->sb, ' ');
	spell_type_canonical(clang_getCursorType(field), fs->sb, fs->depth + 1);
	if (*name)
		strbuf_addf(fs->sb, " %s", name);
	if (clang_Cursor_isBitField(field))
		strbuf_addf(fs->sb, " : %d", clang_getFieldDeclBitWidth(field));
	strbuf_addch(fs->sb, ';');
	free(name);
	return CXVisit_Continue;
}

/*
 * The canonical type as C: named records by their tag, anonymous ones
 * written out with their fields ("struct { unsigned long pte; }"), which
 * is what the reader of a finding needs to see through a typedef.
 */
void spell_type_canonical(CXType t, struct strbuf *sb, int depth)
{
	CXType c = clang_getCanonicalType(t);
	CXCursor decl = clang_getTypeDeclaration(c);

	if (c.kind == CXType_Record && depth < 4 && record_is_unnamed(decl)) {
		struct field_spell fs = { sb, depth };

		/* The object's own qualifiers are not part of what the
		 * reader needs; a field's are. */
		if (depth && clang_isConstQualifiedType(c))
			strbuf_addstr(sb, "const ");
		if (depth && clang_isVolatileQualifiedType(c))
			strbuf_addstr(sb, "volatile ");
		strbuf_addstr(sb, clang_getCursorKind(decl) == CXCursor_UnionDecl ?
					  "union {" : "struct {");
		clang_Type_visitFields(c, spell_field, &fs);
		strbuf_addstr(sb, " }");
		return;
	}
	if (is_array_kind(c.kind) && depth < 4) {
		spell_type_canonical(clang_getArrayElementType(c), sb, depth + 1);
		if (c.kind == CXType_ConstantArray)
			strbuf_addf(sb, "[%lld]", clang_getArraySize(c));
		else
			strbuf_addstr(sb, "[]");
		return;
	}
	{
		char *s = cxstr(clang_getTypeSpelling(c));

		strbuf_addstr(sb, s);
		free(s);
	}
}

/* Drop the qualifiers a reader does not need on the object's type. */
char *spell_type_unqualified(CXType t)
{
	char *s = cxstr(clang_getTypeSpelling(t));
	const char *p = s;
	char *r;

	for (;;) {
		if (!strncmp(p, "volatile ", 9))
			p += 9;
		else if (!strncmp(p, "const ", 6))
			p += 6;
		else
			break;
	}
	r = xstrdup(p);
	free(s);
	return r;
}

void count_storage_units(CXType t, struct field_count *fc, int depth);

static enum CXVisitorResult count_field(CXCursor field, CXClientData data)
{
	struct field_count *fc = data;

	if (clang_Cursor_isBitField(field)) {
		/* Consecutive bit-fields share storage: one unit per run. */
		if (!fc->in_bitfield_run && clang_getFieldDeclBitWidth(field))
			fc->units++;
		fc->in_bitfield_run = clang_getFieldDeclBitWidth(field) != 0;
		return CXVisit_Continue;
	}
	fc->in_bitfield_run = 0;
	count_storage_units(clang_getCursorType(field), fc, 1);
	return CXVisit_Continue;
}

/* A union's members, each counted on its own: the most units any uses. */
struct union_count {
	unsigned max;
};

static enum CXVisitorResult count_member(CXCursor field, CXClientData data)
{
	struct union_count *uc = data;
	struct field_count one = { 0, 0 };

	if (clang_Cursor_isBitField(field))
		one.units = clang_getFieldDeclBitWidth(field) ? 1 : 0;
	else
		count_storage_units(clang_getCursorType(field), &one, 1);
	if (one.units > uc->max)
		uc->max = one.units;
	return CXVisit_Continue;
}

/*
 * The scalars a copy of t moves: struct fields (nested structs
 * flattened, a run of bit-fields counted once), array elements.  A union
 * counts as the member that uses the most storage units: when the
 * volatile value initialises a local whose fields are then read (the
 * kernel's READ_ONCE shape), clang copies it member by member
 * (union { u64 v; struct { u32 lo, hi; }; } may be read as two loads),
 * while a union whose members are each one scalar (union { u32 a; s32 b; },
 * s390's ipte_control: a word and one run of bit-fields) is one unit.
 */
void count_storage_units(CXType t, struct field_count *fc, int depth)
{
	CXType c = clang_getCanonicalType(t);

	if (depth > 8) {
		fc->units++;
		return;
	}
	switch (aggregate_kind(c)) {
	case AGG_STRUCT:
		{
			struct field_count inner = { 0, 0 };

			clang_Type_visitFields(c, count_field, &inner);
			fc->units += inner.units;
		}
		return;
	case AGG_UNION:
		{
			struct union_count uc = { 0 };

			clang_Type_visitFields(c, count_member, &uc);
			fc->units += uc.max ? uc.max : 1;
		}
		return;
	case AGG_ARRAY:
		if (c.kind == CXType_ConstantArray) {
			struct field_count el = { 0, 0 };

			count_storage_units(clang_getArrayElementType(c), &el,
					    depth + 1);
			fc->units += el.units * (unsigned)clang_getArraySize(c);
		} else {
			fc->units += 2;
		}
		return;
	default:
		fc->units++;
		return;
	}
}
