/*
 * The type of a simple C lvalue as the DWARF at an address sees it
 * (dwarf-lines.h, line_unit_expr_type): the variables in scope there --
 * locals, parameters (of inlined copies too, through their abstract
 * origin) and the unit's globals -- and the types they lead to through
 * *, &, ->, . and [].  What the lexical type index cannot know (typeof,
 * macro-declared objects, other files' structs) the compiler wrote down.
 */
#include "cfront/member-macros.h"
#include "cfront/tokscan.h"
#include "elf/dwarf-lines.h"
#include "elf/dwarf-internal.h"
#include "lib/strset.h"
#include "lib/util.h"

#include <ctype.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A type: the DIE, and how many '&' were applied to it (a pointer to the
 * DIE's type that DWARF has no DIE for). */
struct ctype {
	Dwarf_Die die;
	int addr_of;
	/* subscripts already applied to die, an array of more dimensions
	 * than that (one DIE, a subrange each: long nr_pages[4][2][5]):
	 * x[i] of it is a row, not yet the element */
	int dims;
};

struct parser {
	const char *p;
	Dwarf_Die *scopes;
	int nscopes;
	struct unit_priv *unit;
	/* f(...) of a function of the unit has its return type */
	int calls;
	/* a name the unit has nothing of: the extern of the file's other
	 * units (dwarf-globals.c), when they all give it one type */
	int others;
	/* casts, p + N and p++ read too (TYPE_SPELLINGS): not for the
	 * argument of a function, whose parameter decides the type */
	int spellings;
	/* where the type was read from: the primary expression the
	 * operators apply to (the last one read, the only one whose type
	 * counts) */
	enum { ORIGIN_NONE, ORIGIN_VAR, ORIGIN_CALL, ORIGIN_CAST } origin;
	/* a statement expression's value read too (a reading of header
	 * macros: container_of()); block[0..block_len) the innermost one
	 * being read, whose own declarations a typeof must not name */
	int stmt_exprs;
	const char *block;
	size_t block_len;
};

/* expr_type_in()'s flags */
#define TYPE_CALLS 1
#define TYPE_OTHERS 2
#define TYPE_SPELLINGS 4

static int type_of(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Attribute a;

	return dwarf_formref_die(dwarf_attr_integrate(die, DW_AT_type, &a), out)
		? 0 : -1;
}

static const char *name_of(Dwarf_Die *die)
{
	Dwarf_Attribute a;

	return dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &a));
}

static void skip_ws(struct parser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static int ident(struct parser *ps, char *buf, size_t n)
{
	size_t k = 0;

	skip_ws(ps);
	if (!(isalpha((unsigned char)*ps->p) || *ps->p == '_'))
		return -1;
	while (isalnum((unsigned char)*ps->p) || *ps->p == '_') {
		if (k + 1 < n)
			buf[k++] = *ps->p;
		ps->p++;
	}
	buf[k] = '\0';
	return 0;
}

/* A variable or parameter named name among the children of die. */
static int find_child(Dwarf_Die *die, const char *name, Dwarf_Die *out)
{
	Dwarf_Die c;

	if (dwarf_child(die, &c))
		return -1;
	do {
		int tag = dwarf_tag(&c);
		const char *n;

		if (tag != DW_TAG_variable && tag != DW_TAG_formal_parameter)
			continue;
		n = name_of(&c);
		if (n && !strcmp(n, name)) {
			*out = c;
			return 0;
		}
	} while (!dwarf_siblingof(&c, &c));
	return -1;
}

/* The slot of name in a table of mask + 1 slots: its own, or the empty
 * one where it would go. */
static struct unit_name_slot *name_slot(struct unit_name_slot *slots,
					size_t mask, const char *name,
					size_t hash)
{
	size_t i = hash & mask;

	while (slots[i].first &&
	       (slots[i].hash != hash || strcmp(slots[i].name, name)))
		i = (i + 1) & mask;
	return &slots[i];
}

/* Fill t with the unit's named children, every one or (vars) only its
 * variables and parameters, each name's first and last in the
 * children's order chained through .next. */
static void names_build(struct unit_priv *p, struct unit_names *t, int vars)
{
	size_t nkids, size = 16, n = 0;
	const struct unit_child *kids = unit_children(p, &nkids);

	for (size_t k = 0; vars && k < nkids; k++)
		n += kids[k].tag == DW_TAG_variable ||
		     kids[k].tag == DW_TAG_formal_parameter;
	if (!vars)
		n = nkids;
	while (size < 2 * n)
		size *= 2;
	t->loaded = 1;
	t->slots = xcalloc(size, sizeof(*t->slots));
	t->mask = size - 1;
	t->items = xmalloc((n ? n : 1) * sizeof(*t->items));
	t->n = 0;
	for (size_t k = 0; k < nkids; k++) {
		Dwarf_Die c = kids[k].die;
		const char *name;
		size_t h;
		struct unit_name_slot *slot;
		struct unit_name *e;

		if (vars && kids[k].tag != DW_TAG_variable &&
		    kids[k].tag != DW_TAG_formal_parameter)
			continue;
		if (!(name = name_of(&c)))
			continue;
		e = &t->items[t->n++];
		e->name = name;
		e->tag = kids[k].tag;
		e->die = c;
		e->next = 0;
		h = strset_hash(name);
		slot = name_slot(t->slots, t->mask, name, h);
		if (!slot->first) {
			slot->name = name;
			slot->hash = h;
			slot->first = t->n;
		} else {
			t->items[slot->last - 1].next = t->n;
		}
		slot->last = t->n;
	}
}

/*
 * The unit's first child named name, as an index + 1 into p->names.items
 * (0: none); the others of that name follow through .next, in the
 * children's order.  Built on first need: the unit's children are every
 * type and declaration of every header, and a name that is no local (a
 * global, or a name the DWARF does not have) was searched among all of
 * them at every site instance.  (A table sorted by name served this
 * first; sorting the names of each unit was 2% of a kernel scan.)
 */
static size_t unit_names(struct unit_priv *p, const char *name)
{
	if (!p->names.loaded)
		names_build(p, &p->names, 0);
	return name_slot(p->names.slots, p->names.mask, name,
			 strset_hash(name))->first;
}

/*
 * find_child on the unit's DIE, through a names table: the first
 * variable or parameter named name among the unit's children.  The
 * table of these alone: the names of a kernel unit's tens of thousands
 * of types and declarations, read for every name, were 2.4% of a scan,
 * and a global is what most units ask no more of than this.
 */
static int find_unit_child(struct unit_priv *p, const char *name,
			   Dwarf_Die *out)
{
	size_t k;

	if (!p->vars.loaded)
		names_build(p, &p->vars, 1);
	k = name_slot(p->vars.slots, p->vars.mask, name,
		      strset_hash(name))->first;
	if (!k)
		return -1;
	*out = p->vars.items[k - 1].die;
	return 0;
}

static int other_unit_var(struct parser *ps, const char *name,
			  Dwarf_Die *out);

static int lookup_var(struct parser *ps, const char *name, Dwarf_Die *out)
{
	for (int i = 0; i < ps->nscopes; i++) {
		Dwarf_Attribute a;
		Dwarf_Die origin;

		if (ps->unit && ps->scopes[i].addr == ps->unit->cu.addr) {
			if (!find_unit_child(ps->unit, name, out) ||
			    (ps->others && !other_unit_var(ps, name, out)))
				return 0;
		} else if (!find_child(&ps->scopes[i], name, out)) {
			return 0;
		}
		/* an inlined copy may list only the parameters it kept */
		if (dwarf_formref_die(dwarf_attr(&ps->scopes[i],
						 DW_AT_abstract_origin, &a),
				      &origin) &&
		    !find_child(&origin, name, out))
			return 0;
	}
	return -1;
}

/* Peel typedefs and qualifiers. */
static int peel(Dwarf_Die *t)
{
	Dwarf_Die r;

	if (dwarf_peel_type(t, &r))
		return -1;
	*t = r;
	return 0;
}

/* The dimensions of array type a: its subranges. */
static int array_dims(Dwarf_Die *a)
{
	Dwarf_Die c;
	int n = 0;

	if (dwarf_child(a, &c))
		return 0;
	do {
		n += dwarf_tag(&c) == DW_TAG_subrange_type ||
		     dwarf_tag(&c) == DW_TAG_enumeration_type;
	} while (!dwarf_siblingof(&c, &c));
	return n;
}

static int deref(struct ctype *t)
{
	Dwarf_Die d = t->die;

	if (t->addr_of) {
		t->addr_of--;
		return 0;
	}
	if (peel(&d))
		return -1;
	if (dwarf_tag(&d) != DW_TAG_pointer_type && dwarf_tag(&d) != DW_TAG_array_type)
		return -1;
	if (dwarf_tag(&d) == DW_TAG_array_type && t->dims + 1 < array_dims(&d)) {
		t->dims++; /* a row of it */
		return 0;
	}
	t->dims = 0;
	return type_of(&d, &t->die);
}

/* The first child of the struct or union rec names (through typedefs
 * and qualifiers), for a walk of its members; -1: none, or no record. */
static int record_first_child(Dwarf_Die *rec, Dwarf_Die *c)
{
	Dwarf_Die r = *rec;

	if (peel(&r) || (dwarf_tag(&r) != DW_TAG_structure_type &&
			 dwarf_tag(&r) != DW_TAG_union_type))
		return -1;
	return dwarf_child(&r, c) ? -1 : 0;
}

/* Member name of a struct or union, through anonymous members too. */
static int member(Dwarf_Die *rec, const char *name, Dwarf_Die *out)
{
	Dwarf_Die c;

	if (record_first_child(rec, &c))
		return -1;
	do {
		const char *n;
		Dwarf_Die t;

		if (dwarf_tag(&c) != DW_TAG_member)
			continue;
		n = name_of(&c);
		if (n && !strcmp(n, name))
			return type_of(&c, out);
		if (!n && !type_of(&c, &t) && !member(&t, name, out))
			return 0;
	} while (!dwarf_siblingof(&c, &c));
	return -1;
}

static int member_at(Dwarf_Die *rec, const char *name, Dwarf_Die *out,
		     int64_t *off);

/* Deepest chain of member-path macros followed (a path whose members
 * are macros again). */
#define MEMBER_MACRO_DEPTH 4

static int member_through_depth(const struct member_macros *m,
				Dwarf_Die *rec, const char *name,
				Dwarf_Die *out, int64_t *off, int depth);

/* One path "a.b.c" from rec: its type, and its offset added to *off
 * (when off). */
static int member_path(const struct member_macros *m, Dwarf_Die *rec,
		       const char *path, Dwarf_Die *out, int64_t *off,
		       int depth)
{
	Dwarf_Die t = *rec;
	char seg[128];

	for (const char *p = path; *p;) {
		size_t n = strcspn(p, ".");

		if (!n || n >= sizeof(seg))
			return -1;
		memcpy(seg, p, n);
		seg[n] = '\0';
		if (member_through_depth(m, &t, seg, &t, off, depth + 1))
			return -1;
		p += n + (p[n] == '.');
	}
	*out = t;
	return 0;
}

static int member_through_depth(const struct member_macros *m,
				Dwarf_Die *rec, const char *name,
				Dwarf_Die *out, int64_t *off, int depth)
{
	size_t first, count;
	int found = 0;
	Dwarf_Die got;
	int64_t got_off = 0;

	if (!(off ? member_at(rec, name, out, off) : member(rec, name, out)))
		return 0;
	if (!m || depth >= MEMBER_MACRO_DEPTH ||
	    !(count = member_macros_find(m, name, &first)))
		return -1;
	/* the record has no member of the name: the compiler read one of
	 * the paths a macro gives it -- each that the record has, and all
	 * of those must be one member, or which cannot be told */
	for (size_t k = first; k < first + count; k++) {
		Dwarf_Die t;
		int64_t o = 0;

		if (!*m->items[k].path)
			return -1; /* a body whose member is not read */
		if (member_path(m, rec, m->items[k].path, &t, off ? &o : NULL,
				depth))
			continue;
		if (found && (dwarf_dieoffset(&t) != dwarf_dieoffset(&got) ||
			      o != got_off))
			return -1;
		found = 1;
		got = t;
		got_off = o;
	}
	if (!found)
		return -1;
	*out = got;
	if (off)
		*off += got_off;
	return 0;
}

/* Member name of rec (member_at(), with off), or a path a member-path
 * macro of the name gives. */
static int member_through(const struct unit_priv *p, Dwarf_Die *rec,
			  const char *name, Dwarf_Die *out, int64_t *off)
{
	return member_through_depth(p->members, rec, name, out, off, 0);
}

void line_unit_use_member_macros(struct line_unit *u,
				 const struct member_macros *m)
{
	struct unit_priv *p = u->priv;

	p->members = m;
}

/* Skip a bracketed group starting at the opening character. */
static int skip_group(struct parser *ps, char open, char close)
{
	int depth = 0;

	for (; *ps->p; ps->p++) {
		if (*ps->p == open)
			depth++;
		else if (*ps->p == close && !--depth) {
			ps->p++;
			return 0;
		}
	}
	return -1;
}

static int unary(struct parser *ps, struct ctype *t);
static int not_an_entity(const char *w);

/* The function of the unit named name (defined, declared, or the
 * abstract origin of inlined copies). */
static int find_unit_function(struct unit_priv *p, const char *name,
			      Dwarf_Die *out)
{
	size_t nkids;
	const struct unit_child *kids = unit_children(p, &nkids);

	for (size_t k = 0; k < nkids; k++) {
		Dwarf_Die c = kids[k].die;
		const char *n;

		if (kids[k].tag != DW_TAG_subprogram)
			continue;
		n = name_of(&c);
		if (n && !strcmp(n, name)) {
			*out = c;
			return 0;
		}
	}
	return -1;
}

/* The one type the scope (not the unit) declares as name with one of
 * the tags (a typedef, or a struct, union or enum tag), or whether a
 * variable or parameter of the name is there: 1 a type, 2 a variable
 * (the name is no type here), 0 neither. */
static int scope_type(Dwarf_Die *scope, const char *name, int tags,
		      Dwarf_Die *out)
{
	Dwarf_Die c;

	if (dwarf_child(scope, &c))
		return 0;
	do {
		int tag = dwarf_tag(&c);
		const char *n = name_of(&c);
		Dwarf_Attribute a;

		if (!n || strcmp(n, name))
			continue;
		if (!tags && (tag == DW_TAG_variable ||
			      tag == DW_TAG_formal_parameter))
			return 2;
		if ((tags ? tag == DW_TAG_structure_type ||
		     tag == DW_TAG_union_type || tag == DW_TAG_enumeration_type :
		     tag == DW_TAG_typedef) &&
		    !dwarf_attr(&c, DW_AT_declaration, &a)) {
			*out = c;
			return 1;
		}
	} while (!dwarf_siblingof(&c, &c));
	return 0;
}

/*
 * The type a cast names as name: a typedef (tags 0) or a struct, union
 * or enum tag (tags: that DW_TAG), the innermost scope's that has the
 * name (a local type shadows the unit's), else the unit's one
 * definition: 0.  1 when the name is a function or variable of the
 * unit (no type: not a cast); -1 when the name is a variable of an
 * inner scope, when the unit has no definition of it or more than one
 * (a declaration alone has no members), or the tag differs.
 */
static int named_type(struct parser *ps, const char *name, int tag,
		      Dwarf_Die *out)
{
	int found = 0;

	for (int i = 0; i < ps->nscopes; i++) {
		Dwarf_Attribute a;
		Dwarf_Die origin;
		int r;

		if (ps->unit && ps->scopes[i].addr == ps->unit->cu.addr)
			break;
		r = scope_type(&ps->scopes[i], name, tag, out);
		if (!r && dwarf_formref_die(dwarf_attr(&ps->scopes[i],
						       DW_AT_abstract_origin, &a),
					    &origin))
			r = scope_type(&origin, name, tag, out);
		if (r)
			return r == 1 && (!tag || dwarf_tag(out) == tag) ? 0 : -1;
	}
	if (!ps->unit)
		return -1;
	for (size_t k = unit_names(ps->unit, name); k;
	     k = ps->unit->names.items[k - 1].next) {
		int ktag = ps->unit->names.items[k - 1].tag;
		Dwarf_Die d = ps->unit->names.items[k - 1].die;
		Dwarf_Attribute a;

		if (!tag && (ktag == DW_TAG_variable || ktag == DW_TAG_subprogram ||
			     ktag == DW_TAG_formal_parameter))
			return 1; /* an ordinary name that is no type */
		if (ktag != (tag ? tag : DW_TAG_typedef) ||
		    dwarf_attr(&d, DW_AT_declaration, &a))
			continue;
		if (found && out->addr != d.addr)
			return -1; /* two definitions: which is meant? */
		*out = d;
		found = 1;
	}
	return found ? 0 : -1;
}

/* buf += " w" (no blank before the first word); -1 when it does not
 * fit. */
static int append_word(char *buf, size_t n, const char *w)
{
	size_t len = strlen(buf), wl = strlen(w);

	if (len + !!len + wl + 1 > n)
		return -1;
	if (len)
		buf[len++] = ' ';
	memcpy(buf + len, w, wl + 1);
	return 0;
}

/* "unsigned long int" and "long unsigned int" alike: the words of a
 * base type sorted into one spelling ("int" implied by short and
 * long, "signed" by all but char), or -1 for a word of no base type. */
static int base_spelling(const char *words, char *out, size_t n)
{
	static const char *const order[] = {
		"unsigned", "signed", "char", "short", "long", "int", "float",
		"double", "_Bool",
	};
	int count[ARRAY_SIZE(order)] = { 0 };
	const char *p = words;

	while (*p) {
		size_t len, k;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		len = strcspn(p, " ");
		for (k = 0; k < ARRAY_SIZE(order); k++)
			if (strlen(order[k]) == len && !strncmp(p, order[k], len))
				break;
		if (k == ARRAY_SIZE(order))
			return -1;
		count[k]++;
		p += len;
	}
	if ((count[3] || count[4]) && count[5])
		count[5] = 0; /* short int, long int: short, long */
	if (count[1] && !count[2])
		count[1] = 0; /* signed int: int; signed char stays */
	if (!count[0] && !count[1] && !count[2] && !count[3] && !count[4] &&
	    !count[6] && !count[7] && !count[8])
		count[5] = 1; /* unsigned alone: unsigned int */
	if (count[0] && !count[2] && !count[3] && !count[4])
		count[5] = 1;
	out[0] = '\0';
	for (size_t k = 0; k < ARRAY_SIZE(order); k++)
		for (int j = 0; j < count[k]; j++)
			if (append_word(out, n, order[k]))
				return -1;
	return *out ? 0 : -1;
}

/* The unit's base type spelled as words, through base_spelling();
 * -1 when it has none, or two of different sizes. */
static int base_type(struct unit_priv *p, const char *words, Dwarf_Die *out)
{
	char want[64], got[64];
	size_t nkids;
	const struct unit_child *kids;
	int found = 0;
	Dwarf_Word size = 0;

	if (!p || base_spelling(words, want, sizeof(want)))
		return -1;
	kids = unit_children(p, &nkids);
	for (size_t k = 0; k < nkids; k++) {
		Dwarf_Die c = kids[k].die;
		const char *n;
		Dwarf_Word sz;

		if (kids[k].tag != DW_TAG_base_type || !(n = name_of(&c)) ||
		    base_spelling(n, got, sizeof(got)) || strcmp(got, want) ||
		    dwarf_aggregate_size(&c, &sz))
			continue;
		if (found && sz != size)
			return -1;
		*out = c;
		size = sz;
		found = 1;
	}
	return found ? 0 : -1;
}

/* A pointer type of the unit to t (none for void: a pointer DIE with no
 * type), for a cast's '*': 0, or -1 when the unit has none. */
static int pointer_to(struct unit_priv *p, Dwarf_Die *t, Dwarf_Die *out)
{
	size_t nkids;
	const struct unit_child *kids = unit_children(p, &nkids);

	for (size_t k = 0; k < nkids; k++) {
		Dwarf_Die c = kids[k].die, to;

		if (kids[k].tag != DW_TAG_pointer_type)
			continue;
		if (t ? !type_of(&c, &to) && to.addr == t->addr :
			!dwarf_hasattr(&c, DW_AT_type)) {
			*out = c;
			return 0;
		}
	}
	return -1;
}

static int is_qualifier(const char *w)
{
	return !strcmp(w, "const") || !strcmp(w, "volatile") ||
	       !strcmp(w, "__volatile__") || !strcmp(w, "__const") ||
	       !strcmp(w, "__const__") || !strcmp(w, "restrict") ||
	       !strcmp(w, "__restrict") || !strcmp(w, "__restrict__");
}

/*
 * After a cast's type is named, a word of two leading underscores
 * followed by '*', ')' or another word: an annotation of the kind
 * sparse reads, which the compiler's headers define to nothing or to an
 * attribute of no size (Linux's (struct list_head __rcu **), (void
 * __iomem *)).  One followed by '(' (__aligned(8)) is not skipped.
 */
static int is_annotation(struct parser *ps, const char *w)
{
	const char *p = ps->p;

	if (w[0] != '_' || w[1] != '_' || !w[2] || is_qualifier(w))
		return 0;
	while (isspace((unsigned char)*p))
		p++;
	return *p == '*' || *p == ')' || isalpha((unsigned char)*p) ||
	       *p == '_';
}

static int is_base_word(const char *w)
{
	char b[64];

	return !strcmp(w, "void") || !base_spelling(w, b, sizeof(b));
}

/* Past a string or character literal at p (its quote), or p itself. */
static const char *past_literal(const char *p)
{
	char q = *p;

	if (q != '"' && q != '\'')
		return p;
	for (p++; *p && *p != q; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p + 1 : p;
}

/* Does the block b[0..n) declare name: the name after a word, a '*' or
 * a ')' and before '=', ';', ',' or '[' (unsigned long __ptr; void
 * *__mptr = ...; typeof(p) __s = ...)?  A product "a * b;" or a cast
 * "(T) b;" counts too: that only refuses more. */
static int declared_in(const char *b, size_t n, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = b; p + len <= b + n; p++) {
		const char *q = p + len, *r = p;

		if (memcmp(p, name, len) || (p > b && (isalnum((unsigned char)p[-1]) ||
						       p[-1] == '_')) ||
		    isalnum((unsigned char)*q) || *q == '_')
			continue;
		while (r > b && isspace((unsigned char)r[-1]))
			r--;
		while (q < b + n && isspace((unsigned char)*q))
			q++;
		if (r > b && (isalnum((unsigned char)r[-1]) || r[-1] == '_' ||
			      r[-1] == '*' || r[-1] == ')') && q < b + n &&
		    ((*q == '=' && q[1] != '=') || *q == ';' || *q == ',' ||
		     *q == '['))
			return 1;
	}
	return 0;
}

/* Does the text e[0..n) name a word the block being read declares? */
static int names_declared(const struct parser *ps, const char *e, size_t n)
{
	char w[128];

	if (!ps->block)
		return 0;
	for (const char *p = e; p < e + n;) {
		const char *q = p;

		if (!(isalpha((unsigned char)*p) || *p == '_') ||
		    (p > e && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))) {
			p++;
			continue;
		}
		while (q < e + n && (isalnum((unsigned char)*q) || *q == '_'))
			q++;
		snprintf(w, sizeof(w), "%.*s", (int)(q - p), p);
		if (declared_in(ps->block, ps->block_len, w))
			return 1;
		p = q;
	}
	return 0;
}

/*
 * "typeof(E)" in a cast, ps->p at its '(': E's type, read as an
 * expression in *t (a type name inside is not read: -1).  Not when E
 * names what the statement expression being read declares: the scopes
 * at the address may not hold it, or hold another of its name.
 */
static int typeof_operand(struct parser *ps, struct ctype *t)
{
	const char *open = ps->p;
	struct parser sub;
	char *e;
	int bad;

	if (*open != '(' || skip_group(ps, '(', ')') ||
	    names_declared(ps, open + 1, (size_t)(ps->p - open - 2)))
		return -1;
	e = xstrndup(open + 1, (size_t)(ps->p - open - 2));
	sub = *ps;
	sub.p = e;
	memset(t, 0, sizeof(*t));
	bad = unary(&sub, t) || (skip_ws(&sub), *sub.p);
	free(e);
	return bad ? -1 : 0;
}

/*
 * "(T *)" at ps->p, a cast to a type the DWARF names: a typedef, a
 * struct, union or enum tag, a base type, qualifiers left out, each '*'
 * a pointer to it (the unit's DIE, or one more level on t).  1: a cast,
 * its type in *t and ps->p past the ')'; 0: no cast (a parenthesised
 * expression), ps->p unchanged; -1: a cast whose type is not known here
 * (or not this simple: a function pointer, an array, _Atomic).
 */
static int cast_type(struct parser *ps, struct ctype *t)
{
	const char *start = ps->p;
	char w[128], words[128] = "";
	int tag = 0, have = 0, is_void = 0, base_addr_of = 0;
	Dwarf_Die d;

	ps->p++; /* '(' */
	for (;;) {
		const char *before = ps->p;

		if (ident(ps, w, sizeof(w))) {
			ps->p = before;
			break;
		}
		if (is_qualifier(w) || ((have || is_void) &&
					is_annotation(ps, w)))
			continue;
		if (ps->stmt_exprs && word_is_typeof(w)) {
			/* (typeof(E) *): E's type (RELOC_HIDE's
			 * (typeof(ptr))) */
			struct ctype in;

			skip_ws(ps);
			if (have || *words || is_void ||
			    typeof_operand(ps, &in) || in.dims)
				return -1;
			d = in.die;
			base_addr_of = in.addr_of;
			have = 1;
			continue;
		}
		if (!strcmp(w, "_Atomic")) {
			/* _Atomic(T) of a scalar T: T's size (C11 lets it
			 * differ only for what is no lock-free scalar) */
			struct ctype in;
			Dwarf_Die pd;
			Dwarf_Word sz;

			skip_ws(ps);
			if (have || *words || is_void || *ps->p != '(' ||
			    cast_type(ps, &in) != 1 || in.addr_of)
				return -1;
			pd = in.die;
			if (peel(&pd) || (dwarf_tag(&pd) != DW_TAG_base_type &&
					  dwarf_tag(&pd) != DW_TAG_pointer_type &&
					  dwarf_tag(&pd) != DW_TAG_enumeration_type) ||
			    dwarf_aggregate_size(&pd, &sz) ||
			    (sz != 1 && sz != 2 && sz != 4 && sz != 8))
				return -1;
			d = in.die;
			have = 1;
			continue;
		}
		if (!strcmp(w, "struct") || !strcmp(w, "union") ||
		    !strcmp(w, "enum")) {
			if (have || *words)
				return -1;
			tag = w[0] == 's' ? DW_TAG_structure_type :
			      w[0] == 'u' ? DW_TAG_union_type :
			      DW_TAG_enumeration_type;
			if (ident(ps, w, sizeof(w)) ||
			    named_type(ps, w, tag, &d))
				return -1;
			have = 1;
		} else if (is_base_word(w)) {
			if (have)
				return -1;
			if (!strcmp(w, "void"))
				is_void = 1;
			else if (append_word(words, sizeof(words), w))
				return -1;
		} else if (!have && !*words && !is_void) {
			/* a name: a typedef, or a variable (no cast) */
			Dwarf_Die var;

			if (!lookup_var(ps, w, &var) ||
			    named_type(ps, w, 0, &d)) {
				/* a variable, a function, or a name not
				 * known here: read as before, no cast */
				ps->p = start;
				return 0;
			}
			have = 1;
		} else {
			return -1;
		}
	}
	if (!have && !*words && !is_void) {
		ps->p = start; /* "(" then no word: an expression */
		return 0;
	}
	if ((*words && (is_void || base_type(ps->unit, words, &d))))
		return -1;
	memset(t, 0, sizeof(*t));
	t->die = d;
	t->addr_of = base_addr_of;
	for (skip_ws(ps); *ps->p == '*'; skip_ws(ps)) {
		Dwarf_Die ptr;

		ps->p++;
		if (!t->addr_of && ps->unit &&
		    !pointer_to(ps->unit, is_void ? NULL : &t->die, &ptr))
			t->die = ptr, is_void = 0;
		else if (is_void)
			return -1; /* void * with no DIE: nothing to stand on */
		else
			t->addr_of++;
		while (!ident(ps, w, sizeof(w)))
			if (!is_qualifier(w))
				return -1;
	}
	skip_ws(ps);
	if (*ps->p != ')' || is_void)
		return -1;
	ps->p++;
	return 1;
}

/*
 * Past a cast's operand, whatever it is: the cast alone gives the type.
 * A prefix operator's operand, a name or number or bracketed group, and
 * the postfix operators after it -- the C grammar's cast-expression,
 * read without types.  -1 when it does not look like one.
 */
static int skip_operand(struct parser *ps)
{
	skip_ws(ps);
	if (*ps->p == '*' || *ps->p == '&' || *ps->p == '-' || *ps->p == '~' ||
	    *ps->p == '!' || *ps->p == '+') {
		if (ps->p[0] == ps->p[1] && (*ps->p == '+' || *ps->p == '-' ||
					     *ps->p == '&'))
			return -1; /* ++, --, && */
		ps->p++;
		return skip_operand(ps);
	}
	if (*ps->p == '(') {
		if (skip_group(ps, '(', ')'))
			return -1;
		skip_ws(ps);
		/* (T)x: the group was a cast, its operand follows */
		if (isalnum((unsigned char)*ps->p) || *ps->p == '_' ||
		    *ps->p == '(' || *ps->p == '*' || *ps->p == '&')
			return skip_operand(ps);
	} else if (isalnum((unsigned char)*ps->p) || *ps->p == '_') {
		char w[128];

		if (isdigit((unsigned char)*ps->p)) {
			while (isalnum((unsigned char)*ps->p) || *ps->p == '.')
				ps->p++;
		} else if (ident(ps, w, sizeof(w)) || not_an_entity(w)) {
			return -1; /* sizeof, a type word: not this simple */
		}
	} else {
		return -1;
	}
	for (;;) {
		skip_ws(ps);
		if (*ps->p == '[') {
			if (skip_group(ps, '[', ']'))
				return -1;
		} else if (*ps->p == '(') {
			if (skip_group(ps, '(', ')'))
				return -1;
		} else if (!strncmp(ps->p, "->", 2) || *ps->p == '.') {
			char w[128];

			ps->p += *ps->p == '.' ? 1 : 2;
			if (ident(ps, w, sizeof(w)))
				return -1;
		} else {
			return 0;
		}
	}
}

/*
 * After a pointer in parentheses, "+ N)": a pointer plus an integer is
 * the pointer's type (an array's decays to a pointer to its element).
 * The rest up to the ')' is the integer: any operator there that binds
 * less than '+' (?: , = comparisons, logic, bits) or a '-' (a pointer
 * minus a pointer is an integer) at its own depth, and it is not this
 * simple.  0 with ps->p at the ')'; -1 otherwise.
 */
static int pointer_plus(struct parser *ps, struct ctype *t)
{
	Dwarf_Die d = t->die;
	int depth = 0;

	if (t->dims)
		return -1; /* a row: not this simple */
	if (!t->addr_of) {
		if (peel(&d))
			return -1;
		if (dwarf_tag(&d) == DW_TAG_array_type) {
			if (type_of(&d, &t->die))
				return -1;
			t->addr_of = 1;
		} else if (dwarf_tag(&d) != DW_TAG_pointer_type) {
			return -1;
		}
	}
	ps->p++; /* '+' */
	skip_ws(ps);
	if (*ps->p == ')' || *ps->p == '+')
		return -1;
	for (; *ps->p; ps->p++) {
		char c = *ps->p;

		if (c == '(' || c == '[') {
			depth++;
		} else if (c == ')' || c == ']') {
			if (!depth)
				return c == ')' ? 0 : -1;
			depth--;
		} else if (!depth && (strchr("?:,=<>!&|^\"'", c) ||
				      (c == '-' && ps->p[1] != '>'))) {
			return -1;
		}
	}
	return -1;
}

/*
 * "({ ...; E; })" at ps->p, a statement expression: the type of E, its
 * last statement, when a cast or a call of a function of the unit gives
 * it (container_of()'s ((type *)(__mptr - offsetof(type, member)))) --
 * a variable E names may be one the block declares, which the scopes at
 * the address need not hold.  0 with ps->p past the ')'; -1 otherwise.
 */
static int statement_value(struct parser *ps, struct ctype *t)
{
	const char *open = ps->p, *lb, *rb, *semi, *last, *q;
	struct parser sub;
	char *e;
	int depth = 0, bad;

	if (skip_group(ps, '(', ')'))
		return -1;
	lb = open + 1;
	while (isspace((unsigned char)*lb))
		lb++;
	rb = ps->p - 2; /* before the ')' */
	while (rb > lb && isspace((unsigned char)*rb))
		rb--;
	semi = rb - 1;
	while (semi > lb && isspace((unsigned char)*semi))
		semi--;
	if (*lb != '{' || *rb != '}' || semi <= lb || *semi != ';')
		return -1;
	/* the last statement starts after the block's last ';' or '}' at
	 * its own depth before it (literals skipped: an asm template's) */
	last = lb + 1;
	for (q = lb + 1; q < semi;) {
		if (*q == '"' || *q == '\'') {
			q = past_literal(q);
			continue;
		}
		if (*q == '(' || *q == '[' || *q == '{') {
			depth++;
		} else if (*q == ')' || *q == ']' || *q == '}') {
			if (--depth < 0)
				return -1;
			if (!depth && *q == '}')
				last = q + 1;
		} else if (!depth && *q == ';') {
			last = q + 1;
		}
		q++;
	}
	if (depth)
		return -1;
	e = xstrndup(last, (size_t)(semi - last));
	sub = *ps;
	sub.p = e;
	sub.origin = ORIGIN_NONE;
	sub.block = lb;
	sub.block_len = (size_t)(rb + 1 - lb);
	memset(t, 0, sizeof(*t));
	bad = unary(&sub, t) || (skip_ws(&sub), *sub.p) ||
	      (sub.origin != ORIGIN_CAST && sub.origin != ORIGIN_CALL);
	free(e);
	if (bad)
		return -1;
	ps->origin = sub.origin;
	return 0;
}

static int postfix(struct parser *ps, struct ctype *t)
{
	char name[128];
	Dwarf_Die var;

	skip_ws(ps);
	if (*ps->p == '(' && ps->stmt_exprs &&
	    ps->p[1 + strspn(ps->p + 1, " \t\n")] == '{') {
		if (statement_value(ps, t))
			return -1;
	} else if (*ps->p == '(') {
		ps->p++;
		if (unary(ps, t))
			return -1;
		skip_ws(ps);
		if (ps->spellings && *ps->p == '+' && ps->p[1] != '+' &&
		    pointer_plus(ps, t))
			return -1;
		if (*ps->p != ')')
			return -1; /* a call, another operator: unknown */
		ps->p++;
	} else {
		if (ident(ps, name, sizeof(name)))
			return -1;
		skip_ws(ps);
		if (ps->calls && *ps->p == '(') {
			/* a call of a function of the unit, no variable of
			 * the name in scope: what it returns (void: unknown) */
			if (!lookup_var(ps, name, &var) ||
			    find_unit_function(ps->unit, name, &var) ||
			    type_of(&var, &t->die) || skip_group(ps, '(', ')'))
				return -1;
			ps->origin = ORIGIN_CALL;
		} else if (lookup_var(ps, name, &var) ||
			   type_of(&var, &t->die)) {
			return -1;
		} else {
			ps->origin = ORIGIN_VAR;
		}
		t->addr_of = 0;
		t->dims = 0;
	}
	for (;;) {
		skip_ws(ps);
		if (*ps->p == '[') {
			if (skip_group(ps, '[', ']') || deref(t))
				return -1;
		} else if (ps->spellings && (!strncmp(ps->p, "++", 2) ||
					     !strncmp(ps->p, "--", 2))) {
			ps->p += 2; /* p++: p's type, an rvalue */
		} else if (!strncmp(ps->p, "->", 2) || *ps->p == '.') {
			int arrow = *ps->p == '-';

			ps->p += arrow ? 2 : 1;
			if ((arrow && deref(t)) || t->addr_of || t->dims ||
			    ident(ps, name, sizeof(name)) ||
			    member_through(ps->unit, &t->die, name, &t->die,
					   NULL))
				return -1;
		} else {
			return 0;
		}
	}
}

static int unary(struct parser *ps, struct ctype *t)
{
	skip_ws(ps);
	if (*ps->p == '*') {
		ps->p++;
		return unary(ps, t) || deref(t);
	}
	if (*ps->p == '&') {
		ps->p++;
		if (unary(ps, t))
			return -1;
		t->addr_of++;
		return 0;
	}
	if (*ps->p == '(' && ps->spellings) {
		/* (T *)E: the type is T's, whatever E is */
		int cast = cast_type(ps, t);

		if (cast) {
			ps->origin = ORIGIN_CAST;
			return cast < 0 || skip_operand(ps) ? -1 : 0;
		}
	}
	return postfix(ps, t);
}

/* "struct pair32", "arch_spinlock_t", "unsigned int" */
static void type_name(Dwarf_Die *t, char *buf, size_t n)
{
	const char *name = name_of(t);
	const char *kind = "";

	switch (dwarf_tag(t)) {
	case DW_TAG_structure_type: kind = "struct "; break;
	case DW_TAG_union_type: kind = "union "; break;
	case DW_TAG_enumeration_type: kind = "enum "; break;
	case DW_TAG_pointer_type: {
		Dwarf_Die inner;
		char in[96];

		if (type_of(t, &inner))
			snprintf(in, sizeof(in), "void");
		else
			type_name(&inner, in, sizeof(in));
		snprintf(buf, n, "%s *", in);
		return;
	}
	case DW_TAG_const_type:
	case DW_TAG_volatile_type: {
		Dwarf_Die inner;

		if (!type_of(t, &inner))
			type_name(&inner, buf, n);
		else /* const void */
			snprintf(buf, n, "void");
		return;
	}
	case DW_TAG_atomic_type: {
		/* clang's _Atomic(uint32_t): a qualifier with no name of its
		 * own (it was "(anonymous)", as if a struct) */
		Dwarf_Die inner;
		char in[96];

		if (!type_of(t, &inner)) {
			type_name(&inner, in, sizeof(in));
			snprintf(buf, n, "_Atomic(%s)", in);
			return;
		}
		break;
	}
	}
	/* an anonymous struct or union has no name: say so */
	snprintf(buf, n, "%s%s", kind, name ? name : "(anonymous)");
}

/* The type of expr in *t, its names looked up in scopes[0..nscopes)
 * (freed here): 0, or -1 when it is not that simple or a name is not in
 * scope. */
static int expr_type_in(struct unit_priv *p, Dwarf_Die *scopes, int nscopes,
			const char *expr, int calls, struct ctype *t)
{
	struct parser ps;
	int bad;

	memset(&ps, 0, sizeof(ps));
	ps.p = expr;
	ps.unit = p;
	ps.scopes = scopes;
	ps.nscopes = nscopes;
	ps.calls = calls & TYPE_CALLS;
	ps.others = !!(calls & TYPE_OTHERS);
	ps.spellings = !!(calls & TYPE_SPELLINGS);
	memset(t, 0, sizeof(*t));
	bad = unary(&ps, t) || (skip_ws(&ps), *ps.p) || t->addr_of;
	free(scopes);
	return bad ? -1 : 0;
}

/* nscopes scopes in *scopes (unit_scopes()'s), or none: outside any
 * function, the unit's own DIE alone, where its globals are. */
static int or_unit_scope(struct unit_priv *p, Dwarf_Die **scopes, int nscopes)
{
	if (nscopes > 0)
		return nscopes;
	free(*scopes);
	*scopes = xmalloc(sizeof(**scopes));
	(*scopes)[0] = p->cu;
	return 1;
}

/* The type of expr at addr in *t: 0, or -1 when it is not that simple
 * or a name is not in scope. */
static int expr_type(struct line_unit *u, uint64_t addr, const char *expr,
		     int flags, struct ctype *t)
{
	struct unit_priv *p = u->priv;
	Dwarf_Die *scopes = NULL;
	int nscopes = or_unit_scope(p, &scopes,
				    unit_scopes(p, addr - p->bias, &scopes));

	return expr_type_in(p, scopes, nscopes, expr, flags, t);
}

int line_unit_expr_type_decl(struct line_unit *u, uint64_t addr,
			     const char *expr, char *file, size_t n,
			     unsigned *line)
{
	struct unit_priv *p = u->priv;
	struct ctype t;
	Dwarf_Die peeled;
	Dwarf_Attribute attr;
	Dwarf_Word idx;
	const char *name, *dir;
	int l;

	if (expr_type(u, addr, expr, 0, &t))
		return 0;
	peeled = t.die;
	if (peel(&peeled) || (dwarf_tag(&peeled) != DW_TAG_structure_type &&
			      dwarf_tag(&peeled) != DW_TAG_union_type) ||
	    dwarf_formudata(dwarf_attr(&peeled, DW_AT_decl_file, &attr), &idx) ||
	    dwarf_decl_line(&peeled, &l) || l <= 0)
		return 0;
	/* the unit's file table, not dwarf_decl_file(): libdw 0.188 takes
	 * file 0 for "none", which in DWARF 5 is the unit's primary file */
	if (idx >= p->nfiles || !(name = p->files[idx].name))
		return 0;
	dir = dwarf_formstring(dwarf_attr(&p->cu, DW_AT_comp_dir, &attr));
	if (name[0] != '/' && dir && *dir)
		snprintf(file, n, "%s/%s", dir, name);
	else
		snprintf(file, n, "%s", name);
	*line = (unsigned)l;
	return 1;
}

/* t's size, name and aggregate-ness, as line_unit_expr_type() gives
 * them. */
static unsigned describe(struct ctype *t, char *tname, size_t n,
			 int *aggregate)
{
	Dwarf_Die peeled = t->die;
	Dwarf_Word size = 0;

	/* a row of a multi-dimensional array: not its type's size */
	if (t->dims || peel(&peeled) ||
	    dwarf_aggregate_size(&peeled, &size))
		return 0;
	if (n)
		type_name(&t->die, tname, n);
	if (aggregate)
		*aggregate = dwarf_tag(&peeled) == DW_TAG_structure_type ||
			     dwarf_tag(&peeled) == DW_TAG_union_type ||
			     dwarf_tag(&peeled) == DW_TAG_class_type;
	return size > 0 && size < (1u << 30) ? (unsigned)size : 0;
}

/* Has the unit a child named name among the ordinary identifiers --
 * anything but a struct, union or enum tag (HAProxy's 'struct global
 * global': the tag is no variable)? */
static int unit_has_ordinary_name(struct unit_priv *p, const char *name)
{
	for (size_t k = unit_names(p, name); k; k = p->names.items[k - 1].next)
		if (p->names.items[k - 1].tag != DW_TAG_structure_type &&
		    p->names.items[k - 1].tag != DW_TAG_union_type &&
		    p->names.items[k - 1].tag != DW_TAG_enumeration_type &&
		    p->names.items[k - 1].tag != DW_TAG_class_type)
			return 1;
	return 0;
}

/*
 * The extern name of the file's other units, for a unit that has
 * nothing of that name (clang writes no DIE for an extern a unit only
 * declares): taken only when every other unit that has it gives it one
 * type -- the same size, name and kind -- else -1, not known.
 */
static int other_unit_var(struct parser *ps, const char *name,
			  Dwarf_Die *out)
{
	struct unit_priv *p = ps->unit;
	size_t n = 0, taken = 0;
	const struct global_var *v;
	Dwarf_Off self;
	char first[128] = "";
	unsigned size = 0;
	int agg = -1;

	/* the symbol table first: a name it has no object of is none of
	 * another unit's, and asking is cheaper than the unit's table of
	 * every name (built for unit_has_ordinary_name) */
	if (!p || !p->globals ||
	    !global_index_may_have(p->globals, p->mod, name) ||
	    unit_has_ordinary_name(p, name) ||
	    !(v = global_index_find(p->globals, p->mod, name, &n)))
		return -1;
	self = dwarf_dieoffset(&p->cu);
	for (size_t k = 0; k < n; k++) {
		struct ctype t;
		Dwarf_Die var = v[k].die;
		char tn[128];
		int a = -1;
		unsigned got;

		if (v[k].cu == self)
			continue;
		memset(&t, 0, sizeof(t));
		if (type_of(&var, &t.die) ||
		    !(got = describe(&t, tn, sizeof(tn), &a)))
			return -1;
		if (taken && (got != size || a != agg || strcmp(tn, first)))
			return -1; /* two units, two types: which? */
		if (!taken)
			*out = var;
		snprintf(first, sizeof(first), "%s", tn);
		size = got;
		agg = a;
		taken++;
	}
	return taken ? 0 : -1;
}

unsigned line_unit_expr_type_others(struct line_unit *u, uint64_t addr,
				    const char *expr, int spellings,
				    char *tname, size_t n, int *aggregate)
{
	struct unit_priv *p = u->priv;
	Dwarf_Die *scopes = NULL;
	int nscopes = unit_scopes(p, addr - p->bias, &scopes);
	struct ctype t;

	if (n)
		tname[0] = '\0';
	nscopes = or_unit_scope(p, &scopes, nscopes);
	if (expr_type_in(p, scopes, nscopes, expr,
			 TYPE_OTHERS | (spellings ? TYPE_SPELLINGS : 0), &t))
		return 0;
	return describe(&t, tname, n, aggregate);
}

/* The three readings of an expression below, by the flags they give
 * expr_type(): its type described into tname, its size returned. */
static unsigned expr_type_described(struct line_unit *u, uint64_t addr,
				    const char *expr, int flags,
				    char *tname, size_t n, int *aggregate)
{
	struct ctype t;

	if (n)
		tname[0] = '\0';
	if (expr_type(u, addr, expr, flags, &t))
		return 0;
	return describe(&t, tname, n, aggregate);
}

unsigned line_unit_expr_type(struct line_unit *u, uint64_t addr,
			     const char *expr, char *tname, size_t n,
			     int *aggregate)
{
	return expr_type_described(u, addr, expr, 0, tname, n, aggregate);
}

int line_unit_expr_volatile(struct line_unit *u, uint64_t addr,
			    const char *expr)
{
	struct ctype t;

	if (expr_type(u, addr, expr, 0, &t))
		return -1;
	/* a row of an array of several dimensions is no object */
	return t.dims ? 0 : dwarf_type_volatile(&t.die, NULL);
}

unsigned line_unit_expr_type_calls(struct line_unit *u, uint64_t addr,
				   const char *expr, char *tname, size_t n,
				   int *aggregate)
{
	return expr_type_described(u, addr, expr, TYPE_CALLS, tname, n,
				   aggregate);
}

unsigned line_unit_expr_type_spelled(struct line_unit *u, uint64_t addr,
				     const char *expr, char *tname, size_t n,
				     int *aggregate)
{
	return expr_type_described(u, addr, expr, TYPE_SPELLINGS, tname, n,
				   aggregate);
}

unsigned line_unit_call_expr_type(struct line_unit *u, uint64_t addr,
				  const char *function, unsigned call_line,
				  const char *expr, int calls, char *tname,
				  size_t n, int *aggregate)
{
	struct unit_priv *p = u->priv;
	Dwarf_Die *scopes = NULL;
	int nscopes = unit_call_scopes(p, addr - p->bias, function, call_line,
				       &scopes);
	struct ctype t;

	if (n)
		tname[0] = '\0';
	if (nscopes <= 0 || expr_type_in(p, scopes, nscopes, expr, calls, &t))
		return 0;
	return describe(&t, tname, n, aggregate);
}

/*
 * What the first pointer parameter of the inlined copy of `function`
 * that holds addr points to (dwarf-lines.h): the object of a
 * once-accessor's call, where the caller's own variables are not in
 * the inlined copy's scopes.
 */
unsigned line_unit_inline_pointee(struct line_unit *u, uint64_t addr,
				  const char *function, char *tname, size_t n,
				  int *aggregate)
{
	return line_unit_inline_pointee_member(u, addr, function, NULL, tname,
					       n, aggregate);
}

unsigned line_unit_inline_pointee_member(struct line_unit *u, uint64_t addr,
					 const char *function,
					 const char *member_name, char *tname,
					 size_t n, int *aggregate)
{
	struct unit_priv *p = u->priv;
	Dwarf_Die *scopes = NULL, origin, c, t, peeled;
	Dwarf_Attribute a;
	Dwarf_Word size = 0;
	int nscopes = unit_scopes(p, addr - p->bias, &scopes), found = 0;

	if (n)
		tname[0] = '\0';
	for (int i = 0; i < nscopes && !found; i++) {
		const char *name = name_of(&scopes[i]);

		if (dwarf_tag(&scopes[i]) != DW_TAG_inlined_subroutine || !name ||
		    strcmp(name, function) ||
		    !dwarf_formref_die(dwarf_attr(&scopes[i],
						  DW_AT_abstract_origin, &a),
				       &origin) ||
		    dwarf_child(&origin, &c))
			continue;
		do {
			if (dwarf_tag(&c) != DW_TAG_formal_parameter ||
			    type_of(&c, &t) || peel(&t) ||
			    dwarf_tag(&t) != DW_TAG_pointer_type ||
			    type_of(&t, &t))
				continue;
			found = 1;
			break;
		} while (!dwarf_siblingof(&c, &c));
	}
	free(scopes);
	if (!found || (member_name &&
		       member_through(p, &t, member_name, &t, NULL)))
		return 0;
	peeled = t;
	if (peel(&peeled) || dwarf_aggregate_size(&peeled, &size))
		return 0;
	if (n)
		type_name(&t, tname, n);
	if (aggregate)
		*aggregate = dwarf_tag(&peeled) == DW_TAG_structure_type ||
			     dwarf_tag(&peeled) == DW_TAG_union_type;
	return size > 0 && size < (1u << 30) ? (unsigned)size : 0;
}

/* Has the unit a child of any tag named name (a function, a type, a
 * variable, defined or declared)? */
static int unit_has_name(struct unit_priv *p, const char *name)
{
	return unit_names(p, name) != 0;
}

/* Words that name no entity of the program. */
static int not_an_entity(const char *w)
{
	static const char *const words[] = {
		"sizeof", "_Alignof", "__alignof__", "alignof", "struct",
		"union", "enum", "const", "volatile", "restrict", "__restrict",
		"__restrict__", "unsigned", "signed", "int", "char", "short",
		"long", "float", "double", "void", "_Bool", "bool",
		"__extension__", "_Atomic", "__volatile__", "__const",
		"__const__",
	};

	if (word_is_typeof(w))
		return 1;
	if (!strncmp(w, "__builtin_", 10) || !strncmp(w, "__atomic_", 9) ||
	    !strncmp(w, "__sync_", 7))
		return 1;
	for (size_t k = 0; k < ARRAY_SIZE(words); k++)
		if (!strcmp(w, words[k]))
			return 1;
	return 0;
}

/*
 * Does expr name, where a variable is read or a function called, a name
 * that neither the scopes nor the unit know?  Names after '.' and '->',
 * inside [...], after struct/union/enum, and a name alone in
 * parentheses (a cast's type, maybe) are not asked about: a type used
 * only in a cast may have no DIE.  Never of a statement expression.
 */
/* Is name a symbol of mod's table, defined or undefined (no section
 * or file symbol)? */
static int module_has_symbol(Dwfl_Module *mod, const char *name)
{
	int n = dwfl_module_getsymtab(mod);

	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Word shndx;
		const char *s = dwfl_module_getsym(mod, i, &sym, &shndx);

		if (s && GELF_ST_TYPE(sym.st_info) != STT_SECTION &&
		    GELF_ST_TYPE(sym.st_info) != STT_FILE && !strcmp(s, name))
			return 1;
	}
	return 0;
}

static int names_unknown_in(struct parser *ps, const char *expr,
			    Dwfl_Module *symbols);

static int names_unknown(struct parser *ps, const char *expr)
{
	return names_unknown_in(ps, expr, NULL);
}

/* Words a '(' follows that call nothing (the typeof family: not_an_entity). */
static int statement_word(const char *w)
{
	static const char *const words[] = {
		"if", "while", "for", "switch", "return", "asm", "__asm",
		"__asm__", "__attribute__", "__attribute", "_Generic",
		"_Static_assert", "static_assert",
	};

	for (size_t k = 0; k < ARRAY_SIZE(words); k++)
		if (!strcmp(w, words[k]))
			return 1;
	return not_an_entity(w);
}

/* Is every use of name[0..n) in expr a call -- a '(' after it, and
 * before it no word, '*', '.' or '->' (a declaration `void f(void)`,
 * `(*fp)(...)`, a member)? */
static int only_called(const char *expr, const char *name, size_t n)
{
	for (const char *p = expr; (p = strstr(p, name)); p += n) {
		const char *b = p, *a = p + n;

		if ((p > expr && (isalnum((unsigned char)p[-1]) ||
				  p[-1] == '_')) ||
		    isalnum((unsigned char)*a) || *a == '_')
			continue; /* part of a longer word */
		while (isspace((unsigned char)*a))
			a++;
		if (*a != '(')
			return 0;
		while (b > expr && isspace((unsigned char)b[-1]))
			b--;
		if (b > expr && (isalnum((unsigned char)b[-1]) ||
				 b[-1] == '_' || b[-1] == '*' ||
				 b[-1] == '.' || b[-1] == '>'))
			return 0;
	}
	return 1;
}

/*
 * A statement expression's reading: its own declarations are names the
 * unit has nowhere else, so only a call tells -- of a name that is
 * called wherever the reading names it (no block's declaration or
 * function pointer) and that neither the scopes, nor the unit, nor the
 * symbols know: RELOC_HIDE(...) left unexpanded, a reading of a
 * definition the build did not take.
 */
static int calls_unknown(struct parser *ps, const char *expr,
			 Dwfl_Module *symbols)
{
	for (const char *p = expr; *p;) {
		const char *q = p;
		char name[128];
		size_t n;
		Dwarf_Die var;

		if (!(isalpha((unsigned char)*p) || *p == '_') ||
		    (p > expr && (isalnum((unsigned char)p[-1]) ||
				  p[-1] == '_'))) {
			p++;
			continue;
		}
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		n = (size_t)(q - p);
		p = q;
		if (n >= sizeof(name))
			continue;
		memcpy(name, q - n, n);
		name[n] = '\0';
		if (statement_word(name) || !only_called(expr, name, n))
			continue;
		if (lookup_var(ps, name, &var) && !unit_has_name(ps->unit, name) &&
		    !(symbols && module_has_symbol(symbols, name)))
			return 1;
	}
	return 0;
}

/* ... nor, with symbols, that module's symbol table */
static int names_unknown_in(struct parser *ps, const char *expr,
			    Dwfl_Module *symbols)
{
	int depth = 0;
	const char *prev = ""; /* the previous token, its first char */
	char prev_word[32] = "";

	/* a statement expression declares names of its own
	 * (container_of()'s __mptr): that they are nowhere else says
	 * nothing of whether the reading was compiled */
	for (const char *p = expr; (p = strchr(p, '(')); p++) {
		const char *q = p + 1;

		while (isspace((unsigned char)*q))
			q++;
		if (*q == '{')
			return calls_unknown(ps, expr, symbols);
	}
	for (const char *p = expr; *p;) {
		const char *q = p, *r;
		char name[128];
		size_t n;

		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (!(isalpha((unsigned char)*p) || *p == '_')) {
			if (*p == '[')
				depth++;
			else if (*p == ']' && depth)
				depth--;
			prev = p;
			prev_word[0] = '\0';
			p += (*p == '-' && p[1] == '>') ? 2 : 1;
			continue;
		}
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		n = (size_t)(q - p);
		snprintf(name, sizeof(name), "%.*s", (int)(n < 127 ? n : 127), p);
		for (r = q; isspace((unsigned char)*r) || *r == '*'; r++)
			;
		if (!depth && *prev != '.' && !(*prev == '-' && prev[1] == '>') &&
		    strcmp(prev_word, "struct") && strcmp(prev_word, "union") &&
		    strcmp(prev_word, "enum") && !not_an_entity(name) &&
		    !(*prev == '(' && *r == ')')) {
			Dwarf_Die var;

			if (lookup_var(ps, name, &var) &&
			    !unit_has_name(ps->unit, name) &&
			    !(symbols && module_has_symbol(symbols, name)))
				return 1;
		}
		if (n < sizeof(prev_word))
			memcpy(prev_word, p, n), prev_word[n] = '\0';
		else
			prev_word[0] = '\0';
		prev = p;
		p = q;
	}
	return 0;
}

/* Is the variable expr starts from one of static storage -- the unit's
 * own (a global, a thread-local), not a local or parameter? */
static int static_base(struct parser *ps, const char *expr)
{
	char name[128];
	Dwarf_Die var;

	ps->p = expr;
	while (*ps->p == '(' || *ps->p == '&' || *ps->p == '*' ||
	       isspace((unsigned char)*ps->p))
		ps->p++;
	if (ident(ps, name, sizeof(name)))
		return 0;
	for (int i = 0; i < ps->nscopes; i++) {
		Dwarf_Attribute a;
		Dwarf_Die origin;

		if (ps->scopes[i].addr == ps->unit->cu.addr)
			return !find_unit_child(ps->unit, name, &var) &&
			       dwarf_tag(&var) == DW_TAG_variable;
		/* a local or parameter shadows -- of an inlined copy too,
		 * which may list only the parameters it kept (lookup_var) */
		if (!find_child(&ps->scopes[i], name, &var) ||
		    (dwarf_formref_die(dwarf_attr(&ps->scopes[i],
						  DW_AT_abstract_origin, &a),
				       &origin) &&
		     !find_child(&origin, name, &var)))
			return 0;
	}
	return 0;
}

unsigned line_unit_reading(struct line_unit *u, uint64_t addr,
			   const char *function, unsigned call_line,
			   const char *expr, int spellings, char *tname,
			   size_t n, int *aggregate, int *foreign)
{
	struct unit_priv *p = u->priv;
	Dwarf_Die *scopes = NULL;
	int nscopes = function ?
		unit_call_scopes(p, addr - p->bias, function, call_line, &scopes) :
		unit_scopes(p, addr - p->bias, &scopes);
	struct parser ps;
	struct ctype t;
	unsigned size = 0;

	*foreign = 0;
	if (n)
		tname[0] = '\0';
	if (nscopes <= 0 && function) {
		free(scopes);
		return 0;
	}
	nscopes = or_unit_scope(p, &scopes, nscopes);
	memset(&ps, 0, sizeof(ps));
	ps.unit = p;
	ps.scopes = scopes;
	ps.nscopes = nscopes;
	ps.p = expr;
	ps.calls = 1;
	ps.spellings = spellings;
	ps.stmt_exprs = spellings;
	memset(&t, 0, sizeof(t));
	/* a type read from a variable only when it is of static storage;
	 * one a cast or a function of the unit gives is the same whatever
	 * variables the reading names */
	if (!unary(&ps, &t) && (skip_ws(&ps), !*ps.p) && !t.addr_of &&
	    (ps.origin == ORIGIN_CALL || ps.origin == ORIGIN_CAST ||
	     (ps.origin == ORIGIN_VAR && static_base(&ps, expr))))
		size = describe(&t, tname, n, aggregate);
	else
		*foreign = names_unknown(&ps, expr);
	free(scopes);
	return size;
}

int line_unit_reading_absent(struct line_unit *u, uint64_t addr,
			     const char *expr)
{
	struct unit_priv *p = u->priv;
	Dwarf_Die *scopes = NULL;
	int nscopes, absent;
	struct parser ps;

	if (!elf_image_info(u->img)->relocatable)
		return -1;
	nscopes = or_unit_scope(p, &scopes,
				unit_scopes(p, addr - p->bias, &scopes));
	memset(&ps, 0, sizeof(ps));
	ps.unit = p;
	ps.scopes = scopes;
	ps.nscopes = nscopes;
	absent = names_unknown_in(&ps, expr, p->mod);
	free(scopes);
	return absent;
}

/* member(), and the member's offset in the record added to *off (a
 * constant DW_AT_data_member_location; anonymous members' too). */
static int member_at(Dwarf_Die *rec, const char *name, Dwarf_Die *out,
		     int64_t *off)
{
	Dwarf_Die c;

	if (record_first_child(rec, &c))
		return -1;
	do {
		Dwarf_Attribute a;
		Dwarf_Word where = 0;
		const char *n;
		Dwarf_Die t;

		if (dwarf_tag(&c) != DW_TAG_member)
			continue;
		/* a union's members, and a struct's first, may have none */
		if (dwarf_attr(&c, DW_AT_data_member_location, &a) &&
		    dwarf_formudata(&a, &where))
			return -1; /* a location expression: not a constant */
		if (dwarf_attr(&c, DW_AT_data_bit_offset, &a) ||
		    dwarf_attr(&c, DW_AT_bit_size, &a))
			continue; /* a bit-field: no byte address of its own */
		n = name_of(&c);
		if (n && !strcmp(n, name)) {
			*off += (int64_t)where;
			return type_of(&c, out);
		}
		if (!n && !type_of(&c, &t) && !member_at(&t, name, out, off)) {
			*off += (int64_t)where;
			return 0;
		}
	} while (!dwarf_siblingof(&c, &c));
	return -1;
}

/* "[N]" after an array t of constant N: t becomes its element, *off
 * grows by N elements. */
static int element_at(struct parser *ps, Dwarf_Die *t, int64_t *off,
		      char *var, size_t nvar, unsigned *scale)
{
	Dwarf_Die a = *t, e, pe;
	Dwarf_Word esize;
	char *end;
	unsigned long long i = 0;

	ps->p++;
	skip_ws(ps);
	if (var && !*var && !isdigit((unsigned char)*ps->p)) {
		/* a variable: its register is the index (the caller) */
		if (ident(ps, var, nvar))
			return -1;
	} else {
		if (!isdigit((unsigned char)*ps->p))
			return -1;
		i = strtoull(ps->p, &end, 0);
		ps->p = end;
	}
	while (*ps->p == 'u' || *ps->p == 'U' || *ps->p == 'l' || *ps->p == 'L')
		ps->p++;
	skip_ws(ps);
	if (*ps->p != ']' || i > 1u << 20 || peel(&a) ||
	    dwarf_tag(&a) != DW_TAG_array_type || type_of(&a, &e))
		return -1;
	ps->p++;
	skip_ws(ps);
	pe = e;
	if (peel(&pe) || dwarf_aggregate_size(&pe, &esize) || esize > 1u << 20)
		return -1;
	*off += (int64_t)(i * esize);
	if (var && *var && !*scale)
		*scale = (unsigned)esize;
	*t = e;
	return 0;
}

/* The one register a location expression names (DW_OP_reg0..31,
 * DW_OP_regx), or -1. */
static long one_register(const Dwarf_Op *ops, size_t n)
{
	if (n != 1)
		return -1;
	if (ops[0].atom >= DW_OP_reg0 && ops[0].atom <= DW_OP_reg31)
		return ops[0].atom - DW_OP_reg0;
	if (ops[0].atom == DW_OP_regx && ops[0].number < 4096)
		return (long)ops[0].number;
	return -1;
}

/* The one register var's location puts it in at pc, or -1. */
static long var_register(Dwarf_Die *var, Dwarf_Addr pc)
{
	Dwarf_Attribute a;
	Dwarf_Op *ops;
	size_t nops;

	if (!dwarf_attr_integrate(var, DW_AT_location, &a) ||
	    dwarf_getlocation_addr(&a, pc, &ops, &nops, 1) != 1)
		return -1;
	return one_register(ops, nops);
}

int line_unit_object_reg(struct line_unit *u, uint64_t addr, const char *expr,
			 struct object_place *pl, char *ptr, size_t n)
{
	struct unit_priv *p = u->priv;
	struct parser ps;
	Dwarf_Die var, t, ivar;
	char name[128], index[128] = "";
	int star, parens = 0, ret = -2;
	long reg;

	memset(&ps, 0, sizeof(ps));
	ps.p = expr;
	ps.unit = p;
	memset(pl, 0, sizeof(*pl));
	if (n)
		ptr[0] = '\0';
	/* (*(((p)))), (p)->f: parentheses anywhere, balanced */
	for (skip_ws(&ps); *ps.p == '('; skip_ws(&ps)) {
		ps.p++;
		parens++;
	}
	star = *ps.p == '*';
	if (star)
		ps.p++;
	for (skip_ws(&ps); *ps.p == '('; skip_ws(&ps)) {
		ps.p++;
		parens++;
	}
	if (ident(&ps, name, sizeof(name)))
		return -2;
	for (skip_ws(&ps); parens && *ps.p == ')'; skip_ws(&ps)) {
		ps.p++;
		parens--;
	}
	if (n)
		snprintf(ptr, n, "%s", name);
	ps.nscopes = unit_scopes(p, addr - p->bias, &ps.scopes);
	ret = -3;
	if (ps.nscopes <= 0 || lookup_var(&ps, name, &var) ||
	    type_of(&var, &t) || peel(&t) ||
	    dwarf_tag(&t) != DW_TAG_pointer_type || type_of(&t, &t))
		goto out;
	ret = -2;
	if (!star) { /* p->f, then .g ... */
		if (strncmp(ps.p, "->", 2))
			goto out;
		ps.p += 2;
		for (;;) {
			if (ident(&ps, name, sizeof(name)) ||
			    member_through(p, &t, name, &t, &pl->offset))
				goto out;
			skip_ws(&ps);
			/* a constant index (l->w[1]), or one variable's */
			while (*ps.p == '[')
				if (element_at(&ps, &t, &pl->offset, index,
					       sizeof(index), &pl->scale))
					goto out;
			if (*ps.p != '.')
				break;
			ps.p++;
		}
	}
	for (skip_ws(&ps); parens && *ps.p == ')'; skip_ws(&ps)) {
		ps.p++;
		parens--;
	}
	if (*ps.p || parens)
		goto out;
	ret = -1; /* the form is read: the place is what is not known */
	/* the pointer's place at addr: one register, or not known (in
	 * memory, a value computed, optimised out, no location here) */
	if ((reg = var_register(&var, addr - p->bias)) < 0)
		goto out;
	pl->reg = (unsigned)reg;
	if (*index) { /* its value in a register too */
		if (lookup_var(&ps, index, &ivar) ||
		    (reg = var_register(&ivar, addr - p->bias)) < 0)
			goto out;
		pl->indexed = 1;
		pl->index_reg = (unsigned)reg;
	}
	ret = 0;
out:
	free(ps.scopes);
	return ret;
}

int line_unit_named_offset(struct line_unit *u, uint64_t addr,
			   const char *expr, char *name, size_t n,
			   int64_t *offset)
{
	struct unit_priv *p = u->priv;
	struct parser ps;
	Dwarf_Die var, t;
	char id[128];
	int parens = 0, ret = -1;

	memset(&ps, 0, sizeof(ps));
	ps.p = expr;
	ps.unit = p;
	*offset = 0;
	for (skip_ws(&ps); *ps.p == '('; skip_ws(&ps)) {
		ps.p++;
		parens++;
	}
	if (ident(&ps, id, sizeof(id)))
		return -1;
	if (n)
		snprintf(name, n, "%s", id);
	ps.nscopes = or_unit_scope(p, &ps.scopes,
				   unit_scopes(p, addr - p->bias, &ps.scopes));
	if (lookup_var(&ps, id, &var) || type_of(&var, &t))
		goto out;
	for (;;) {
		skip_ws(&ps);
		if (*ps.p == '[') {
			if (element_at(&ps, &t, offset, NULL, 0, NULL))
				goto out;
		} else if (*ps.p == '.') {
			ps.p++;
			if (ident(&ps, id, sizeof(id)) ||
			    member_through(p, &t, id, &t, offset))
				goto out;
		} else {
			break;
		}
	}
	for (skip_ws(&ps); parens && *ps.p == ')'; skip_ws(&ps)) {
		ps.p++;
		parens--;
	}
	if (!*ps.p && !parens)
		ret = 0;
out:
	free(ps.scopes);
	return ret;
}
