/* Every site accounted for (coverage.h). */
#include "scan/coverage.h"
#include "findings/report.h"
#include "lib/json.h"
#include "lib/utf8.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static const char *const state_key[SITE__COUNT] = {
	"checked", "source_mismatch", "other_columns", "optimised_out",
	"inlined_away", "not_compiled",
};

static const char *const state_text[SITE__COUNT] = {
	"checked",
	"not judged: its source does not match the build",
	"no code at its columns: its line has code, no row's column lies in it",
	"optimised out: its function has code, its line none",
	"inlined away: its function is only an abstract origin, no copy has code",
	"not compiled: no unit of this build has its function",
};

static const char *const unattributed_key[UNATTRIBUTED__COUNT] = {
	"no_access", "call", "undecoded", "stack", "pointer", "address",
	"local", "size", "volatile", "copy",
};

static int any(const struct source_sites *s, const unsigned char *bits,
	       unsigned lo, unsigned hi)
{
	return source_sites_any(bits, s->match.nlines, lo, hi);
}

static enum site_state state_of(const struct source_sites *s,
				const struct scan_site *x)
{
	if (__atomic_load_n(&x->seen, __ATOMIC_RELAXED))
		return SITE_CHECKED;
	if (s->mismatch)
		return SITE_MISMATCH;
	if (any(s, s->code_lines, x->line, x->line))
		return SITE_OTHER_COLUMNS;
	if (x->fn_open_line &&
	    (any(s, s->code_lines, x->fn_line, x->fn_close_line) ||
	     any(s, s->fn_code_lines, x->fn_line, x->fn_open_line)))
		return SITE_OPTIMISED_OUT;
	if (x->fn_open_line &&
	    any(s, s->fn_inline_lines, x->fn_line, x->fn_open_line))
		return SITE_INLINED_AWAY;
	return SITE_NOT_COMPILED;
}

/* One site without code, for the lists. */
struct no_code {
	const char *path;
	const struct scan_site *site;
	enum site_state state;
	int line0; /* optimised out, in a function with rows of line 0 */
};

/* An "optimised out" site whose function has code of line 0: an access
 * merged with others (clang makes one store of three WRITE_ONCE of one
 * object and gives it line 0) is there, its line unknown -- not said
 * to be gone. */
static const char optimised_or_merged[] =
	"optimised out, or merged: its function has code, its line none, "
	"and code of line 0 (made of several lines, as merged accesses are)";

/* An "optimised out" site inside a conditional group of its function's
 * body: the preprocessor may have left its line out (libatomic_ops's
 * "# if defined(__sun)" in AO_malloc_enable_mmap()); which of the two,
 * the build does not tell. */
static const char optimised_or_if[] =
	"optimised out, or left out by the preprocessor: its function has "
	"code, its line none, and the line is in the conditional group "
	"of line %u";

/* An "inlined away" site inside a conditional group of its function's
 * body: the function has no code anywhere, and the preprocessor may
 * also have left the line out (libperf's ring_buffer_read_head(), whose
 * READ_ONCE is in the #else of an #if for x86-64); the build tells
 * neither way. */
static const char inlined_or_if[] =
	"inlined away, or left out by the preprocessor: its function is "
	"only an abstract origin, no copy has code, and the line is in "
	"the conditional group of line %u";

/* A use of an accessor whose inlined copy is one of several at the
 * position of a macro's name (sites.h: copy_unclear): its code may be
 * there, not told apart from the other call's. */
static const char copy_unclear[] =
	"cannot tell: its call's inlined copy has the position of a "
	"macro's name, as another call of its function has there (the "
	"compilers give that position to every call the macro's use "
	"makes, in its body or in its arguments)";

/* A call that is no once-access (sites.h: named_call), for the lists. */
struct not_once {
	const char *path;
	const struct named_call *call;
};

struct collect {
	struct coverage *cov;
	struct no_code *items;
	size_t nr, alloc;
	struct not_once *calls;
	size_t ncalls, alloc_calls;
};

static void collect_source(const struct source_sites *s, void *arg)
{
	struct collect *c = arg;

	if (s->missing)
		return;
	c->cov->sources++;
	c->cov->sources_with_sites += s->nr != 0;
	c->cov->sources_volatile += s->uses_volatile != 0;
	c->cov->not_volatile += s->not_volatile_uses;
	for (size_t k = 0; k < s->nnamed; k++) {
		if (s->named[k].unplaced)
			c->cov->unplaced++;
		else
			c->cov->not_once++;
		ALLOC_GROW(c->calls, c->ncalls + 1, c->alloc_calls);
		c->calls[c->ncalls].path = s->path;
		c->calls[c->ncalls++].call = &s->named[k];
	}
	for (size_t k = 0; k < s->nr; k++) {
		enum site_state st = state_of(s, &s->sites[k]);

		/* a volatile object's name whose every instance the DWARF
		 * typed as another object, not volatile: no site */
		if (st != SITE_CHECKED &&
		    __atomic_load_n(&s->sites[k].not_volatile,
				    __ATOMIC_RELAXED)) {
			c->cov->not_volatile++;
			continue;
		}
		c->cov->sites++;
		c->cov->state[st]++;
		if (st == SITE_CHECKED)
			continue;
		ALLOC_GROW(c->items, c->nr + 1, c->alloc);
		c->items[c->nr].path = s->path;
		c->items[c->nr].site = &s->sites[k];
		c->items[c->nr].line0 = st == SITE_OPTIMISED_OUT &&
			s->sites[k].fn_open_line &&
			any(s, s->fn_line0_lines, s->sites[k].fn_line,
			    s->sites[k].fn_open_line);
		c->items[c->nr++].state = st;
	}
}

static int cmp_no_code(const void *pa, const void *pb)
{
	const struct no_code *a = pa, *b = pb;
	int r = strcmp(a->path, b->path);

	if (r)
		return r;
	if (a->site->line != b->site->line)
		return a->site->line < b->site->line ? -1 : 1;
	return a->site->col < b->site->col ? -1 : a->site->col > b->site->col;
}

static int cmp_not_once(const void *pa, const void *pb)
{
	const struct not_once *a = pa, *b = pb;
	int r = strcmp(a->path, b->path);

	if (r)
		return r;
	if (a->call->line != b->call->line)
		return a->call->line < b->call->line ? -1 : 1;
	return a->call->col < b->call->col ? -1 : a->call->col > b->call->col;
}

/* "READ_ONCE(x)", "volatile-cast write 'p'" */
static void site_text(const struct scan_site *x, struct strbuf *sb)
{
	if (!strcmp(x->what, "volatile cast") ||
	    !strcmp(x->what, "volatile object"))
		strbuf_addf(sb, "%s '%s'", x->what, x->operand);
	else if (x->bare_name)
		strbuf_addstr(sb, x->what);
	else
		strbuf_addf(sb, "%s(%s)", x->what, x->operand);
}

void coverage_collect(const struct source_cache *src, struct coverage *cov,
		      const char *(*shown)(const char *path))
{
	struct collect c = { cov, NULL, 0, 0, NULL, 0, 0 };
	struct strbuf what = STRBUF_INIT, why = STRBUF_INIT;

	memset(cov, 0, sizeof(*cov));
	strbuf_init(&cov->no_code_json);
	strbuf_init(&cov->no_code_text);
	source_cache_each(src, collect_source, &c);
	if (c.nr > 1)
		sane_qsort(c.items, c.nr, sizeof(*c.items), cmp_no_code);
	strbuf_addch(&cov->no_code_json, '[');
	for (size_t i = 0; i < c.nr; i++) {
		const struct no_code *n = &c.items[i];
		const struct scan_site *x = n->site;
		const char *path = shown(n->path);

		strbuf_reset(&what);
		site_text(x, &what);
		strbuf_addstr(&cov->no_code_json, i ? ",\n    {" : "\n    {");
		json_add_path(&cov->no_code_json, "path", path, 1);
		strbuf_addf(&cov->no_code_json, ", \"line\": %u, \"column\": %u, "
			    "\"site\": ", x->line, x->col);
		json_add_string(&cov->no_code_json, what.buf);
		strbuf_addstr(&cov->no_code_json, ", \"function\": ");
		if (x->fn_name)
			json_add_string(&cov->no_code_json, x->fn_name);
		else
			strbuf_addstr(&cov->no_code_json, "null");
		strbuf_addf(&cov->no_code_json, ", \"reason\": \"%s\", "
			    "\"why\": ", state_key[n->state]);
		strbuf_reset(&why);
		if (__atomic_load_n(&x->copy_unclear, __ATOMIC_RELAXED))
			strbuf_addstr(&why, copy_unclear);
		else if (n->line0)
			strbuf_addstr(&why, optimised_or_merged);
		else if (n->state == SITE_OPTIMISED_OUT && x->if_line)
			strbuf_addf(&why, optimised_or_if, x->if_line);
		else if (n->state == SITE_INLINED_AWAY && x->if_line)
			strbuf_addf(&why, inlined_or_if, x->if_line);
		else
			strbuf_addstr(&why, state_text[n->state]);
		json_add_string(&cov->no_code_json, why.buf);
		strbuf_addch(&cov->no_code_json, '}');

		/* -v prints it on a terminal: names made visible */
		strbuf_add_visible(&cov->no_code_text, path, strlen(path), 0);
		strbuf_addf(&cov->no_code_text, ":%u:%u: note: %s",
			    x->line, x->col, what.buf);
		if (x->fn_name) {
			strbuf_addstr(&cov->no_code_text, " in '");
			strbuf_add_visible(&cov->no_code_text, x->fn_name,
					   strlen(x->fn_name), 0);
			strbuf_addch(&cov->no_code_text, '\'');
		}
		strbuf_addf(&cov->no_code_text, ": %s\n", why.buf);
	}
	/* the calls that are no once-access, after them */
	if (c.ncalls > 1)
		sane_qsort(c.calls, c.ncalls, sizeof(*c.calls), cmp_not_once);
	for (size_t i = 0; i < c.ncalls; i++) {
		const struct named_call *x = c.calls[i].call;
		const char *path = shown(c.calls[i].path);

		strbuf_addstr(&cov->no_code_json, i || c.nr ?
			      ",\n    {" : "\n    {");
		json_add_path(&cov->no_code_json, "path", path, 1);
		strbuf_addf(&cov->no_code_json, ", \"line\": %u, \"column\": %u, "
			    "\"site\": ", x->line, x->col);
		json_add_string(&cov->no_code_json, x->what);
		strbuf_addf(&cov->no_code_json, ", \"function\": null, "
			    "\"reason\": \"%s\", \"why\": ",
			    x->unplaced ? "unplaced" : "not_once");
		strbuf_reset(&why);
		strbuf_addf(&why, x->unplaced ? "not checked: %s" :
			    "not a once-access: %s", x->why);
		json_add_string(&cov->no_code_json, why.buf);
		strbuf_addch(&cov->no_code_json, '}');
		strbuf_add_visible(&cov->no_code_text, path, strlen(path), 0);
		strbuf_addf(&cov->no_code_text, ":%u:%u: note: ", x->line, x->col);
		strbuf_add_visible(&cov->no_code_text, x->what, strlen(x->what), 0);
		strbuf_addf(&cov->no_code_text, ": %s\n", why.buf);
	}
	strbuf_addstr(&cov->no_code_json, c.nr || c.ncalls ? "\n  ]" : "]");
	strbuf_release(&what);
	strbuf_release(&why);
	free(c.items);
	free(c.calls);
}

void coverage_release(struct coverage *cov)
{
	strbuf_release(&cov->no_code_json);
	strbuf_release(&cov->no_code_text);
}

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

void coverage_line(const struct coverage *cov,
		   const size_t unattributed[UNATTRIBUTED__COUNT],
		   size_t instances, struct strbuf *out)
{
	size_t no_code = cov->state[SITE_OTHER_COLUMNS] +
		cov->state[SITE_OPTIMISED_OUT] + cov->state[SITE_INLINED_AWAY] +
		cov->state[SITE_NOT_COMPILED];
	size_t un = 0;

	for (int r = 0; r < UNATTRIBUTED__COUNT; r++)
		un += unattributed[r];
	strbuf_addf(out, "%zu %s in %zu of %zu source%s read: %zu checked, "
		    "%zu without code (not compiled %zu, inlined away %zu, "
		    "optimised out %zu, code on other columns %zu)",
		    cov->sites, plural(cov->sites, "site", "sites"),
		    cov->sources_with_sites, cov->sources,
		    plural(cov->sources, "", "s"), cov->state[SITE_CHECKED],
		    no_code, cov->state[SITE_NOT_COMPILED],
		    cov->state[SITE_INLINED_AWAY], cov->state[SITE_OPTIMISED_OUT],
		    cov->state[SITE_OTHER_COLUMNS]);
	if (cov->state[SITE_MISMATCH])
		strbuf_addf(out, ", %zu not judged (source does not match the "
			    "build)", cov->state[SITE_MISMATCH]);
	if (cov->not_once)
		strbuf_addf(out, "; %zu %s of an accessor not a once-access "
			    "(its order)", cov->not_once,
			    plural(cov->not_once, "call", "calls"));
	if (cov->unplaced)
		strbuf_addf(out, "; %zu %s of a once-macro whose object is not "
			    "placed (not checked)", cov->unplaced,
			    plural(cov->unplaced, "use", "uses"));
	if (cov->not_volatile)
		strbuf_addf(out, "; %zu %s of a volatile object's name whose "
			    "object there is not volatile (no site)",
			    cov->not_volatile,
			    plural(cov->not_volatile, "use", "uses"));
	strbuf_addf(out, "; %zu of %zu instance%s unattributed", un, instances,
		    plural(instances, "", "s"));
	if (un) {
		int first = 1;

		strbuf_addstr(out, " (");
		for (int r = 0; r < UNATTRIBUTED__COUNT; r++) {
			if (!unattributed[r])
				continue;
			strbuf_addf(out, "%s%s %zu", first ? "" : ", ",
				    unattributed_reason_name(
					    (enum unattributed_reason)r),
				    unattributed[r]);
			first = 0;
		}
		strbuf_addch(out, ')');
	}
}

void coverage_json(const struct coverage *cov,
		   const size_t unattributed[UNATTRIBUTED__COUNT],
		   size_t instances, struct strbuf *out)
{
	strbuf_addf(out, "{\"sources\": %zu, \"sources_with_sites\": %zu, "
		    "\"sites\": %zu", cov->sources, cov->sources_with_sites,
		    cov->sites);
	for (int st = 0; st < SITE__COUNT; st++)
		strbuf_addf(out, ", \"%s\": %zu", state_key[st], cov->state[st]);
	if (cov->not_once) /* only then: other runs' JSON as it was */
		strbuf_addf(out, ", \"not_once\": %zu", cov->not_once);
	if (cov->unplaced) /* likewise */
		strbuf_addf(out, ", \"unplaced\": %zu", cov->unplaced);
	if (cov->not_volatile) /* likewise */
		strbuf_addf(out, ", \"not_volatile\": %zu", cov->not_volatile);
	strbuf_addf(out, ", \"instances\": %zu, \"unattributed\": {", instances);
	for (int r = 0; r < UNATTRIBUTED__COUNT; r++)
		/* "volatile" and "copy" only when some are: other runs'
		 * JSON as it was */
		if ((r != UNATTRIBUTED_VOLATILE && r != UNATTRIBUTED_COPY) ||
		    unattributed[r])
			strbuf_addf(out, "%s\"%s\": %zu", r ? ", " : "",
				    unattributed_key[r], unattributed[r]);
	strbuf_addstr(out, "}}");
}
