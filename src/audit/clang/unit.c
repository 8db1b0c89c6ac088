/*
 * The audit of one translation unit through libclang: parse it with its
 * own flags, then walk the AST looking for volatile accesses and judge
 * each by its real types.
 *
 * Every once-access idiom in use -- ACCESS_ONCE, the kernel's
 * __READ_ONCE/__WRITE_ONCE, liburcu's CMM_ACCESS_ONCE, hand-written
 * casts -- has the same shape after expansion:
 *
 *	*(volatile T *)&(x)      a UnaryOperator '*' over a CStyleCastExpr
 *	                         to pointer-to-volatile over '&x'
 *
 * so the engine finds the shape in the AST, takes the object x from the
 * '&' (its type as written, e.g. pte_t) and the accessed type from the
 * dereference, and asks libclang which macro the '*' came from: the
 * macro expansion that starts at the '*''s file location (a token of a
 * macro body has the invocation's location), followed through the macro
 * bodies to the first once-access macro it reaches.
 */
#define _GNU_SOURCE /* memmem */
#include "audit/clang/unit-internal.h"
#include "cfront/idioms.h"
#include "cfront/lexer.h"
#include "lib/run-command.h"
#include "lib/shown-path.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The parse options: the detailed preprocessing record gives us macro
 * definitions and expansions as cursors; KeepGoing keeps the AST after
 * errors so one bad header does not hide the rest of the unit. */
#define PARSE_OPTIONS                                                      \
	(CXTranslationUnit_DetailedPreprocessingRecord |                     \
	 CXTranslationUnit_KeepGoing)

/* How many libclang error diagnostics are shown for a failed unit. */
#define MAX_DIAGNOSTICS 10

static const char *file_display_path(struct walk *w, CXFile file)
{
	char *real;

	for (size_t i = 0; i < w->nr_paths; i++)
		if (w->paths[i].file == file)
			return w->paths[i].path;
	real = cxstr(clang_File_tryGetRealPathName(file));
	if (!*real) {
		free(real);
		real = cxstr(clang_getFileName(file));
	}
	ALLOC_GROW(w->paths, w->nr_paths + 1, w->alloc_paths);
	w->paths[w->nr_paths].file = file;
	w->paths[w->nr_paths].path = xstrdup(shown_path(real));
	free(real);
	return w->paths[w->nr_paths++].path;
}

/*
 * How the value of an lvalue expression is used, in the uses every
 * command names (cfront/idioms.h): as a whole (read, or written when it
 * is the left side of '='), or not as a whole (a member is selected,
 * its address taken, its size asked).
 */
static enum once_use whole_use(const struct frame *f)
{
	CXCursor self = f->c;
	const struct frame *p = f->up;

	while (p && (p->kind == CXCursor_ParenExpr ||
		     p->kind == CXCursor_UnexposedExpr)) {
		self = p->c;
		p = p->up;
	}
	if (!p)
		return ONCE_READ;
	switch (p->kind) {
	case CXCursor_MemberRefExpr:
		return ONCE_MEMBER;
	case CXCursor_UnaryExpr: /* sizeof, _Alignof */
	case CXCursor_TypeRef:
		return ONCE_UNEVALUATED;
	case CXCursor_UnaryOperator: {
		CXCursor obj;

		return is_address_of(p->c, &obj) ? ONCE_ADDRESS : ONCE_READ;
	}
	case CXCursor_CStyleCastExpr:
		/* A child of a cast that is not its last child sits in the
		 * cast's type: typeof(ACCESS_ONCE(x)). */
		return clang_equalCursors(last_child(p->c), self) ?
			ONCE_READ : ONCE_UNEVALUATED;
	case CXCursor_VarDecl: {
		CXCursor init = clang_Cursor_getVarDeclInitializer(p->c);

		return clang_equalCursors(init, self) ? ONCE_READ :
							       ONCE_UNEVALUATED;
	}
	case CXCursor_BinaryOperator: {
		/* Only '=' and ',' take a struct operand; the left of '='
		 * is written.  (The result type of '=' is the unqualified
		 * left type, so compare cursors, not types.) */
		struct children ch = children_of(p->c);

		if (ch.nr == 2 && clang_equalCursors(ch.c[0], self) &&
		    aggregate_kind(clang_getCursorType(self)) != AGG_NONE)
			return ONCE_WRITE;
		return ONCE_READ;
	}
	default:
		if (clang_isDeclaration(p->kind))
			return ONCE_UNEVALUATED;
		return ONCE_READ;
	}
}

/* ---- findings --------------------------------------------------------- */

/*
 * The end of a macro call written at buf[off] (NAME ( ... )): the byte
 * after the matching ')', skipping strings, characters and comments; 0
 * when off does not start a call.
 */
static size_t call_end(const char *buf, size_t size, size_t off)
{
	size_t i = off, depth = 0, limit = off + 65536 < size ? off + 65536 : size;

	while (i < limit && (isalnum((unsigned char)buf[i]) || buf[i] == '_'))
		i++;
	if (i == off)
		return 0;
	while (i < limit && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	if (i >= limit || buf[i] != '(')
		return 0;
	for (; i < limit; i++) {
		char c = buf[i];

		if (c == '"' || c == '\'') {
			for (i++; i < limit && buf[i] != c && buf[i] != '\n'; i++)
				if (buf[i] == '\\')
					i++;
		} else if (c == '/' && i + 1 < limit && buf[i + 1] == '*') {
			for (i += 2; i + 1 < limit &&
				     !(buf[i] == '*' && buf[i + 1] == '/'); i++)
				;
			i++;
		} else if (c == '/' && i + 1 < limit && buf[i + 1] == '/') {
			while (i < limit && buf[i] != '\n')
				i++;
		} else if (c == '(') {
			depth++;
		} else if (c == ')' && !--depth) {
			return i + 1;
		}
	}
	return 0;
}

/* 1-based line and column of byte off, counted from a known line start. */
static void line_col(const char *buf, size_t from, unsigned line,
		     size_t off, unsigned *l, unsigned *c)
{
	size_t bol = from;

	for (size_t i = from; i < off; i++)
		if (buf[i] == '\n') {
			line++;
			bol = i + 1;
		}
	*l = line;
	*c = (unsigned)(off - bol) + 1;
}

/*
 * Add a finding at loc's file location: the place the user wrote -- a
 * macro's name, or the token itself when it comes from a macro argument.
 * Its end is the end of the macro call written there, or else of span.
 */
static void add_finding_span(struct walk *w, enum rule_id rule,
			     CXSourceLocation loc, CXCursor span, char *message,
			     const char *spelled, const char *canonical)
{
	struct finding f;
	CXFile file, efile;
	unsigned line, col, off, eline, ecol;
	const char *buf;
	size_t size, end;

	clang_getFileLocation(loc, &file, &line, &col, &off);
	if (!file) {
		free(message);
		return;
	}
	memset(&f, 0, sizeof(f));
	f.rule = rule;
	f.path = (char *)file_display_path(w, file);
	f.line = line;
	f.col = col;
	buf = clang_getFileContents(w->tu, file, &size);
	if (buf && off < size && (end = call_end(buf, size, off)) != 0) {
		line_col(buf, off - (col - 1), line, end, &f.end_line, &f.end_col);
	} else if (!clang_Cursor_isNull(span)) {
		clang_getFileLocation(clang_getRangeEnd(clang_getCursorExtent(span)),
				      &efile, &eline, &ecol, NULL);
		if (efile == file && (eline > line || (eline == line && ecol > col))) {
			f.end_line = eline;
			f.end_col = ecol;
		}
	}
	/* clang counts a byte order mark's three bytes as columns of line
	 * 1; the lexical engine, gcc and editors do not (cfront/lexer.h) */
	if (buf && lex_bom_len(buf, size)) {
		if (f.line == 1 && f.col > 3)
			f.col -= 3;
		if (f.end_line == 1 && f.end_col > 3)
			f.end_col -= 3;
	}
	f.message = message;
	f.type_spelled = (char *)spelled;
	f.type_canonical = (char *)canonical;
	finding_list_add(w->out, &f);
	free(message);
}

/* On the finding just added (when one was: nr before it), where the
 * struct or union t is defined, for the HTML card. */
static void add_type_definition(struct walk *w, size_t nr, CXType t)
{
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(t));
	CXCursor def;
	CXSourceRange r;
	CXFile f1, f2;
	unsigned l1, l2;
	struct finding *x;

	if (w->out->nr != nr + 1 || clang_Cursor_isNull(d))
		return;
	def = clang_getCursorDefinition(d);
	if (!clang_Cursor_isNull(def))
		d = def;
	r = clang_getCursorExtent(d);
	clang_getFileLocation(clang_getRangeStart(r), &f1, &l1, NULL, NULL);
	clang_getFileLocation(clang_getRangeEnd(r), &f2, &l2, NULL, NULL);
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || l2 < l1)
		return;
	x = &w->out->items[nr];
	x->type_path = xstrdup(file_display_path(w, f1));
	x->type_line = l1;
	x->type_end_line = l2;
}

static void add_finding(struct walk *w, enum rule_id rule, CXSourceLocation loc,
			char *message, const char *spelled,
			const char *canonical)
{
	add_finding_span(w, rule, loc, clang_getNullCursor(), message, spelled,
			 canonical);
}

static int in_system_header(CXSourceLocation loc)
{
	return clang_Location_isInSystemHeader(loc);
}

static const char *aggregate_word(enum aggregate a)
{
	switch (a) {
	case AGG_STRUCT: return "struct";
	case AGG_UNION: return "union";
	case AGG_ARRAY: return "array";
	default: return "scalar";
	}
}

/* The `rwonce verify` probe that shows clang tearing this shape. */
static const char *tearing_probe(long long size, enum once_use use)
{
	static const char *const probes[2][3] = {
		{ "raw_read_pair8", "raw_read_pair16", "raw_read_pair32" },
		{ "raw_write_pair8", "raw_write_pair16", "raw_write_pair32" },
	};
	int w = use == ONCE_WRITE;

	return probes[w][size == 2 ? 0 : size == 4 ? 1 : 2];
}

/*
 * One volatile access found: at f (a '*' dereference or a volatile
 * lvalue), through a cast written in the code or not, to an object whose
 * type may be known (the operand of '&').
 */
enum access_form {
	ACCESS_PLAIN,       /* a volatile lvalue, no cast in sight */
	ACCESS_DEREF_CAST,  /* *(volatile T *)E */
	ACCESS_MEMBER_CAST, /* ((volatile T *)E)->f, ((volatile T *)E)[i] */
};

static void judge_access(struct walk *w, const struct frame *f,
			 enum access_form form, CXCursor object, CXCursor cast,
			 CXSourceLocation cast_loc)
{
	int through_cast = form != ACCESS_PLAIN;
	CXSourceLocation loc = clang_getCursorLocation(f->c);
	CXType accessed = clang_getCursorType(f->c);
	CXType obj_type;
	struct origin org;
	const char *user, *once;
	enum once_kind kind;
	char *spelled, *what;
	struct strbuf canon = STRBUF_INIT;
	enum aggregate agg;
	long long size;
	enum once_use use = whole_use(f);

	if (in_system_header(loc))
		return;
	w->sites++; /* a volatile access looked at: something was checked */
	memset(&org, 0, sizeof(org));
	if (through_cast)
		macro_origin(w, loc, &org);
	user = org.user;
	once = org.once_name;
	kind = org.kind;
	/*
	 * *(volatile typeof(x) *)&(x) from a macro that the walk through
	 * macro bodies tied neither to a once-access name nor to a project
	 * macro spelling the cast (redefined macros, very deep chains: the
	 * kernel's TRACE_EVENT): the typeof of its own operand marks the
	 * once-access idiom, not a hand-written cast.
	 */
	if (!once && user && !org.have_cast && form == ACCESS_DEREF_CAST &&
	    children_of(cast).nr >= 2) {
		once = user;
		kind = ONCE_KIND_READ;
	}

	if (!clang_Cursor_isNull(object))
		obj_type = clang_getCursorType(object);
	else
		obj_type = clang_getPointeeType(clang_getCursorType(cast));
	if (!through_cast)
		obj_type = accessed;
	spelled = spell_type_unqualified(obj_type);
	spell_type_canonical(obj_type, &canon, 0);
	/* Drop the qualifiers from the canonical spelling too. */
	{
		char *u = spell_type_unqualified(clang_getCanonicalType(obj_type));

		if (aggregate_kind(obj_type) == AGG_NONE ||
		    (aggregate_kind(obj_type) != AGG_ARRAY &&
		     !record_is_unnamed(clang_getTypeDeclaration(
			     clang_getCanonicalType(obj_type))))) {
			strbuf_reset(&canon);
			strbuf_addstr(&canon, u);
		}
		free(u);
	}
	/* libclang spells an unnamed record by where it is ("struct
	 * (unnamed struct at f.c:3:2)"): show its fields instead. */
	if (strstr(spelled, "(unnamed") || strstr(spelled, "(anonymous")) {
		free(spelled);
		spelled = xstrdup(canon.buf);
	}
	agg = aggregate_kind(obj_type);
	size = clang_Type_getSizeOf(obj_type);

	if (once && user && strcmp(user, once))
		what = xasprintf("%s (via %s)", once, user);
	else if (once)
		what = xstrdup(once);
	else if (user)
		what = xasprintf("volatile cast in macro %s", user);
	else if (through_cast)
		what = xstrdup("volatile cast");
	else
		what = xstrdup("volatile access");

	/* volatile-cast: a cast written by hand, reported where it is
	 * written -- in a project macro's body (once for all its uses, as
	 * the lexical engine does) when it comes from one.  Not in a
	 * system header's macro: that is not the user's to change. */
	if (through_cast && !once && org.have_cast) {
		/* One finding for all the macro's uses: no type. */
		if (!in_system_header(org.cast))
			add_finding(w, RULE_VOLATILE_CAST, org.cast,
				    xasprintf("volatile cast in macro %s: use "
					      "READ_ONCE or WRITE_ONCE",
					      org.cast_macro),
				    NULL, NULL);
	} else if (through_cast && !once) {
		add_finding_span(w, RULE_VOLATILE_CAST, cast_loc, f->c,
				 xasprintf("%s access to '%s': use READ_ONCE or "
					   "WRITE_ONCE",
					   user ? what :
						  "hand-written volatile-cast",
					   spelled),
				 spelled, canon.buf);
	}

	if (form == ACCESS_MEMBER_CAST)
		goto out; /* the member's access is judged on its own */

	/* access-once-nonscalar: ACCESS_ONCE-like access (or a hand-written
	 * cast) whose object is a struct, union or array. */
	if (through_cast && agg != AGG_NONE && (!once || kind == ONCE_KIND_ACCESS))
	{
		char *aka = strcmp(spelled, canon.buf) ?
				    xasprintf(" (aka '%s')", canon.buf) :
				    xstrdup("");

		add_finding_span(w, RULE_ACCESS_ONCE_NONSCALAR, loc, f->c,
			    xasprintf("%s on %s type '%s'%s: the volatile is "
				      "not kept reliably and the access can "
				      "tear",
				      what, aggregate_word(agg), spelled, aka),
			    spelled, canon.buf);
		free(aka);
	}

	/* once-size: a once-access that cannot be one access. */
	if (through_cast && size > 0 &&
	    (!(size == 1 || size == 2 || size == 4 || size == 8) ||
	     (unsigned long long)size > w->word_bytes))
		add_finding_span(w, RULE_ONCE_SIZE, loc, f->c,
			    (size == 1 || size == 2 || size == 4 || size == 8) ?
				    xasprintf("%s of '%s' (%lld bytes): larger "
					      "than the %u-byte word of %s, the "
					      "access can tear",
					      what, spelled, size, w->word_bytes,
					      w->target) :
				    xasprintf("%s of '%s' (%lld bytes): no single "
					      "access has that size",
					      what, spelled, size),
			    spelled, canon.buf);

	/* volatile-aggregate: the access itself is a volatile copy of a
	 * struct or union of 2, 4 or 8 bytes that uses more than one storage
	 * unit, which the compiler may split (clang does). */
	if ((use == ONCE_READ || use == ONCE_WRITE) &&
	    (aggregate_kind(accessed) == AGG_STRUCT ||
	     aggregate_kind(accessed) == AGG_UNION)) {
		long long asize = clang_Type_getSizeOf(accessed);
		struct field_count fc = { 0, 0 };

		size_t nr = w->out->nr;

		count_storage_units(accessed, &fc, 0);
		if ((asize == 2 || asize == 4 || asize == 8) && fc.units > 1) {
			add_finding_span(w, RULE_VOLATILE_AGGREGATE, loc, f->c,
				    xasprintf("%s: volatile %s of %lld-byte %s "
					      "'%s' with %u storage units, not "
					      "through a scalar: the compiler may "
					      "split it (clang does: rwonce "
					      "verify probe %s); 'rwonce scan' "
					      "on the build confirms it",
					      what,
					      once_use_name(use),
					      asize,
					      aggregate_kind(accessed) == AGG_UNION ?
					      "union" : "struct",
					      spelled, fc.units,
					      tearing_probe(asize, use)),
				    spelled, canon.buf);
			add_type_definition(w, nr, accessed);
		}
	}
out:
	free(what);
	free(spelled);
	origin_release(&org);
	strbuf_release(&canon);
}

static int is_volatile_pointer_cast(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	return clang_getCursorKind(c) == CXCursor_CStyleCastExpr &&
	       t.kind == CXType_Pointer && is_volatile(clang_getPointeeType(t));
}

/* An operand of an asm statement ("+m" (*(volatile char *)p)) tells the
 * compiler which memory the asm touches; C does not access it. */
static int in_asm_operand(const struct frame *f)
{
	for (const struct frame *p = f->up; p; p = p->up) {
		if (p->kind == CXCursor_AsmStmt)
			return 1;
		if (!clang_isExpression(p->kind))
			return 0;
	}
	return 0;
}

/*
 * volatile-wrong-level: *(volatile void **)p reads a pointer whose own type
 * is not volatile -- the qualifier is on what it points to -- so the read
 * is a plain load (the lexical engine's rule, cfront/idioms.h).  Not when
 * the pointer read is dereferenced at once (**(volatile int **)pp,
 * (*(...))[i], ->f): the volatile is meant for the object pointed to.
 */
static void check_wrong_level(struct walk *w, const struct frame *f)
{
	CXCursor operand, cast, ignored;
	CXType pointee, t;
	const struct frame *p;
	enum once_use use;
	CXString ts;
	char *msg;

	if (!is_deref_of(f->c, &operand))
		return;
	cast = skip_parens(operand);
	if (clang_getCursorKind(cast) != CXCursor_CStyleCastExpr)
		return;
	pointee = clang_getPointeeType(
		clang_getCanonicalType(clang_getCursorType(cast)));
	if (pointee.kind != CXType_Pointer || is_volatile(pointee))
		return;
	for (t = clang_getPointeeType(pointee); !is_volatile(t);
	     t = clang_getPointeeType(t))
		if (t.kind != CXType_Pointer)
			return;
	if (in_system_header(clang_getCursorLocation(f->c)) ||
	    in_asm_operand(f))
		return;
	use = whole_use(f);
	if (use == ONCE_ADDRESS || use == ONCE_MEMBER ||
	    use == ONCE_UNEVALUATED)
		return;
	for (p = f->up; p && (p->kind == CXCursor_ParenExpr ||
			      p->kind == CXCursor_UnexposedExpr); p = p->up)
		;
	if (p && (p->kind == CXCursor_ArraySubscriptExpr ||
		  (p->kind == CXCursor_UnaryOperator &&
		   is_deref_of(p->c, &ignored))))
		return;
	ts = clang_getTypeSpelling(clang_getCursorType(cast));
	msg = xasprintf("volatile on the wrong level: a cast to '%s' reads a "
			"pointer with a plain load -- the volatile qualifies "
			"what it points to, not the pointer read -- which the "
			"compiler may merge with another, repeat or drop (clang "
			"does); put it on the pointer, before the cast's last "
			"'*'", clang_getCString(ts));
	clang_disposeString(ts);
	add_finding_span(w, RULE_VOLATILE_WRONG_LEVEL,
			 clang_getCursorLocation(f->c), f->c, msg, NULL, NULL);
}

static void check_expr(struct walk *w, const struct frame *f)
{
	CXCursor operand, cast, object = clang_getNullCursor();
	CXType t;

	if (f->kind != CXCursor_UnaryOperator &&
	    f->kind != CXCursor_MemberRefExpr &&
	    f->kind != CXCursor_ArraySubscriptExpr &&
	    f->kind != CXCursor_DeclRefExpr)
		return;
	/* Every access the rules judge has a volatile type (a member or
	 * element of a volatile object is volatile too): the cheap test
	 * first, it rejects nearly every expression of a unit. */
	t = clang_getCursorType(f->c);
	if (!is_volatile(t) && f->kind == CXCursor_UnaryOperator &&
	    clang_getCanonicalType(t).kind == CXType_Pointer) {
		check_wrong_level(w, f);
		return;
	}
	if (!is_volatile(t) || in_asm_operand(f))
		return;

	switch (f->kind) {
	case CXCursor_UnaryOperator:
		if (!is_deref_of(f->c, &operand))
			return;
		cast = skip_parens(operand);
		if (is_volatile_pointer_cast(cast)) {
			CXCursor arg = skip_parens(last_child(cast));

			if (!is_address_of(arg, &object))
				object = clang_getNullCursor();
			else
				object = skip_parens(object);
			judge_access(w, f, ACCESS_DEREF_CAST, object, cast,
				     clang_getCursorLocation(f->c));
		} else {
			judge_access(w, f, ACCESS_PLAIN, object, operand,
				     clang_getCursorLocation(f->c));
		}
		return;
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr: {
		/* ((volatile T *)E)->f and ((volatile T *)E)[i]: the base is
		 * the first child; the lexical engine reports the idiom at
		 * its outer '('. */
		struct children ch = children_of(f->c);

		if (ch.nr >= 1 && is_volatile_pointer_cast(skip_parens(ch.c[0])))
			judge_access(w, f, ACCESS_MEMBER_CAST, object,
				     skip_parens(ch.c[0]),
				     clang_getCursorLocation(ch.c[0]));
	}
		/* fall through */
	case CXCursor_DeclRefExpr:
		/* A volatile aggregate reached without a cast: only the
		 * volatile-aggregate rule applies. */
		if (aggregate_kind(t) != AGG_STRUCT &&
		    aggregate_kind(t) != AGG_UNION)
			return;
		judge_access(w, f, ACCESS_PLAIN, object, f->c,
			     clang_getCursorLocation(f->c));
		return;
	default:
		return;
	}
}

static enum CXChildVisitResult walk_cb(CXCursor c, CXCursor parent,
				       CXClientData data);

struct walk_state {
	struct walk *w;
	const struct frame *top;
};

static void walk_children(struct walk *w, const struct frame *f)
{
	struct walk_state st = { w, f };

	clang_visitChildren(f->c, walk_cb, &st);
}

static enum CXChildVisitResult walk_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct walk_state *st = data;
	struct frame f = { c, clang_getCursorKind(c), st->top };

	(void)parent;
	if (clang_isExpression(f.kind))
		check_expr(st->w, &f);
	walk_children(st->w, &f);
	return CXChildVisit_Continue;
}

/* ---- the access-once rule: ACCESS_ONCE written in user code ----------- */

static void scan_macro_body(struct walk *w, const struct macro_def *d)
{
	CXToken *toks;
	unsigned nr;
	CXSourceLocation at;

	clang_tokenize(w->tu, clang_getCursorExtent(d->cursor), &toks, &nr);
	/* A volatile cast in a macro no unit expands: the type is not
	 * known here; when the macro is used, the finding at the same place
	 * from the use (with types) came first and wins. */
	if (find_cast_in_body(w->tu, toks, nr, &at))
		add_finding(w, RULE_VOLATILE_CAST, at,
			    xasprintf("volatile cast in macro %s: use READ_ONCE "
				      "or WRITE_ONCE", d->name),
			    NULL, NULL);
	for (unsigned i = 1; i < nr; i++) {
		char *id;

		if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
			continue;
		id = cxstr(clang_getTokenSpelling(w->tu, toks[i]));
		/* A call, not a mention (#define X ACCESS_ONCE). */
		if (once_macro_kind(w->macros, id) == ONCE_KIND_ACCESS &&
		    i + 1 < nr && tok_is(w->tu, toks[i + 1], "("))
			add_finding(w, RULE_ACCESS_ONCE,
				    clang_getTokenLocation(w->tu, toks[i]),
				    xasprintf("%s is deprecated: use READ_ONCE "
					      "or WRITE_ONCE", id),
				    NULL, NULL);
		free(id);
	}
	clang_disposeTokens(w->tu, toks, nr);
}

/* ---- the unit --------------------------------------------------------- */

struct top_level {
	CXCursor *items;
	size_t nr, alloc;
	struct walk *w;
};

/* Is the place where loc was written (for a macro: expanded) in the
 * unit's main file?  A name made by token pasting is in clang's scratch
 * buffer, which is no file of the unit.  (A CXFile comparison: asking
 * libclang about a location made from an offset is slow.) */
static int in_main_file(const struct walk *w, CXSourceLocation loc)
{
	CXFile file;

	if (!w->main_file)
		return clang_Location_isFromMainFile(loc);
	clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
	return !file || file == w->main_file;
}

static enum CXChildVisitResult collect_top(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct top_level *top = data;
	struct walk *w = top->w;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_MacroDefinition) {
		CXSourceLocation loc = clang_getCursorLocation(c);

		ALLOC_GROW(w->defs, w->nr_defs + 1, w->alloc_defs);
		w->defs[w->nr_defs].name = cxstr(clang_getCursorSpelling(c));
		w->defs[w->nr_defs].cursor = c;
		w->defs[w->nr_defs].order = w->nr_defs;
		/* Its body is scanned in the first unit that has it. */
		w->defs[w->nr_defs].scan =
			!in_system_header(loc) &&
			seen_set_first(w->seen, loc, w->word_bytes);
		w->nr_defs++;
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_InclusionDirective)
		return CXChildVisit_Continue;
	/* Declarations in system headers hold no user code; those of other
	 * headers are judged in the first unit that reaches them. */
	{
		CXSourceLocation loc = clang_getCursorLocation(c);

		if (in_system_header(loc))
			return CXChildVisit_Continue;
		if (!in_main_file(w, loc) &&
		    !seen_set_first(w->seen, loc, w->word_bytes))
			return CXChildVisit_Continue;
	}
	ALLOC_GROW(top->items, top->nr + 1, top->alloc);
	top->items[top->nr++] = c;
	return CXChildVisit_Continue;
}

/* A driver complaint about an option, not about the code: the option is
 * ignored and the unit parses as it would without it. */
static int is_option_complaint(CXDiagnostic d)
{
	CXFile file;
	char *text;
	int r;

	clang_getFileLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL,
			      NULL);
	if (file)
		return 0;
	text = cxstr(clang_getDiagnosticSpelling(d));
	r = !strncmp(text, "unknown argument", 16) ||
	    !strncmp(text, "unsupported option", 18) ||
	    strstr(text, "hasn't been enabled") != NULL;
	free(text);
	return r;
}

static void add_diagnostics(CXTranslationUnit tu, const struct unit *u,
			    struct unit_result *r)
{
	unsigned n = clang_getNumDiagnostics(tu), shown = 0;

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);

		if (sev >= CXDiagnostic_Error && !is_option_complaint(d)) {
			r->failed = 1;
			if (shown++ < MAX_DIAGNOSTICS) {
				char *s = cxstr(clang_formatDiagnostic(
					d, clang_defaultDiagnosticDisplayOptions()));

				strbuf_addf(&r->diagnostics, "  %s\n", s);
				free(s);
			}
		}
		clang_disposeDiagnostic(d);
	}
	if (shown > MAX_DIAGNOSTICS)
		strbuf_addf(&r->diagnostics, "  ... and %u more errors\n",
			    shown - MAX_DIAGNOSTICS);
	(void)u;
}

/* Does the command line name a target already (--target=, -target)? */
static int names_target(const struct unit *u)
{
	for (int i = 1; i < u->argc; i++)
		if (!strncmp(u->argv[i], "--target=", 9) ||
		    !strcmp(u->argv[i], "-target") ||
		    !strcmp(u->argv[i], "--target"))
			return 1;
	return 0;
}

/*
 * libclang reports only "failed" when clang's driver stops before
 * parsing (an unknown target CPU, an option it cannot honour): ask the
 * clang of libclang's own version, with the same arguments and
 * -fsyntax-only, and keep its error lines.  Nothing is said when that
 * clang is not installed.
 */
static void driver_errors(const struct strlist *args, struct strbuf *out)
{
	char *version = cxstr(clang_getClangVersion());
	const char *v = strstr(version, "version ");
	char clang[32] = "clang";
	struct strlist argv = STRLIST_INIT;
	struct child c = CHILD_INIT;
	size_t shown = 0;

	if (v && isdigit((unsigned char)v[8]))
		snprintf(clang, sizeof(clang), "clang-%d", atoi(v + 8));
	free(version);
	if (!program_exists(clang))
		snprintf(clang, sizeof(clang), "%s", "clang");
	if (!program_exists(clang))
		return;
	strlist_push(&argv, clang);
	for (size_t i = 1; i < args->nr; i++)
		strlist_push(&argv, args->items[i]);
	strlist_push(&argv, "-fsyntax-only");
	c.argv = (const char *const *)argv.items;
	c.timeout_ms = 120000;
	if (run_child(&c) == 0) {
		const char *p = c.err.buf ? c.err.buf : "";

		while (*p && shown < MAX_DIAGNOSTICS) {
			size_t n = strcspn(p, "\n");

			if (memmem(p, n, "error:", 6)) {
				strbuf_addf(out, "  %s: %.*s\n", clang, (int)n, p);
				shown++;
			}
			p += n + (p[n] == '\n');
		}
	}
	child_release(&c);
	strlist_clear(&argv);
}

static const char *parse_error_text(enum CXErrorCode e)
{
	switch (e) {
	case CXError_Crashed: return "libclang crashed while parsing it";
	case CXError_InvalidArguments: return "invalid arguments";
	case CXError_ASTReadError: return "AST read error";
	default: return "libclang failed to parse it";
	}
}

void audit_unit(CXIndex index, const struct unit *u,
		const struct once_macros *macros,
		const struct strlist *extra_args, struct seen_set *seen,
		struct unit_result *r)
{
	struct strlist args = STRLIST_INIT;
	CXTranslationUnit tu;
	enum CXErrorCode err;
	struct walk w;
	struct top_level top = { NULL, 0, 0, NULL };
	int parse_only;

	/*
	 * The unit's own command line, run in its own folder (clang's
	 * -working-directory, so threads need not chdir), with warnings off:
	 * we want the AST, not the project's -Werror.
	 */
	for (int i = 0; i < u->argc; i++) {
		char triple[96];

		if (i && gcc_only_option(u->argv[i]))
			continue;
		strlist_push(&args, u->argv[i]);
		/* A GCC cross compiler: libclang would parse for the host
		 * (and stop at "unknown target CPU 'armv7-a'"). */
		if (!i && !names_target(u) &&
		    cross_target_of(u->argv[0], triple, sizeof(triple))) {
			char *t = xasprintf("--target=%s", triple);

			strlist_push(&args, t);
			free(t);
		}
	}
	strlist_push(&args, "-working-directory");
	strlist_push(&args, u->dir);
	strlist_push(&args, "-w");
	strlist_push(&args, "-Wno-unknown-warning-option");
	strlist_push(&args, "-ferror-limit=0");
	if (extra_args)
		for (size_t i = 0; i < extra_args->nr; i++)
			strlist_push(&args, extra_args->items[i]);

	/* libclang says only "failed" about a file it cannot read. */
	if (access(u->file, R_OK) < 0) {
		r->failed = 1;
		strbuf_addf(&r->diagnostics, "  %s: %s\n", u->file,
			    strerror(errno));
		strlist_clear(&args);
		return;
	}
	/* bench/clang-engine.sh sets this to time libclang's parse alone
	 * (as clang -fsyntax-only does it), the floor of the engine. */
	parse_only = getenv("RWONCE_CLANG_BENCH_PARSE_ONLY") != NULL;
	err = clang_parseTranslationUnit2FullArgv(
		index, NULL, (const char *const *)args.items, (int)args.nr, NULL,
		0, parse_only ? CXTranslationUnit_KeepGoing : PARSE_OPTIONS, &tu);
	if (err != CXError_Success) {
		size_t before;

		r->failed = 1;
		strbuf_addf(&r->diagnostics, "  %s\n", parse_error_text(err));
		before = r->diagnostics.len;
		driver_errors(&args, &r->diagnostics);
		if (r->diagnostics.len == before)
			strbuf_addstr(&r->diagnostics,
				      "  (no clang here to say why: run clang "
				      "-fsyntax-only with the unit's arguments)\n");
		strlist_clear(&args);
		return;
	}
	strlist_clear(&args);
	add_diagnostics(tu, u, r);
	if (parse_only) {
		clang_disposeTranslationUnit(tu);
		return;
	}

	memset(&w, 0, sizeof(w));
	w.tu = tu;
	w.macros = macros;
	w.out = &r->findings;
	w.seen = seen;
	w.main_file = clang_getFile(tu, u->file);
	{
		CXTargetInfo ti = clang_getTranslationUnitTargetInfo(tu);
		int bits = ti ? clang_TargetInfo_getPointerWidth(ti) : 64;
		char *triple = ti ? cxstr(clang_TargetInfo_getTriple(ti)) :
				    xstrdup("the target");

		w.word_bytes = bits > 0 ? (unsigned)bits / 8 : 8;
		w.target = triple;
		if (ti)
			clang_TargetInfo_dispose(ti);
	}

	top.w = &w;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_top, &top);
	macro_defs_finish(&w);

	for (size_t i = 0; i < top.nr; i++) {
		CXCursor c = top.items[i];
		enum CXCursorKind k = clang_getCursorKind(c);

		if (k == CXCursor_MacroExpansion) {
			char *name = cxstr(clang_getCursorSpelling(c));

			/* A call, not a mention: #ifdef ACCESS_ONCE is in
			 * the record as an expansion of one token. */
			if (once_macro_kind(macros, name) == ONCE_KIND_ACCESS &&
			    is_call(w.tu, c))
				add_finding(&w, RULE_ACCESS_ONCE,
					    clang_getCursorLocation(c),
					    xasprintf("%s is deprecated: use "
						      "READ_ONCE or WRITE_ONCE",
						      name),
					    NULL, NULL);
			free(name);
			continue;
		}
		{
			struct frame f = { c, k, NULL };

			walk_children(&w, &f);
		}
	}
	/* The bodies of the user's own macros, used or not, as the lexical
	 * engine sees them: ACCESS_ONCE calls, volatile casts -- but not
	 * the once-access macros and the helpers only they use. */
	{
		char *impl = once_implementation(&w);

		for (size_t i = 0; i < w.nr_defs; i++)
			if (!impl[i] && w.defs[i].scan)
				scan_macro_body(&w, &w.defs[i]);
		free(impl);
	}

	for (size_t i = 0; i < w.nr_defs; i++)
		free(w.defs[i].name);
	free(w.defs);
	for (size_t i = 0; i < w.nr_origins; i++)
		origin_release(&w.origins[i]);
	free(w.origins);
	for (size_t i = 0; i < w.nr_paths; i++)
		free(w.paths[i].path);
	free(w.paths);
	free(top.items);
	free((char *)w.target);
	r->sites = w.sites;
	clang_disposeTranslationUnit(tu);
}
