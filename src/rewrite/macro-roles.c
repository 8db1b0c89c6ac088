/* Macros whose body is the access, and their uses (macro-roles.h). */
#include "rewrite/macro-roles.h"
#include "cfront/lexer.h"
#include "cfront/once-discover.h"
#include "cfront/prepass-words.h"
#include "cfront/tokscan.h"
#include "cfront/walk.h"
#include "cfront/word-filter.h"
#include "lib/memfind.h"
#include "lib/strbuf.h"
#include "lib/strset.h"
#include "lib/util.h"
#include "rewrite/includers.h"
#include "rewrite/rewrite.h"

#include <stdlib.h>
#include <string.h>

/* Uses named in a note; the rest are counted. */
#define LISTED 8

void macro_roles_init(struct macro_roles *r)
{
	memset(r, 0, sizeof(*r));
	pthread_mutex_init(&r->lock, NULL);
}

void macro_roles_release(struct macro_roles *r)
{
	for (size_t i = 0; i < r->nr; i++) {
		struct macro_role *m = &r->items[i];

		for (size_t k = 0; k < m->nr_uses; k++)
			free(m->uses[k].path);
		free(m->uses);
		free(m->name);
		free(m->forwards_to);
		free(m->note);
	}
	free(r->items);
	pthread_mutex_destroy(&r->lock);
	memset(r, 0, sizeof(*r));
}

static unsigned role_bit(const char *name, size_t n)
{
	return ((unsigned)(unsigned char)name[0] * 31u +
		(unsigned)(unsigned char)name[n - 1] * 7u + (unsigned)n) & 1023u;
}

static int by_name(const void *a_, const void *b_);

/* Sort the names and make the filter macro_roles_find() looks in first. */
static void sort_names(struct macro_roles *r)
{
	sane_qsort(r->items, r->nr, sizeof(*r->items), by_name);
	memset(r->filter, 0, sizeof(r->filter));
	for (size_t i = 0; i < r->nr; i++) {
		const char *name = r->items[i].name;
		unsigned bit;

		if (!*name) { /* no filter can say no to an empty name */
			r->filtered_nr = 0;
			return;
		}
		bit = role_bit(name, strlen(name));
		r->filter[bit / 64] |= (uint64_t)1 << (bit % 64);
	}
	r->filtered_nr = r->nr;
}

const struct macro_role *macro_roles_find(const struct macro_roles *r,
					  const char *name, size_t n)
{
	size_t lo = 0, hi = r->nr;

	if (r->nr && r->filtered_nr == r->nr) {
		unsigned bit;

		if (!n)
			return NULL; /* every name has a byte */
		bit = role_bit(name, n);
		if (!(r->filter[bit / 64] & (uint64_t)1 << (bit % 64)))
			return NULL;
	}

	/* sorted by name (macro_roles_finish) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(r->items[mid].name, name, n);

		if (!c && r->items[mid].name[n])
			c = 1;
		if (!c)
			return &r->items[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

enum macro_use_role macro_role_decision(const struct macro_role *m)
{
	if (m->others || (m->reads && m->writes))
		return MR_OTHER;
	if (m->reads)
		return MR_READ;
	if (m->writes && m->function_like)
		return MR_WRITE;
	return MR_OTHER;
}

/* ---- the first pass: which macros ---- */

struct prepass {
	struct once_discovery *discovery;
	const struct rewrite_opts *ropts;
	struct macro_roles *roles;
	struct include_edges *edges;
	struct prepass_keep *keep; /* or NULL */
	pthread_mutex_t keep_lock;
	struct strset kept;
	/* the files the passes for the uses read that name a macro of the
	 * roles and were not kept for themselves: the command reads them
	 * again only when a macro's uses are rewritten (keep_used()) */
	struct strset used;
	struct strlist used_files;
	/*
	 * Every file the walk handed over, in the order it did, with the
	 * filter of its words: the passes for the uses of the macros the
	 * walk found read again only the files that may name them, where
	 * each pass walked the whole tree again (issue #35).  The filters
	 * are made only from the first such macro on (indexing), so that
	 * a tree without one pays nothing; a file read before has none
	 * and may name anything.
	 */
	struct walked_file {
		char *path;
		struct word_filter words;
	} *files;
	size_t nr_files, alloc_files;
	pthread_mutex_t files_lock;
	int indexing; /* atomic */
};

/* A file the command reads again (prepass_keep). */
static void keep_file(struct prepass *p, const char *path)
{
	if (!p->keep)
		return;
	pthread_mutex_lock(&p->keep_lock);
	if (strset_add(&p->kept, path))
		strlist_push(&p->keep->files, path);
	pthread_mutex_unlock(&p->keep_lock);
}

/* A file that names a macro of the roles (a pass for the uses read it):
 * kept by keep_used(), after the walk's own (keep_file()). */
static void keep_named(struct prepass *p, const char *path)
{
	if (!p->keep)
		return;
	pthread_mutex_lock(&p->keep_lock);
	if (!strset_has(&p->kept, path) && strset_add(&p->used, path))
		strlist_push(&p->used_files, path);
	pthread_mutex_unlock(&p->keep_lock);
}

/*
 * The files the passes for the uses read, kept for the command when a
 * macro's uses are rewritten (its decision MR_WRITE: each use becomes
 * NAME(..., v);).  Otherwise no such file holds a site unless it was
 * kept for itself: what the command asks of a file beyond that is
 * whether it names a macro whose uses are rewritten (fix's
 * may_have_sites()), and none is -- so it is not read a third time
 * (issue #35: 1,588 files of Linux 4.14.5, read and searched for
 * nothing).
 */
static void keep_used(struct prepass *p)
{
	int rewritten = 0;

	for (size_t i = 0; i < p->roles->nr; i++)
		rewritten |= macro_role_decision(&p->roles->items[i]) ==
			     MR_WRITE;
	for (size_t i = 0; rewritten && i < p->used_files.nr; i++)
		keep_file(p, p->used_files.items[i]);
	strlist_clear(&p->used_files);
	strset_release(&p->used);
}

static int mentions_access_macro(const struct rewrite_opts *o,
				 const char *buf, size_t len)
{
	for (size_t i = 0; i < o->macros->nr; i++) {
		const struct once_macro *m = &o->macros->items[i];

		if (m->kind == OMK_ACCESS &&
		    !(m->flags & (OMF_RWONCE | OMF_DISCOVERED)) &&
		    mem_find(buf, len, m->name, strlen(m->name)))
			return 1;
	}
	return 0;
}

static void add_name(void *ctx, const char *name, size_t n, int function_like)
{
	struct prepass *p = ctx;
	struct macro_roles *r = p->roles;

	pthread_mutex_lock(&r->lock);
	for (size_t i = 0; i < r->nr; i++)
		if (!strncmp(r->items[i].name, name, n) && !r->items[i].name[n]) {
			r->items[i].function_like &= function_like;
			pthread_mutex_unlock(&r->lock);
			return;
		}
	ALLOC_GROW(r->items, r->nr + 1, r->alloc);
	memset(&r->items[r->nr], 0, sizeof(r->items[r->nr]));
	r->items[r->nr].name = xstrndup(name, n);
	r->items[r->nr].function_like = function_like;
	r->nr++;
	pthread_mutex_unlock(&r->lock);
}

/* What a walker thread keeps from file to file. */
struct prepass_worker {
	struct token_list toks;
	struct tok_match_room room;
	struct word_filter_scratch scratch;
	/* the places of "include" and "define" in the file, and whether
	 * it says "_MSC_VER" or "__cplusplus" (the first alone without
	 * discovery) */
	struct prepass_words words;
};

static void *worker_init(void *ctx)
{
	struct prepass_worker *w = xcalloc(1, sizeof(*w));

	(void)ctx;
	/* never NULL: NULL would ask the include lines to search again */
	ALLOC_GROW(w->words.includes, 16, w->words.alloc_includes);
	return w;
}

static void worker_done(void *worker, void *ctx)
{
	struct prepass_worker *w = worker;

	(void)ctx;
	token_list_release(&w->toks);
	tok_match_room_release(&w->room);
	word_filter_scratch_release(&w->scratch);
	prepass_words_release(&w->words);
	free(w);
}

static void find_bodies(const struct walk_file *f, void *worker, void *ctx)
{
	struct prepass *p = ctx;
	struct prepass_worker *pw = worker;
	struct token_list *toks = &pw->toks;
	struct walked_file w = { xstrdup(f->path), { NULL, 0 } };
	int names_access;

	if (__atomic_load_n(&p->indexing, __ATOMIC_RELAXED))
		word_filter_build(&w.words, f->buf, f->len, &pw->scratch);
	pthread_mutex_lock(&p->files_lock);
	ALLOC_GROW(p->files, p->nr_files + 1, p->alloc_files);
	p->files[p->nr_files++] = w;
	pthread_mutex_unlock(&p->files_lock);
	/* one pass for the words discovery's local headers, its #defines
	 * and its C++ test, and the include lines look for, where each
	 * searched the file itself (issue #35) */
	if (p->discovery) {
		prepass_words_scan(&pw->words, f->buf, f->len);
		once_discovery_add_scanned(p->discovery, f->path, f->buf,
					   f->len, f->plain, &pw->words);
	} else if (p->edges) {
		pw->words.nr_includes = 0;
		for (const char *at = f->buf, *end = f->buf + f->len;
		     at < end &&
		     (at = mem_find(at, (size_t)(end - at), "include", 7));
		     at += 7) {
			ALLOC_GROW(pw->words.includes, pw->words.nr_includes + 1,
				   pw->words.alloc_includes);
			pw->words.includes[pw->words.nr_includes++] =
				(size_t)(at - f->buf);
		}
	}
	if (p->edges)
		include_edges_scan_at(p->edges, f->path, f->buf, f->len,
				      pw->words.includes,
				      pw->words.nr_includes);
	names_access = mentions_access_macro(p->ropts, f->buf, f->len);
	if (p->keep &&
	    p->keep->wanted(f->buf, f->len, names_access, p->keep->ctx))
		keep_file(p, f->path);
	if (!names_access ||
	    (p->discovery ? !pw->words.nr_defines :
	     !mem_find(f->buf, f->len, "define", 6)))
		return;
	/* a body that is the access may be here: the filters from now on */
	__atomic_store_n(&p->indexing, 1, __ATOMIC_RELAXED);
	lex_buffer(f->buf, f->len, toks);
	tok_match_cache_lazy_in(f->buf, toks, &pw->room);
	rewrite_access_bodies(f->buf, f->len, toks, p->ropts, add_name, p);
	tok_match_cache_drop();
	token_list_clear(toks);
}

/* ---- the second pass: their uses ---- */

#define MAX_ROUNDS MACRO_ROLES_ROUNDS

struct pending {
	char *name, *target;
	int function_like;
};

struct use_ctx {
	struct macro_roles *roles;
	const char *path;
	int round;
	struct pending **pending;
	size_t *nr_pending, *alloc_pending;
};

/* The macro whose body is the access that m's uses count for. */
static struct macro_role *root_of(const struct macro_roles *r,
				  const struct macro_role *m)
{
	for (int k = 0; k < MAX_ROUNDS + 1 && m && m->forwards_to; k++)
		m = macro_roles_find(r, m->forwards_to,
				     strlen(m->forwards_to));
	return (struct macro_role *)m;
}

static void add_use(void *ctx, const struct macro_role *m_, int role,
		    const char *why, unsigned line)
{
	struct use_ctx *u = ctx;
	struct macro_role *m;

	if (m_->round != u->round)
		return; /* counted in its own round */
	m = root_of(u->roles, m_);
	if (!m)
		return;
	if (m != m_ && role == MR_WRITE) {
		/* the value would have to pass through that macro too */
		role = MR_OTHER;
		why = "a write through a macro whose body uses it";
	}
	pthread_mutex_lock(&u->roles->lock);
	ALLOC_GROW(m->uses, m->nr_uses + 1, m->alloc_uses);
	m->uses[m->nr_uses].path = xstrdup(u->path);
	m->uses[m->nr_uses].line = line;
	m->uses[m->nr_uses].role = (enum macro_use_role)role;
	m->uses[m->nr_uses].why = why;
	m->nr_uses++;
	if (role == MR_READ)
		m->reads++;
	else if (role == MR_WRITE)
		m->writes++;
	else
		m->others++;
	pthread_mutex_unlock(&u->roles->lock);
}

static void add_forwarder(void *ctx, const struct macro_role *m,
			  const char *name, size_t n, int function_like)
{
	struct use_ctx *u = ctx;
	const struct macro_role *root;

	if (m->round != u->round || !(root = root_of(u->roles, m)))
		return;
	pthread_mutex_lock(&u->roles->lock);
	if (!macro_roles_find(u->roles, name, n)) {
		size_t k;

		for (k = 0; k < *u->nr_pending; k++)
			if (!strncmp((*u->pending)[k].name, name, n) &&
			    !(*u->pending)[k].name[n])
				break;
		if (k == *u->nr_pending) {
			ALLOC_GROW(*u->pending, *u->nr_pending + 1,
				   *u->alloc_pending);
			(*u->pending)[k].name = xstrndup(name, n);
			(*u->pending)[k].target = xstrdup(root->name);
			(*u->pending)[k].function_like = function_like;
			(*u->nr_pending)++;
		}
	}
	pthread_mutex_unlock(&u->roles->lock);
}

struct uses_pass {
	struct prepass *p;
	int round;
	struct pending *pending;
	size_t nr_pending, alloc_pending;
};

static int names_one(const struct macro_roles *r, int round, const char *buf,
		     size_t len)
{
	for (size_t i = 0; i < r->nr; i++)
		if (r->items[i].round == round &&
		    mem_find(buf, len, r->items[i].name,
			     strlen(r->items[i].name)))
			return 1;
	return 0;
}

/* The walked files that may use a macro of this round, in the walk's
 * order: those whose filter does not rule all of them out (the pass
 * reads them and checks, names_one()).  A use of a function-like macro
 * is its name followed by a `(` (rewrite_macro_uses()), which the
 * filters keep; an object-like one may be used anywhere. */
static void may_name_one(const struct prepass *p, int round,
			 struct strlist *out)
{
	const struct macro_roles *r = p->roles;
	int all = 0;

	for (size_t i = 0; i < r->nr; i++)
		all |= r->items[i].round == round && !r->items[i].function_like;
	for (size_t k = 0; k < p->nr_files; k++) {
		const struct walked_file *w = &p->files[k];

		for (size_t i = 0; i < r->nr; i++)
			if (r->items[i].round == round &&
			    (all || word_filter_may_call(&w->words,
						r->items[i].name,
						strlen(r->items[i].name)))) {
				strlist_push(out, w->path);
				break;
			}
	}
}

static void find_uses(const struct walk_file *f, void *worker, void *ctx)
{
	struct uses_pass *up = ctx;
	struct prepass *p = up->p;
	struct prepass_worker *pw = worker;
	struct token_list *toks = &pw->toks;
	struct use_ctx u = { p->roles, f->path, up->round, &up->pending,
			     &up->nr_pending, &up->alloc_pending };

	if (!names_one(p->roles, up->round, f->buf, f->len))
		return;
	keep_named(p, f->path);
	lex_buffer(f->buf, f->len, toks);
	tok_match_cache_lazy_in(f->buf, toks, &pw->room);
	rewrite_macro_uses(f->buf, f->len, toks, p->ropts, p->roles, add_use,
			   add_forwarder, &u);
	tok_match_cache_drop();
	token_list_clear(toks);
}

/* ---- the notes ---- */

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int by_name(const void *a_, const void *b_)
{
	const struct macro_role *a = a_, *b = b_;

	return strcmp(a->name, b->name);
}

static int by_place(const void *a_, const void *b_)
{
	const struct macro_use *a = a_, *b = b_;
	int c = strcmp(a->path, b->path);

	if (c)
		return c;
	return a->line < b->line ? -1 : a->line > b->line;
}

/* "3 uses: a.c:4, b.c:9, c.h:2" (the first LISTED; "... and N more") */
static void list_uses(struct strbuf *sb, const struct macro_role *m,
		      int only_role)
{
	size_t n = 0, shown = 0;

	for (size_t k = 0; k < m->nr_uses; k++)
		n += only_role < 0 || (int)m->uses[k].role == only_role;
	strbuf_addf(sb, "%zu use%s: ", n, n == 1 ? "" : "s");
	for (size_t k = 0; k < m->nr_uses && shown < LISTED; k++) {
		const struct macro_use *u = &m->uses[k];

		if (only_role >= 0 && (int)u->role != only_role)
			continue;
		strbuf_addf(sb, "%s%s:%u", shown ? ", " : "", u->path, u->line);
		if (u->role == MR_OTHER && u->why)
			strbuf_addf(sb, " (%s)", u->why);
		shown++;
	}
	if (n > shown)
		strbuf_addf(sb, " and %zu more", n - shown);
}

static void finish(struct macro_roles *r)
{
	sort_names(r);
	for (size_t i = 0; i < r->nr; i++) {
		struct macro_role *m = &r->items[i];
		struct strbuf sb = STRBUF_INIT;

		if (m->nr_uses > 1)
			sane_qsort(m->uses, m->nr_uses, sizeof(*m->uses), by_place);
		switch (macro_role_decision(m)) {
		case MR_READ:
			strbuf_addf(&sb, "the body is the access, and every "
				    "use of %s in the tree reads it (", m->name);
			list_uses(&sb, m, -1);
			strbuf_addstr(&sb, "): READ_ONCE()");
			break;
		case MR_WRITE:
			strbuf_addf(&sb, "the body is the access, and every "
				    "use of %s in the tree is a whole-statement "
				    "write (", m->name);
			list_uses(&sb, m, -1);
			strbuf_addf(&sb, "): it takes the value and does "
				    "WRITE_ONCE(), each use %s(..., v);",
				    m->name);
			break;
		case MR_OTHER:
			strbuf_addf(&sb, "inside a macro body that is the "
				    "access itself, and the uses of %s in the "
				    "tree do not decide one role: ", m->name);
			if (!m->nr_uses)
				strbuf_addstr(&sb, "it has none");
			else if (m->writes && !m->reads && !m->others)
				strbuf_addstr(&sb, "all write, but it takes no "
					      "arguments to add the value to");
			else
				strbuf_addf(&sb, "%zu read, %zu write, %zu "
					    "other", m->reads, m->writes,
					    m->others);
			if (m->others) {
				strbuf_addstr(&sb, " (");
				list_uses(&sb, m, MR_OTHER);
				strbuf_addch(&sb, ')');
			} else if (m->reads && m->writes) {
				strbuf_addstr(&sb, " (writes: ");
				list_uses(&sb, m, MR_WRITE);
				strbuf_addch(&sb, ')');
			}
			break;
		}
		m->note = strbuf_detach(&sb);
	}
}

size_t rewrite_prepass(const char *const *paths, size_t nr,
		       const struct walk_options *like, int discover,
		       struct once_macros *macros, struct rewrite_opts *ropts,
		       struct macro_roles *roles, struct include_edges *edges,
		       struct prepass_keep *keep)
{
	struct prepass p;
	struct walk_options wo;
	struct walk_stats st;
	struct strlist again = STRLIST_INIT;
	size_t found = 0;
	int ret;

	memset(&p, 0, sizeof(p));
	p.discovery = discover ? once_discovery_new() : NULL;
	if (p.discovery) /* the walk offers every file it reads */
		once_discovery_defer_local(p.discovery);
	p.ropts = ropts;
	p.roles = roles;
	p.edges = edges;
	p.keep = keep;
	pthread_mutex_init(&p.keep_lock, NULL);
	pthread_mutex_init(&p.files_lock, NULL);
	memset(&wo, 0, sizeof(wo));
	wo.excludes = like->excludes;
	wo.jobs = like->jobs;
	wo.follow_symlinks = like->follow_symlinks;
	/* the command's own walk reports what it cannot read, unless this
	 * one is the run's only walk of the tree */
	wo.quiet = keep ? like->quiet : 1;
	wo.progress = keep ? like->progress : 0;
	wo.what = like->what;
	wo.fn = find_bodies;
	wo.also = like->also;
	wo.also_ctx = like->also_ctx;
	wo.worker_init = worker_init;
	wo.worker_done = worker_done;
	wo.ctx = &p;
	ret = walk_paths(paths, nr, &wo, keep ? keep->stats : &st);
	if (p.discovery) /* the "name" headers it did not offer */
		once_discovery_walked(p.discovery);
	if (keep)
		keep->walk_ret = ret;
	wo.also = NULL; /* it has seen them */
	wo.quiet = 1; /* the passes for the uses read the same files again */
	wo.progress = 0;
	wo.reread = 1;
	wo.excludes = NULL; /* the walk excluded them */
	if (p.discovery) {
		if (keep && keep->decide_only)
			once_discovery_decide_only(p.discovery,
						   keep->decide_only);
		found = once_discovery_finish(p.discovery, macros);
		once_discovery_free(p.discovery);
	}
	sort_names(roles);
	for (int round = 0; roles->nr && round < MAX_ROUNDS; round++) {
		struct uses_pass up;

		memset(&up, 0, sizeof(up));
		up.p = &p;
		up.round = round;
		wo.fn = find_uses;
		wo.ctx = &up;
		may_name_one(&p, round, &again);
		if (keep && round < MACRO_ROLES_ROUNDS) {
			for (size_t i = 0; i < roles->nr; i++)
				keep->round_names[round] +=
					roles->items[i].round == round;
			keep->round_reads[round] = again.nr;
			keep->rounds = round + 1;
		}
		(void)walk_paths((const char *const *)again.items, again.nr,
				 &wo, &st);
		strlist_clear(&again);
		/* the macros that forward to these: their uses next */
		for (size_t k = 0; k < up.nr_pending; k++) {
			struct macro_role *m;

			ALLOC_GROW(roles->items, roles->nr + 1, roles->alloc);
			m = &roles->items[roles->nr++];
			memset(m, 0, sizeof(*m));
			m->name = up.pending[k].name;
			m->forwards_to = up.pending[k].target;
			m->function_like = up.pending[k].function_like;
			m->round = round + 1;
		}
		free(up.pending);
		sort_names(roles);
		if (!up.nr_pending)
			break;
	}
	finish(roles);
	keep_used(&p);
	ropts->roles = roles;
	if (keep && keep->files.nr > 1)
		sane_qsort(keep->files.items, keep->files.nr,
			   sizeof(*keep->files.items), by_string);
	strset_release(&p.kept);
	pthread_mutex_destroy(&p.keep_lock);
	for (size_t i = 0; i < p.nr_files; i++) {
		if (keep && p.files[i].words.bits) {
			keep->filters++;
			keep->filter_bytes += word_filter_bytes(&p.files[i].words);
		}
		free(p.files[i].path);
		word_filter_release(&p.files[i].words);
	}
	free(p.files);
	pthread_mutex_destroy(&p.files_lock);
	return found;
}
