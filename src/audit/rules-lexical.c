/*
 * The lexical engine's rules (rules-lexical.h).  One pass over the tokens
 * of a file finds once-macro calls and volatile-cast idioms; the type
 * index of the same file answers what their operands are.
 */
#define _GNU_SOURCE /* memmem */
#include "audit/rules-lexical.h"
#include "audit/double-fetch.h"
#include "cfront/cast-exact.h"
#include "rewrite/includers.h"
#include "cfront/idioms.h"
#include "cfront/macro-uses.h"
#include "cfront/treetypes.h"
#include "cfront/typeindex.h"
#include "cfront/walk.h"
#include "lib/strbuf.h"
#include "lib/strset.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void lexical_options_init(struct lexical_options *o)
{
	memset(o, 0, sizeof(*o));
	o->enabled[RULE_ACCESS_ONCE] = 1;
	o->enabled[RULE_ACCESS_ONCE_NONSCALAR] = 1;
	o->enabled[RULE_VOLATILE_CAST] = 1;
	o->enabled[RULE_VOLATILE_WRONG_LEVEL] = 1;
	once_macros_init(&o->macros);
	rewrite_opts_init(&o->fix);
	o->fix.macros = &o->macros;
	(void)include_line_init(&o->fix_include, "<rwonce.h>");
	provider_opts_init(&o->fix_provider, o->fix.read_name,
			   o->fix.write_name, &o->fix_include);
	o->fix_headers = provider_cache_new(&o->fix_provider);
	macro_roles_init(&o->fix_roles);
	o->fix_edges = include_edges_new();
	provider_cache_use_edges(o->fix_headers, o->fix_edges);
}

/*
 * Index builds the tree lookup may spend over a whole run: a generic
 * file's operand forks over every architecture (about 2.5 s for one
 * pte_t on Linux 6.1), so a tree with thousands of such sites would
 * take hours.  Past the budget, operands stay "type unknown" and a
 * warning says so once.
 */
#define TREE_BUILD_BUDGET 20000

struct lexical_tree {
	const char *const *paths;
	size_t nr;
	struct tree_sketches *sketches; /* the pre-pass's, until the build */
	pthread_mutex_t lock;
	struct tree_types *tt; /* built by the first worker that needs it */
	size_t builds;         /* spent so far (under lock) */
	int warned;
};

void lexical_set_tree(struct lexical_options *o, const char *const *paths,
		      size_t nr, struct tree_sketches *sketches)
{
	struct lexical_tree *t = xcalloc(1, sizeof(*t));

	t->paths = paths;
	t->nr = nr;
	t->sketches = sketches;
	pthread_mutex_init(&t->lock, NULL);
	o->tree = t;
}

static const struct tree_types *tree_of(const struct lexical_options *o)
{
	struct lexical_tree *t = o->tree;
	const struct tree_types *tt;

	if (!t)
		return NULL;
	pthread_mutex_lock(&t->lock);
	if (!t->tt) {
		t->tt = tree_types_build_sketched(t->paths, t->nr, t->sketches);
		tree_sketches_free(t->sketches);
		t->sketches = NULL;
		/* Test hook: how many headers the build read itself */
		if (getenv("RWONCE_TEST_AUDIT_TREE_STATS")) {
			size_t read, walked;

			tree_types_build_stats(t->tt, &read, &walked);
			fprintf(stderr, "rwonce audit: tree statistics: %zu "
				"headers read, %zu sketched by the walk\n",
				read, walked);
		}
	}
	tt = t->tt;
	pthread_mutex_unlock(&t->lock);
	return tt;
}

void lexical_options_release(struct lexical_options *o)
{
	if (o->tree) {
		tree_types_free(o->tree->tt);
		tree_sketches_free(o->tree->sketches);
		pthread_mutex_destroy(&o->tree->lock);
		free(o->tree);
		o->tree = NULL;
	}
	macro_roles_release(&o->fix_roles);
	include_edges_free(o->fix_edges);
	provider_cache_free(o->fix_headers);
	provider_opts_release(&o->fix_provider);
	include_line_release(&o->fix_include);
	rewrite_opts_release(&o->fix);
	once_macros_release(&o->macros);
}

/*
 * Does a rule that is on check the uses of m?  The style rule looks at
 * ACCESS_ONCE and --macro names, the nonscalar rule at every
 * ACCESS_ONCE-style macro, volatile-aggregate at the volatile-cast reads
 * and writes -- each only when an argument is the object, to be typed.
 */
static int macro_checked(const struct once_macro *m, void *opts)
{
	const struct lexical_options *o = opts;

	if (m->object_arg < 0 || (m->flags & OMF_RWONCE))
		return 0;
	if (m->kind == OMK_ACCESS)
		return o->enabled[RULE_ACCESS_ONCE_NONSCALAR] ||
		       (o->enabled[RULE_ACCESS_ONCE] &&
			!(m->flags & OMF_DISCOVERED));
	return (m->flags & OMF_VOLATILE_CAST) &&
	       !(m->flags & OMF_POINTER_OBJECT) &&
	       o->enabled[RULE_VOLATILE_AGGREGATE];
}

int lexical_wants_file(const struct lexical_options *o, int says_volatile,
		       const char *buf, size_t len)
{
	if (o->enabled[RULE_DOUBLE_FETCH] || says_volatile)
		return 1;
	/* any once-macro's name: a site to count, if nothing to check.
	 * A kernel tree has some 150 once-macros; the search skips
	 * ahead by their letters instead of looking up every word. */
	return once_macros_any(&o->macros, buf, len);
}

/* ---- helpers ---- */

/* The source text of tokens r, one space where there was white space;
 * bytes that are not printable ASCII or valid UTF-8 become '?'. */
static void range_text(const char *buf, const struct token_list *l,
		       struct tok_range r, struct strbuf *sb, size_t max)
{
	struct strbuf tok = STRBUF_INIT;
	size_t start = sb->len;

	for (size_t i = r.begin; i < r.end; i++) {
		const struct token *t = &l->tok[i];

		if (t->flags & TF_DIRECTIVE && !(l->tok[r.begin].flags & TF_DIRECTIVE))
			continue;
		if (i > r.begin && (t->flags & (TF_SPACE_BEFORE | TF_BOL)))
			strbuf_addch(sb, ' ');
		strbuf_reset(&tok);
		token_spelling(buf, t, &tok);
		for (size_t k = 0; k < tok.len; k++) {
			unsigned char c = (unsigned char)tok.buf[k];

			if (c >= 0x80 && t->kind == TOK_IDENT)
				strbuf_addch(sb, (char)c); /* valid UTF-8 */
			else if (c < 0x20 || c >= 0x7f)
				strbuf_addch(sb, '?');
			else
				strbuf_addch(sb, (char)c);
		}
		if (sb->len - start > max) {
			sb->len = start + max;
			sb->buf[sb->len] = '\0';
			/* do not cut a UTF-8 sequence in half */
			while (sb->len > start &&
			       ((unsigned char)sb->buf[sb->len - 1] & 0xc0) == 0x80)
				sb->buf[--sb->len] = '\0';
			if (sb->len > start &&
			    (unsigned char)sb->buf[sb->len - 1] >= 0xc0)
				sb->buf[--sb->len] = '\0';
			strbuf_addstr(sb, "...");
			break;
		}
	}
	strbuf_release(&tok);
}

struct file_ctx {
	const struct lexical_options *o;
	const char *path;
	const char *buf;
	const struct token_list *l;
	struct finding_list *out;
	struct type_index *ti; /* built on first need */
	/* the once-macro whose use is being checked: a discovered one's
	 * findings carry a note naming its definition */
	const struct once_macro *macro;
	/* what rwonce fix decides about each site of the file: run once,
	 * on the first finding that asks */
	struct rewrite_result fix;
	struct rewrite_index fix_index; /* its sites by token, their edits */
	int fix_done;
	/* the header fix adds to give the file READ_ONCE/WRITE_ONCE, or
	 * NULL (it sees them, or none may be added): the advice names it */
	const char *fix_adds;
	struct text_cursor at;  /* the fixes' positions */
	/* The volatile-aggregate rule's lookups of an unknown object in
	 * the tree's headers, each a build of the file's index with them:
	 * the names an object started with whose lookup found nothing (the
	 * next object from that name is not looked up again), and how many
	 * lookups of objects that start otherwise were made.  A file of
	 * many unknown casts was quadratic: t2040's 100,000 nested casts
	 * took over a minute, 1.4 s before the lookup. */
	struct strset tree_missed;
	size_t tree_other_lookups;
	/* the file's #include lines, for all its tree lookups */
	struct tree_includes includes;
};

static struct type_index *index_of(struct file_ctx *c)
{
	if (!c->ti) {
		c->ti = type_index_build(c->buf, c->l);
		type_index_add_local_headers(c->ti, c->path);
	}
	return c->ti;
}

/* rwonce fix's decision about the site that starts at token i; NULL
 * when fix does not take it for a site (a product "a * (volatile T *)p",
 * a call's parentheses), and then neither does audit. */
static const struct rewrite_site *fix_decision(struct file_ctx *c, size_t i)
{
	if (!c->fix_done) {
		struct strbuf notes = STRBUF_INIT;
		enum provider_answer a;

		c->fix_done = 1;
		(void)rewrite_provided(c->o->fix_headers, &c->o->fix_provider,
				       c->path, index_of(c), c->buf,
				       c->l->tok[c->l->nr - 1].off, c->l,
				       &c->o->fix, &c->fix, &notes, &a,
				       &c->fix_adds);
		strbuf_release(&notes);
		rewrite_index_build(&c->fix_index, &c->fix);
	}
	return rewrite_index_site(&c->fix_index, i);
}

/*
 * The edits rwonce fix makes for the site at token `first` (fix's own
 * decision, rewrite/rewrite.h), as the finding's fix: SARIF "fixes".
 */
static void add_fix_edits(struct file_ctx *c, size_t first, struct finding *f)
{
	const struct rewrite_site *v = c->fix_done ?
		rewrite_index_site(&c->fix_index, first) : NULL;
	const size_t *ids;
	size_t nr;

	if (!v || !v->converted)
		return;
	/* its own edits only, from the index: a walk over every edit of
	 * the file per finding made audit quadratic (145 s for 200,000
	 * findings in one file) */
	ids = rewrite_index_edits(&c->fix_index, v, &nr);
	for (size_t k = 0; k < nr; k++) {
		const struct text_edit *e = &c->fix.edits.items[ids[k]];
		unsigned line, col, end_line, end_col;
		char *text;

		text_cursor_at(&c->at, e->off, &line, &col);
		text_cursor_at(&c->at, e->off + e->len, &end_line, &end_col);
		text = xstrndup(e->text, e->text_len);
		finding_add_fix(f, line, col, end_line, end_col, text);
		free(text);
	}
}

/* "; rwonce fix leaves it: REASON" for a site fix does not convert. */
static void add_fix_reason(struct strbuf *msg, const struct rewrite_site *v)
{
	if (v && !v->converted)
		strbuf_addf(msg, "; rwonce fix leaves it: %s", v->reason);
}

static void add(struct file_ctx *c, enum rule_id rule, size_t first,
		size_t last, const char *msg, const struct type_answer *ty,
		int fixable)
{
	const struct token *a = &c->l->tok[first], *b = &c->l->tok[last];
	struct finding f;

	memset(&f, 0, sizeof(f));
	f.rule = rule;
	f.path = (char *)c->path;
	f.line = a->line;
	f.col = a->col;
	f.end_line = b->line;
	f.end_col = b->flags & TF_SPLICED ? 0 : b->col + (unsigned)b->len;
	if (f.end_col == 0)
		f.end_line = 0;
	f.message = (char *)msg;
	if (ty && ty->cls != TC_UNKNOWN) {
		f.type_spelled = (char *)ty->spelled;
		f.type_canonical = (char *)ty->canonical;
	}
	/* the aggregate's definition, for the HTML card */
	if (ty && ty->def_line && (ty->cls == TC_STRUCT || ty->cls == TC_UNION)) {
		f.type_path = ty->def_file[0] ? (char *)ty->def_file :
			(char *)c->path;
		f.type_line = ty->def_line;
		f.type_end_line = ty->def_end_line;
	}
	f.fixable = fixable;
	if (fixable)
		add_fix_edits(c, first, finding_list_add(c->out, &f));
	else
		finding_list_add(c->out, &f);
	/* a discovered macro's finding names its definition; a known name's
	 * only where its definition is the reason (a volatile cast) */
	if (c->macro && c->macro->def_path &&
	    ((c->macro->flags & OMF_DISCOVERED) ||
	     rule == RULE_VOLATILE_AGGREGATE))
		c->out->items[c->out->nr - 1].notes =
			once_macro_definition_note(c->macro);
}

static void add_type_clause(struct strbuf *sb, int known,
			    const struct type_answer *ty)
{
	if (!known)
		strbuf_addstr(sb, " (type unknown)");
	else if (!strcmp(ty->spelled, ty->canonical))
		strbuf_addf(sb, " (type '%s')", ty->spelled);
	else
		strbuf_addf(sb, " (type '%s' aka '%s')", ty->spelled,
			    ty->canonical);
}

static int is_nonscalar(const struct type_answer *ty)
{
	return ty->cls == TC_STRUCT || ty->cls == TC_UNION || ty->cls == TC_ARRAY;
}

/* Is token i the name in "#define NAME", "#undef NAME", "defined NAME"...? */
static int is_macro_name_mention(const char *buf, const struct token_list *l,
				 size_t i)
{
	if (!i)
		return 0;
	if (tok_ident(buf, l, i - 1, "defined"))
		return 1;
	if (i >= 2 && tok_ident(buf, l, i - 2, "defined") &&
	    tok_punct(buf, l, i - 1, "("))
		return 1;
	if (!(l->tok[i].flags & TF_DIRECTIVE) || (l->tok[i].flags & TF_DEFINE_BODY))
		return 0;
	return tok_ident(buf, l, i - 1, "define") ||
	       tok_ident(buf, l, i - 1, "undef") ||
	       tok_ident(buf, l, i - 1, "ifdef") ||
	       tok_ident(buf, l, i - 1, "ifndef");
}

static const struct once_macro *macro_at(const struct lexical_options *o,
					 const char *buf,
					 const struct token_list *l, size_t i)
{
	const struct token *t = &l->tok[i];

	if (t->kind != TOK_IDENT)
		return NULL;
	/* READ_\<newline>ONCE(x) calls READ_ONCE */
	return once_macros_find_token(&o->macros, buf, t);
}

/*
 * Does the name of a macro being defined say it implements a once-access?
 * 2: a built-in or named once-macro, or a name like one (__READ_ONCE_SIZE):
 * nothing in its body is reported.  1: a once-macro discovery found: its
 * own volatile cast is its implementation, but a deprecated ACCESS_ONCE
 * it calls is still reported (DEV_REG(d) ACCESS_ONCE((d)->reg)).  0: no.
 */
static int once_impl(const struct lexical_options *o, const char *buf,
		     const struct token_list *l, size_t name)
{
	const struct once_macro *m = macro_at(o, buf, l, name);
	enum once_macro_kind k;

	if (once_macro_name_implies(buf + l->tok[name].off, l->tok[name].len, &k))
		return 2;
	if (!m)
		return 0;
	return m->flags & OMF_DISCOVERED ? 1 : 2;
}

/* ---- access-once and access-once-nonscalar ---- */

static int answer_order(const void *a_, const void *b_)
{
	const struct tree_answer *a = a_, *b = b_;

	return strcmp(a->label, b->label);
}

/* The answers of the tree lookup for r, within the run's budget, sorted
 * by label; 0 when the tree does not help. */
static size_t tree_lookup(struct file_ctx *c, struct tok_range r,
			  struct tree_answer *a, size_t max)
{
	const struct tree_types *tt = tree_of(c->o);
	size_t n, left, used = 0;

	if (!tt)
		return 0;
	pthread_mutex_lock(&c->o->tree->lock);
	left = TREE_BUILD_BUDGET - c->o->tree->builds;
	if (!left && !c->o->tree->warned) {
		c->o->tree->warned = 1;
		walk_warning("%s: the tree type lookup spent its budget (%d index "
			"builds); operands whose type the file alone cannot "
			"tell stay 'type unknown' from here on", c->path,
			TREE_BUILD_BUDGET);
	}
	pthread_mutex_unlock(&c->o->tree->lock);
	if (!left)
		return 0;
	n = tree_types_resolve(tt, c->path, c->buf, c->l, index_of(c),
			       &c->includes, r, a, max, left, &used);
	pthread_mutex_lock(&c->o->tree->lock);
	c->o->tree->builds += used;
	if (c->o->tree->builds > TREE_BUILD_BUDGET)
		c->o->tree->builds = TREE_BUILD_BUDGET;
	pthread_mutex_unlock(&c->o->tree->lock);
	if (n)
		sane_qsort(a, n, sizeof(*a), answer_order);
	return n;
}

/*
 * The operand r's type through the headers of the walked tree.  One set
 * of definitions: 1 and *ty.  Several that agree: the same.  Several that
 * disagree: 1 with *ty an aggregate one (so the site is reported once),
 * and per_def says which definitions give which class ("struct on x86,
 * sh; scalar on arm"); 0 when none is an aggregate and they still differ
 * or are unknown.
 */
static int resolve_in_tree(struct file_ctx *c, struct tok_range r,
			   struct type_answer *ty, struct strbuf *per_def)
{
	struct tree_answer a[64];
	size_t n = tree_lookup(c, r, a, ARRAY_SIZE(a)), agg = SIZE_MAX;
	int differ = 0;

	if (!n)
		return 0;
	for (size_t k = 0; k < n; k++) {
		differ |= !a[k].known || a[k].ty.cls != a[0].ty.cls;
		if (a[k].known && is_nonscalar(&a[k].ty) && agg == SIZE_MAX)
			agg = k;
	}
	if (!differ && a[0].known) {
		*ty = a[0].ty;
		if (n == 1 || !is_nonscalar(ty))
			return 1;
	}
	if (agg == SIZE_MAX)
		return 0; /* no aggregate anywhere: nothing to say for sure */
	*ty = a[agg].ty;
	/* The labels grouped by class, aggregates first, unknown last. */
	static const enum type_class order[] = {
		TC_STRUCT, TC_UNION, TC_ARRAY, TC_SCALAR, TC_POINTER,
		TC_FUNCTION, TC_UNKNOWN,
	};
	for (size_t o = 0; o < ARRAY_SIZE(order); o++) {
		int first = 1;

		for (size_t j = 0; j < n; j++) {
			enum type_class cj = a[j].known ? a[j].ty.cls : TC_UNKNOWN;

			int dup = 0;

			if (cj != order[o])
				continue;
			for (size_t k = 0; k < j; k++)
				dup |= (a[k].known ? a[k].ty.cls : TC_UNKNOWN) == cj &&
				       !strcmp(a[k].label, a[j].label);
			if (dup)
				continue; /* two definitions of one label */
			if (first)
				strbuf_addf(per_def, "%s%s on ",
					    per_def->len ? "; " : "",
					    type_class_name(cj));
			strbuf_addf(per_def, "%s%s", first ? "" : ", ",
				    a[j].label[0] ? a[j].label : "this tree");
			first = 0;
		}
	}
	return 1;
}

static int may_split(const struct type_answer *ty, const struct type_units *u)
{
	return (ty->cls == TC_STRUCT || ty->cls == TC_UNION) && u->units > 1 &&
	       u->size <= 8;
}

/*
 * The same through the walked tree's headers, when the file alone does
 * not know x's type: one finding naming the definitions under which it
 * may be split ("arm, arm64, x86").
 */
static void check_volatile_cast_in_tree(struct file_ctx *c, size_t i,
					size_t close,
					const struct once_macro *m,
					struct tok_range x)
{
	struct tree_answer a[64];
	size_t n = c->o->tree ? tree_lookup(c, x, a, ARRAY_SIZE(a)) : 0;
	size_t first = n;
	struct strbuf msg = STRBUF_INIT, arg = STRBUF_INIT, where = STRBUF_INIT;

	for (size_t k = 0; k < n; k++) {
		if (!a[k].known || !a[k].units_known ||
		    !may_split(&a[k].ty, &a[k].units))
			continue;
		if (first == n)
			first = k;
		strbuf_addf(&where, "%s%s", where.len ? ", " : "",
			    a[k].label[0] ? a[k].label : "its definition");
	}
	if (first < n) {
		range_text(c->buf, c->l, x, &arg, 60);
		strbuf_addf(&msg, "%s(%s) of '%s', an aggregate that uses more "
			    "than one storage unit under %s: this %s is a "
			    "volatile cast, and a volatile access of an "
			    "aggregate may be split into one access per unit "
			    "(clang 14-19 split such copies); 'rwonce scan' on "
			    "the build confirms it",
			    m->name, arg.buf, a[first].ty.spelled, where.buf,
			    m->name);
		add(c, RULE_VOLATILE_AGGREGATE, i, close, msg.buf,
		    &a[first].ty, 0);
	}
	strbuf_release(&msg);
	strbuf_release(&arg);
	strbuf_release(&where);
}

/*
 * READ_ONCE(x) / WRITE_ONCE(x, v) where the project's macro is a volatile
 * cast: an x of struct or union type that uses more than one storage
 * unit may be read or written one unit at a time.
 */
static void check_volatile_cast_macro(struct file_ctx *c, size_t i,
				      const struct once_macro *m)
{
	struct tok_range args[2];
	size_t nargs, close, k;
	struct type_answer ty;
	struct type_units u;
	struct strbuf msg = STRBUF_INIT, arg = STRBUF_INIT;

	if (tok_call_args(c->buf, c->l, i, args, ARRAY_SIZE(args), &nargs,
			  &close) || nargs > 2)
		return;
	/* ASSIGN_ONCE(v, x), the 2014 spelling, has its target second;
	 * a discovered macro whose object is an expression of its
	 * arguments (no argument is the object) is not typed here */
	if (once_macro_object_arg(m, nargs) < 0)
		return;
	k = (size_t)once_macro_object_arg(m, nargs);
	if (args[k].end <= args[k].begin)
		return;
	/* not known here, or a struct whose definition is elsewhere
	 * ("struct ticket tk;" with struct ticket in a header): the tree */
	if (!type_index_expr(index_of(c), c->buf, c->l, args[k], &ty) ||
	    !type_index_expr_units(index_of(c), c->buf, c->l, args[k], &u)) {
		check_volatile_cast_in_tree(c, i, close, m, args[k]);
		return;
	}
	if (!may_split(&ty, &u))
		return;
	range_text(c->buf, c->l, args[k], &arg, 60);
	strbuf_addf(&msg, "%s(%s) of %s '%s' (%u storage units, the narrowest "
		    "%u byte%s): this %s is a volatile cast, and a volatile "
		    "access of an aggregate may be split into one access per "
		    "unit (clang 14-19 split such copies); 'rwonce scan' on "
		    "the build confirms it, rwonce.h's %s goes through one "
		    "scalar",
		    m->name, arg.buf, ty.cls == TC_UNION ? "union" : "struct",
		    ty.spelled, u.units, u.min_unit, u.min_unit == 1 ? "" : "s",
		    m->name, m->kind == OMK_WRITE ? "WRITE_ONCE" : "READ_ONCE");
	add(c, RULE_VOLATILE_AGGREGATE, i, close, msg.buf, &ty, 0);
	strbuf_release(&msg);
	strbuf_release(&arg);
}

static void check_macro_call(struct file_ctx *c, size_t i,
			     const struct once_macro *m)
{
	const char *buf = c->buf;
	const struct token_list *l = c->l;
	struct tok_range args[2], whole;
	size_t nargs, close;
	struct strbuf msg = STRBUF_INIT, arg = STRBUF_INIT;
	struct strbuf per_def = STRBUF_INIT; /* "struct on x86; scalar on arm" */
	struct type_answer ty;
	enum once_use use;
	int known = 0, k;
	struct strbuf obj = STRBUF_INIT;

	c->macro = m;
	/* an ACCESS_ONCE-style macro of an aggregate is the nonscalar
	 * rule's: one finding, not two */
	if ((m->flags & OMF_VOLATILE_CAST) && m->kind != OMK_ACCESS &&
	    c->o->enabled[RULE_VOLATILE_AGGREGATE])
		check_volatile_cast_macro(c, i, m);
	/* READ_ONCE/WRITE_ONCE are the marked forms; rwonce.h's names are
	 * correct by construction; an object that is not one argument
	 * (atomic_read(v): (v)->counter) has no READ_ONCE(arg) to offer */
	if (m->kind != OMK_ACCESS || (m->flags & OMF_RWONCE) ||
	    m->object_arg < 0) {
		c->macro = NULL;
		return; /* READ_ONCE/WRITE_ONCE are the marked forms */
	}
	if (tok_call_args(buf, l, i, args, ARRAY_SIZE(args), &nargs, &close)) {
		c->macro = NULL;
		return; /* a mention, not a call */
	}
	whole.begin = i;
	whole.end = close + 1;
	use = once_use_classify(buf, l, whole.begin, whole.end);
	/* the object is the one argument, or the one the tree's own
	 * definition names (libuv's ACCESS_ONCE(type, var)) */
	k = once_macro_object_arg(m, nargs);
	if (k >= 0 && (nargs == 1 || (m->object_arg == k && k > 0)) &&
	    args[k].end > args[k].begin) {
		known = type_index_expr(index_of(c), buf, l, args[k], &ty);
		if (!known && c->o->tree)
			known = resolve_in_tree(c, args[k], &ty, &per_def);
	}
	/* arg: the call's arguments as quoted; obj: the object's, for
	 * the READ_ONCE offered ("..., s->events" and "s->events") */
	if (nargs == 1) {
		range_text(buf, l, args[0], &arg, 60);
		strbuf_add(&obj, arg.buf, arg.len);
	} else if (k >= 0 && nargs == 2 && known) {
		range_text(buf, l, args[k], &obj, 60);
		strbuf_addf(&arg, k ? "..., %s" : "%s, ...", obj.buf);
	} else {
		strbuf_addstr(&arg, "...");
		strbuf_addstr(&obj, "...");
	}

	/* The style rule (use READ_ONCE) is for ACCESS_ONCE and the names
	 * the user gave; a tree's own ACCESS_ONCE-style macro found by
	 * discovery is checked for hazards only (the nonscalar rule). */
	if (c->o->enabled[RULE_ACCESS_ONCE] && !(m->flags & OMF_DISCOVERED)) {
		const char *name = m->name;

		if (!strcmp(name, "ACCESS_ONCE"))
			strbuf_addf(&msg, "%s(%s) is deprecated", name, arg.buf);
		else
			strbuf_addf(&msg, "%s(%s) is an ACCESS_ONCE-style volatile "
				    "access", name, arg.buf);
		if (once_in_asm_operand(buf, l, i))
			strbuf_addf(&msg, "; in an asm operand the asm makes the "
				    "access through its address: write %s itself, "
				    "not READ_ONCE(%s), a value (gcc hands the asm "
				    "a copy on the stack, clang refuses it)",
				    arg.buf, arg.buf);
		else if (use == ONCE_READ)
			strbuf_addf(&msg, ": use READ_ONCE(%s)", obj.buf);
		else if (use == ONCE_WRITE)
			strbuf_addf(&msg, ": use WRITE_ONCE(%s, value)", obj.buf);
		else
			strbuf_addf(&msg, " (its use here: %s)",
				    once_use_name(use));
		const struct rewrite_site *v = fix_decision(c, i);

		/* a tree of its own ACCESS_ONCE has no READ_ONCE to use:
		 * say whose it would be */
		if ((use == ONCE_READ || use == ONCE_WRITE) &&
		    !once_in_asm_operand(buf, l, i) && v && v->converted &&
		    c->fix_adds)
			strbuf_addf(&msg, " from %s (rwonce fix adds the "
				    "#include)", c->fix_adds);

		if (per_def.len)
			strbuf_addf(&msg, " (type '%s': %s)", ty.spelled,
				    per_def.buf);
		else
			add_type_clause(&msg, known, &ty);
		add_fix_reason(&msg, v);
		add(c, RULE_ACCESS_ONCE, i, close, msg.buf, known ? &ty : NULL,
		    v && v->converted);
	}
	if (c->o->enabled[RULE_ACCESS_ONCE_NONSCALAR] && known &&
	    is_nonscalar(&ty)) {
		strbuf_reset(&msg);
		if (per_def.len)
			strbuf_addf(&msg, "%s(%s) on '%s', an aggregate under some "
				    "of its definitions (%s): there a volatile "
				    "access may be split, repeated or lose its "
				    "volatile (GCC 4.6/4.7, clang); use "
				    "READ_ONCE/WRITE_ONCE, which go through one "
				    "scalar of the object's size",
				    m->name, arg.buf,
				    ty.spelled, per_def.buf);
		else
			strbuf_addf(&msg, "%s(%s) on %s type '%s': a volatile %s "
				    "access may be split, repeated or lose its "
				    "volatile (GCC 4.6/4.7, clang); use "
				    "READ_ONCE/WRITE_ONCE, which go through one "
				    "scalar of the object's size",
				    m->name, arg.buf,
				    ty.cls == TC_ARRAY ? "an array" :
				    ty.cls == TC_UNION ? "a union" : "a struct",
				    ty.spelled, type_class_name(ty.cls));
		add(c, RULE_ACCESS_ONCE_NONSCALAR, i, close, msg.buf, &ty, 0);
	}
	strbuf_release(&msg);
	strbuf_release(&arg);
	strbuf_release(&obj);
	strbuf_release(&per_def);
	c->macro = NULL;
}

/* ---- volatile-cast ---- */

/* Strip one pair of parentheses around the whole range. */
static struct tok_range strip_parens(const char *buf, const struct token_list *l,
				     struct tok_range r)
{
	for (int k = 0; k < 64 && r.end - r.begin >= 2 &&
	     tok_punct(buf, l, r.begin, "(") && tok_punct(buf, l, r.end - 1, ")") &&
	     tok_match(buf, l, r.begin) == r.end - 1; k++) {
		r.begin++;
		r.end--;
	}
	return r;
}

/* "(volatile unsigned long *)" -> "(unsigned long *)": drop the word. */
static void strip_volatile_word(struct strbuf *sb)
{
	char *v;

	while ((v = strstr(sb->buf, "volatile")) &&
	       (v == sb->buf || v[-1] == ' ' || v[-1] == '(') &&
	       (v[8] == ' ' || v[8] == '*')) {
		/* "volatile u32" loses "volatile ", "u32 volatile *" " volatile" */
		size_t skip = 8 + (v[8] == ' ');

		if (v[8] != ' ' && v > sb->buf && v[-1] == ' ') {
			v--;
			skip = 9;
		}
		memmove(v, v + skip, strlen(v + skip) + 1);
		sb->len -= skip;
	}
}

/*
 * "*(T *)P", what a volatile cast *(volatile T *)P reads spelled without
 * its volatile, into sb (what: "*P").  A pointer object's cast keeps the
 * qualifiers of what the pointer points to and loses only those of the
 * level accessed: "*(volatile void **)p" of musl's
 * *(volatile void *volatile *)p.
 */
static void plain_cast_text(const char *buf, const struct token_list *l,
			    struct tok_range type, const char *what,
			    struct strbuf *sb)
{
	size_t inner = type.end;

	for (size_t k = type.begin; k < type.end; k++) {
		if (tok_punct(buf, l, k, "("))
			k = tok_match(buf, l, k); /* typeof(*p) */
		else if (tok_punct(buf, l, k, "*"))
			inner = k;
	}
	strbuf_addstr(sb, "*(");
	if (inner == type.end) {
		range_text(buf, l, type, sb, 60);
		strbuf_addstr(sb, " *)");
		strbuf_addstr(sb, what + 1);
		strip_volatile_word(sb);
		return;
	}
	range_text(buf, l, (struct tok_range){ type.begin, inner + 1 }, sb, 60);
	strbuf_addstr(sb, "*)");
	strbuf_addstr(sb, what + 1);
}

/* The name an object's spelling starts with, when it is a plain
 * identifier (fdtab of fdtab[fd].update); NULL otherwise. */
static char *object_root(const struct file_ctx *c, struct tok_range r)
{
	struct strbuf sb = STRBUF_INIT;

	if (r.end <= r.begin || c->l->tok[r.begin].kind != TOK_IDENT)
		return NULL;
	token_spelling(c->buf, &c->l->tok[r.begin], &sb);
	return strbuf_detach(&sb);
}

/* Is an unknown object worth a lookup in the tree's headers: its root
 * name not one that found nothing before, and at most 64 lookups of
 * objects without such a name in a file. */
static int tree_lookup_worth(struct file_ctx *c, struct tok_range r)
{
	char *root = object_root(c, r);
	int worth = root ? !strset_has(&c->tree_missed, root) :
		c->tree_other_lookups < 64;

	free(root);
	return worth;
}

/* tree_types_index_for(), remembering a root name that found nothing. */
static struct type_index *tree_lookup_index(struct file_ctx *c,
					    const struct tree_types *tt,
					    struct tok_range r)
{
	struct type_index *ti = tree_types_index_for(tt, c->path, c->buf,
						     c->l, r);
	char *root = object_root(c, r);

	if (!root)
		c->tree_other_lookups++;
	else if (!ti)
		strset_add(&c->tree_missed, root);
	free(root);
	return ti;
}

/* "written at 3 uses (lines 620, 702, 774), read at 1 (line 705)": the
 * uses of a macro whose body is the access, by what each does. */
static void add_use_kinds(struct strbuf *msg, const struct macro_use_kinds *k)
{
	static const struct {
		int use;
		const char *said;
	} order[] = {
		{ ONCE_WRITE, "written" },
		{ ONCE_COMPOUND, "read and written by a compound assignment "
				 "(a read-modify-write)" },
		{ ONCE_INCDEC, "read and written by ++ or -- "
			       "(a read-modify-write)" },
		{ ONCE_READ, "read" },
		{ ONCE_ADDRESS, "its address taken" },
		{ ONCE_MEMBER, "a member or element of it accessed" },
		{ ONCE_UNEVALUATED, "not evaluated" },
		{ MACRO_USE_ASM, "an asm operand (which C does not access)" },
	};
	int first = 1;

	for (size_t i = 0; i < ARRAY_SIZE(order); i++) {
		unsigned n = k->count[order[i].use];

		if (!n)
			continue;
		strbuf_addf(msg, "%s%s at %u use%s (line%s ", first ? "" : ", ",
			    order[i].said, n, n == 1 ? "" : "s",
			    n == 1 ? "" : "s");
		for (unsigned j = 0; j < n && j < MACRO_USE_LINES; j++)
			strbuf_addf(msg, "%s%u", j ? ", " : "",
				    k->lines[order[i].use][j]);
		strbuf_addstr(msg, n > MACRO_USE_LINES ? ", ...)" : ")");
		first = 0;
	}
}

/*
 * The access is a macro's whole body (FreeRTOS's #define
 * portNVIC_SYSTICK_CTRL_REG (*((volatile uint32_t *)0xe000e010))): what
 * it does is what each use does.  Returns the one kind every use in the
 * file has when it is a read or a write (the message then says so, *k
 * filled); ONCE_UNEVALUATED when the uses disagree, do something else or
 * there is none (*k says which); -1 when the access is no macro's body.
 */
static int body_use(const struct file_ctx *c, const struct volatile_cast *vc,
		    struct macro_use_kinds *k, size_t *name)
{
	int function_like;

	if (!macro_body_whole(c->buf, c->l, vc->begin, vc->end, name,
			      &function_like))
		return -1;
	macro_use_kinds(c->buf, c->l, *name, function_like, 0, k);
	if (k->total && k->count[ONCE_READ] == k->total)
		return ONCE_READ;
	if (k->total && k->count[ONCE_WRITE] == k->total)
		return ONCE_WRITE;
	return ONCE_UNEVALUATED;
}

static void check_volatile_cast(struct file_ctx *c, const struct volatile_cast *vc)
{
	const char *buf = c->buf;
	const struct token_list *l = c->l;
	struct strbuf msg = STRBUF_INIT, what = STRBUF_INIT;
	enum once_use use = once_use_classify(buf, l, vc->begin, vc->end);
	const struct rewrite_site *v = fix_decision(c, vc->begin);
	struct cast_exactness ex;
	struct tok_range op = vc->operand;
	struct tok_range type = { vc->cast_open + 1, 0 };

	struct macro_use_kinds uses;
	size_t macro_name = 0;
	int by_uses;

	if (!v)
		return; /* not an access: see fix_decision() */
	by_uses = body_use(c, vc, &uses, &macro_name);
	if (by_uses >= 0)
		use = by_uses == ONCE_UNEVALUATED ? ONCE_READ : by_uses;
	/* The type T: the cast's tokens before the final '*'. */
	type.end = tok_match(buf, l, vc->cast_open) - 1;
	/* the one typing of the operand fix uses too (cfront/cast-exact.h) */
	volatile_cast_exactness(index_of(c), buf, l, vc, &ex);

	/* What the access reads: X for &X, *P otherwise. */
	if (vc->form == VC_DEREF && tok_punct(buf, l, op.begin, "&")) {
		range_text(buf, l, ex.object, &what, 60);
	} else {
		struct tok_range p = strip_parens(buf, l, op);

		/* *p, but *(p + 4) keeps its parentheses */
		strbuf_addch(&what, '*');
		if (unary_expr_end(buf, l, p.begin) == p.end)
			range_text(buf, l, p, &what, 60);
		else
			range_text(buf, l, op.begin == p.begin ?
				   (struct tok_range){ p.begin, p.end } : op,
				   &what, 60);
		if (unary_expr_end(buf, l, p.begin) != p.end &&
		    op.begin == p.begin) {
			/* no parentheses in the source: add them */
			struct strbuf t = STRBUF_INIT;

			range_text(buf, l, p, &t, 60);
			strbuf_reset(&what);
			strbuf_addf(&what, "*(%s)", t.buf);
			strbuf_release(&t);
		}
	}

	/* *(volatile struct ticket *)&lock: a volatile copy of an aggregate,
	 * which the compiler may split -- the hazard, beside the style */
	if (c->o->enabled[RULE_VOLATILE_AGGREGATE] && vc->form == VC_DEREF &&
	    ex.address && (use == ONCE_READ || use == ONCE_WRITE) &&
	    !once_in_asm_operand(buf, l, vc->begin)) {
		struct type_units u;
		struct type_answer cast, obj = ex.type;
		struct type_index *ti = index_of(c), *in_tree = NULL;
		const struct tree_types *tt = NULL;
		int units = 0, known = ex.known;

		/* the object declared in a header the file includes with
		 * <...> (HAProxy's fdtab in <haproxy/fd.h>): the file's own
		 * index cannot type it, the tree's headers may */
		if (!ex.known && (tt = tree_of(c->o)) &&
		    tree_lookup_worth(c, ex.object) &&
		    (in_tree = tree_lookup_index(c, tt, ex.object))) {
			struct cast_exactness tex;

			volatile_cast_exactness(in_tree, buf, l, vc, &tex);
			if (tex.known && tex.address) {
				ti = in_tree;
				obj = tex.type;
				known = 1;
			}
		}
		units = known ?
			type_index_expr_units(ti, buf, l, ex.object, &u) : 0;

		/* "struct ticket" named here, its members in a header the
		 * file includes with <...>: the tree's headers */
		if (known && !units && !in_tree && (tt = tree_of(c->o)) &&
		    (in_tree = tree_types_index_for(tt, c->path, buf, l,
						    ex.object)) &&
		    type_index_expr(in_tree, buf, l, ex.object, &obj)) {
			ti = in_tree;
			units = type_index_expr_units(ti, buf, l, ex.object, &u);
		}
		/* the cast's type is the object's: its units are the copy's */
		if (units && type_index_type_name(ti, buf, l, type, &cast) &&
		    !strcmp(cast.canonical, obj.canonical) &&
		    may_split(&obj, &u)) {
			strbuf_addf(&msg, "hand-written volatile %s of %s '%s' "
				    "(%u storage units, the narrowest %u byte%s): "
				    "a volatile access of an aggregate may be "
				    "split into one access per unit (clang 14-19 "
				    "split such copies); 'rwonce scan' on the "
				    "build confirms it, rwonce.h's %s goes "
				    "through one scalar",
				    use == ONCE_READ ? "read" : "write",
				    obj.cls == TC_UNION ? "union" : "struct",
				    obj.spelled, u.units, u.min_unit,
				    u.min_unit == 1 ? "" : "s",
				    use == ONCE_READ ? "READ_ONCE" : "WRITE_ONCE");
			add(c, RULE_VOLATILE_AGGREGATE, vc->begin, vc->end - 1,
			    msg.buf, &obj, 0);
			strbuf_reset(&msg);
		}
		type_index_free(in_tree);
	}
	if (once_in_asm_operand(buf, l, vc->begin)) {
		/* The asm makes the access with the operand's address: C does
		 * not access it, and READ_ONCE (a value) cannot stand there. */
		struct strbuf obj = STRBUF_INIT;

		if (vc->form == VC_DEREF && !ex.address && !ex.exact) {
			plain_cast_text(buf, l, type, what.buf, &obj);
		} else if (vc->form == VC_DEREF) {
			strbuf_addstr(&obj, what.buf);
		}
		strbuf_addstr(&msg, "volatile cast in an asm operand: the asm "
			      "makes the access through the operand's address, "
			      "C does not access it, so the volatile changes "
			      "nothing; ");
		if (obj.len)
			strbuf_addf(&msg, "name the object itself (%s) or leave "
				    "the cast, ", obj.buf);
		else
			strbuf_addstr(&msg, "name the member with a plain "
				      "pointer or leave the cast, ");
		strbuf_addstr(&msg, "but not READ_ONCE/WRITE_ONCE, a value: "
			      "gcc hands the asm a copy on the stack, clang "
			      "refuses it");
		add_fix_reason(&msg, v);
		add(c, RULE_VOLATILE_CAST, vc->begin, vc->end - 1, msg.buf,
		    ex.known ? &ex.type : NULL, 0);
		strbuf_release(&obj);
		strbuf_release(&msg);
		strbuf_release(&what);
		return;
	}
	if (by_uses == ONCE_UNEVALUATED) {
		/* a read here, a write there: the uses decide */
		struct strbuf arg = STRBUF_INIT, name = STRBUF_INIT;

		if (vc->form != VC_DEREF) {
			strbuf_reset(&what);
			range_text(buf, l, (struct tok_range){ vc->begin, vc->end },
				   &what, 60);
		} else if (!ex.address && !ex.exact) {
			plain_cast_text(buf, l, type, what.buf, &arg);
		} else {
			strbuf_addstr(&arg, what.buf);
		}
		range_text(buf, l, (struct tok_range){ macro_name,
						       macro_name + 1 }, &name, 60);
		strbuf_addf(&msg, "hand-written volatile access of '%s', the "
			    "body of macro '%s': each use decides what it "
			    "does, ", what.buf, name.buf);
		if (uses.total) {
			strbuf_addstr(&msg, "in this file ");
			add_use_kinds(&msg, &uses);
		} else {
			strbuf_addstr(&msg, "and this file has none");
		}
		if (vc->form != VC_DEREF)
			strbuf_addstr(&msg, "; use READ_ONCE or WRITE_ONCE on the "
				      "member with a plain pointer");
		else if (uses.count[ONCE_COMPOUND] || uses.count[ONCE_INCDEC])
			strbuf_addf(&msg, "; use READ_ONCE(%s) where a use "
				    "reads, WRITE_ONCE(%s, value) where it "
				    "writes, WRITE_ONCE(%s, READ_ONCE(%s) OP "
				    "value) where it does both",
				    arg.buf, arg.buf, arg.buf, arg.buf);
		else
			strbuf_addf(&msg, "; use READ_ONCE(%s) where a use "
				    "reads, WRITE_ONCE(%s, value) where it "
				    "writes", arg.buf, arg.buf);
		strbuf_release(&arg);
		strbuf_release(&name);
	} else if (vc->form != VC_DEREF) {
		strbuf_reset(&what);
		range_text(buf, l, (struct tok_range){ vc->begin, vc->end }, &what, 60);
		strbuf_addf(&msg, "hand-written volatile %s through '%s'",
			    use == ONCE_WRITE ? "write" : use == ONCE_READ ?
			    "read" : "access", what.buf);
		if (use == ONCE_READ || use == ONCE_WRITE)
			strbuf_addf(&msg, ": use %s on the member with a plain "
				    "pointer", use == ONCE_READ ? "READ_ONCE" :
				    "WRITE_ONCE");
		else
			strbuf_addf(&msg, " (%s)", once_use_name(use));
	} else if (use == ONCE_READ || use == ONCE_WRITE) {
		/* Not known to point to T: the suggestion keeps the cast,
		 * READ_ONCE(*(T *)ADDR), so that it is C and the same width. */
		struct strbuf arg = STRBUF_INIT;

		if (!ex.address && !ex.exact) {
			plain_cast_text(buf, l, type, what.buf, &arg);
		} else {
			strbuf_addstr(&arg, what.buf);
		}
		strbuf_addf(&msg, "hand-written volatile %s of '%s': use %s(%s%s)",
			    use == ONCE_READ ? "read" : "write", what.buf,
			    use == ONCE_READ ? "READ_ONCE" : "WRITE_ONCE", arg.buf,
			    use == ONCE_READ ? "" : ", value");
		strbuf_release(&arg);
	} else {
		strbuf_addf(&msg, "hand-written volatile access of '%s' (%s)",
			    what.buf, once_use_name(use));
	}
	if (by_uses == ONCE_READ || by_uses == ONCE_WRITE) {
		struct strbuf name = STRBUF_INIT;

		range_text(buf, l, (struct tok_range){ macro_name,
						       macro_name + 1 }, &name, 60);
		strbuf_addf(&msg, " (the body of macro '%s': every use in this "
			    "file %s it, %u)", name.buf,
			    by_uses == ONCE_READ ? "reads" : "writes",
			    uses.total);
		strbuf_release(&name);
	}
	add_fix_reason(&msg, v);
	add(c, RULE_VOLATILE_CAST, vc->begin, vc->end - 1, msg.buf,
	    ex.known ? &ex.type : NULL, v->converted);
	strbuf_release(&msg);
	strbuf_release(&what);
}

/*
 * #define UART_REG(x) ((volatile uint32_t *)(UART_PPTR + (x))), and
 * *UART_REG(URXD) in the file: the cast is written in the macro, the
 * access at each use that dereferences it.  Reported at the cast, as a
 * volatile cast written in one place is, with what the uses do.
 */
static void check_volatile_pointer_body(struct file_ctx *c,
					const struct volatile_cast *vc,
					size_t macro_name,
					const struct macro_use_kinds *k)
{
	const char *buf = c->buf;
	const struct token_list *l = c->l;
	const struct rewrite_site *v = fix_decision(c, vc->begin);
	struct strbuf msg = STRBUF_INIT, name = STRBUF_INIT, call = STRBUF_INIT;
	size_t params = macro_name + 1;

	if (!v)
		return; /* fix did not look at it: no access there */
	range_text(buf, l, (struct tok_range){ macro_name, macro_name + 1 },
		   &name, 60);
	/* the macro as a use spells it: UART_REG(x) */
	strbuf_addstr(&call, name.buf);
	if (tok_punct(buf, l, params, "(") &&
	    !(l->tok[params].flags & TF_SPACE_BEFORE))
		range_text(buf, l, (struct tok_range){ params,
			   tok_match(buf, l, params) + 1 }, &call, 60);
	strbuf_addf(&msg, "hand-written volatile pointer, the body of macro "
		    "'%s': each use that dereferences it is a volatile "
		    "access, in this file ", name.buf);
	add_use_kinds(&msg, k);
	strbuf_addf(&msg, "; use READ_ONCE(*%s) where a use reads, "
		    "WRITE_ONCE(*%s, value) where it writes", call.buf,
		    call.buf);
	if (k->count[ONCE_COMPOUND] || k->count[ONCE_INCDEC])
		strbuf_addf(&msg, ", WRITE_ONCE(*%s, READ_ONCE(*%s) OP value) "
			    "where it does both", call.buf, call.buf);
	add_fix_reason(&msg, v);
	add(c, RULE_VOLATILE_CAST, vc->begin, vc->end - 1, msg.buf, NULL, 0);
	strbuf_release(&msg);
	strbuf_release(&name);
	strbuf_release(&call);
}

/* ---- volatile-wrong-level ---- */

/*
 * *(volatile void **)p: the pointer read is a plain load.  Reported where
 * fix decides about it (fix_decision: not "a * (volatile T **)p", a
 * product), with the spelling that puts the qualifier on the pointer.
 */
static void check_wrong_level(struct file_ctx *c, const struct volatile_cast *vc,
			      size_t fix_at)
{
	const char *buf = c->buf;
	const struct token_list *l = c->l;
	const struct rewrite_site *v = fix_decision(c, vc->begin);
	struct strbuf msg = STRBUF_INIT, was = STRBUF_INIT, head = STRBUF_INIT,
		      tail = STRBUF_INIT;

	if (!v || v->rule != RULE_VOLATILE_WRONG_LEVEL)
		return;
	range_text(buf, l, (struct tok_range){ vc->begin, vc->end }, &was, 60);
	range_text(buf, l, (struct tok_range){ vc->begin, fix_at }, &head, 60);
	range_text(buf, l, (struct tok_range){ fix_at, vc->end }, &tail, 60);
	strbuf_addf(&msg, "volatile on the wrong level: '%s' reads a pointer "
		    "with a plain load -- the volatile qualifies what it points "
		    "to, not the pointer read -- which the compiler may merge "
		    "with another, repeat or drop (clang does); put it on the "
		    "pointer: '%s volatile %s'", was.buf, head.buf, tail.buf);
	add_fix_reason(&msg, v);
	add(c, RULE_VOLATILE_WRONG_LEVEL, vc->begin, vc->end - 1, msg.buf, NULL,
	    v->converted);
	strbuf_release(&msg);
	strbuf_release(&was);
	strbuf_release(&head);
	strbuf_release(&tail);
}

/*
 * Does a token spell a volatile keyword (volatile, __volatile__,
 * __volatile; a splice inside it too)?  A volatile cast, a cast with the
 * volatile on the wrong level and a volatile-pointer macro body each need
 * one in the tokens after their '(' (find_volatile_cast() and
 * find_wrong_level_volatile() ask volatile_soon(),
 * find_volatile_pointer_body() its own look ahead) and answer no without
 * it.  Half the files an audit of Linux lexes are there only because they
 * name a once-macro, and none of their tokens is the keyword; each of
 * their '(' and '*' was still asked by all three (issue #35).
 */
static int has_volatile_kw(const char *buf, const struct token_list *l)
{
	for (size_t i = 0; i + 1 < l->nr; i++) {
		const struct token *t = &l->tok[i];

		/* the words are 8, 10 and 12 bytes, starting 'v' or '_' */
		if (t->kind != TOK_IDENT ||
		    (!(t->flags & TF_SPLICED) &&
		     (t->len < 8 || (buf[t->off] != 'v' && buf[t->off] != '_'))))
			continue;
		if (tok_ident(buf, l, i, "volatile") ||
		    tok_ident(buf, l, i, "__volatile__") ||
		    tok_ident(buf, l, i, "__volatile"))
			return 1;
	}
	return 0;
}

size_t lexical_audit_file(const struct lexical_options *o, const char *path,
			  const char *buf, const struct token_list *l,
			  int kw_possible, struct finding_list *out)
{
	struct file_ctx c;
	size_t sites = 0;
	int in_once_impl = 0; /* inside #define READ_ONCE...: once_impl() */
	size_t eof = l->nr - 1;
	/* no keyword: no cast to look for at any '(' or '*'; a file whose
	 * bytes do not say volatile and whose tokens hold no splice has
	 * none, and its tokens are not walked for one (3,441 of the 6,456
	 * files an audit of linux-source-6.12 lexes, 1.9 % of the run) */
	int casts = kw_possible && has_volatile_kw(buf, l);

	memset(&c, 0, sizeof(c));
	c.o = o;
	c.path = path;
	c.buf = buf;
	c.l = l;
	/* the end-of-file token's offset is the buffer's length */
	text_cursor_init(&c.at, buf, l->tok[l->nr - 1].off);
	c.out = out;

	for (size_t i = 0; i < eof; i++) {
		const struct token *t = &l->tok[i];
		const struct once_macro *m;
		struct volatile_cast vc;
		size_t fix_at;
		int function_like;

		if (t->kind == TOK_HASH) {
			in_once_impl = 0;
			if (i + 2 < eof && tok_ident(buf, l, i + 1, "define") &&
			    !(l->tok[i + 2].flags & TF_BOL))
				in_once_impl = once_impl(o, buf, l, i + 2);
			continue;
		}
		if (!(t->flags & TF_DIRECTIVE))
			in_once_impl = 0;
		if (in_once_impl == 2)
			continue;
		if (t->kind == TOK_IDENT && (m = macro_at(o, buf, l, i)) != NULL &&
		    !is_macro_name_mention(buf, l, i)) {
			if (i + 1 < eof && tok_punct(buf, l, i + 1, "("))
				sites++;
			if (macro_checked(m, (void *)o)) {
				check_macro_call(&c, i, m);
				continue;
			}
		}
		/* a volatile cast is a site even with its rule off: the
		 * run looked at it */
		if (!casts || t->kind != TOK_PUNCT || in_once_impl)
			continue;
		if (find_volatile_cast(buf, l, i, &vc)) {
			sites++;
			if (o->enabled[RULE_VOLATILE_CAST])
				check_volatile_cast(&c, &vc);
		} else if (find_wrong_level_volatile(buf, l, i, &vc, &fix_at)) {
			sites++;
			if (o->enabled[RULE_VOLATILE_WRONG_LEVEL])
				check_wrong_level(&c, &vc, fix_at);
		} else if ((t->flags & TF_DEFINE_BODY) &&
			   find_volatile_pointer_body(buf, l, i, &vc, &fix_at,
						      &function_like)) {
			struct macro_use_kinds k;

			macro_use_kinds(buf, l, fix_at, function_like, 1, &k);
			if (k.total > k.count[MACRO_USE_ASM]) {
				sites++;
				if (o->enabled[RULE_VOLATILE_CAST])
					check_volatile_pointer_body(&c, &vc,
								    fix_at, &k);
			}
		}
	}
	if (o->enabled[RULE_DOUBLE_FETCH])
		double_fetch_file(o, path, buf, l, index_of(&c), out);
	rewrite_index_release(&c.fix_index);
	rewrite_result_release(&c.fix);
	if (c.ti)
		type_index_free(c.ti);
	strset_release(&c.tree_missed);
	tree_includes_release(&c.includes);
	return sites;
}
