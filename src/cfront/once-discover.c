/* Finding a tree's own once-macros (once-discover.h). */
#define _GNU_SOURCE /* memmem */
#include "cfront/once-discover.h"
#include "cfront/branches.h"
#include "cfront/header-macros.h"
#include "cfront/ident-mask.h"
#include "cfront/idioms.h"
#include "cfront/defines.h"
#include "cfront/dir-entries.h"
#include "cfront/lexer.h"
#include "cfront/macro-body.h"
#include "cfront/macro-expand.h"
#include "cfront/member-macros.h"
#include "cfront/once-accessor.h"
#include "cfront/prepass-words.h"
#include "cfront/tokscan.h"
#include "cfront/walk.h"
#include "lib/strbuf.h"
#include "lib/memfind.h"
#include "lib/strset.h"
#include "lib/util.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A body longer than this is no once-access wrapper (the kernel's
 * READ_ONCE is 90 bytes; statement macros of a page exist). */
#define MAX_DEFINE 2048

struct candidate {
	const char *path;  /* interned in the discovery */
	unsigned line;
	/* name, then text in the same allocation (one malloc and one free
	 * per candidate, not two: a tree has 149,245 of them, Linux 4.14.5;
	 * issue #35), unless text_apart: expand_pastes() gave it a text of
	 * its own */
	char *name;
	int text_apart;
	uint32_t name_hash;  /* word_hash() of name, taken while it is read */
	uint32_t alias_hash; /* ... of alias_of, when there is one */
	char *text;        /* "#define NAME(...) body", splices kept */
	size_t len;
	/* the last analysis: is the body the access itself? */
	int is_access;
	enum once_macro_kind kind;
	int volatile_cast;
	int pointer_object;
	int value_deref;   /* the body dereferences the value it reads */
	int object_arg, value_arg;
	int deref_arg;     /* the argument that points to the object */
	int order_arg;     /* the argument that is its atomic's order, the
			      caller's; -1: none */
	char *cast_type;   /* ... and the type its volatile cast gives */
	char *object;      /* when object_arg < 0 */
	char **params;
	size_t nparams;
	char *what;
	char *via;         /* the once-macro its body applies, or NULL */
	/* an object-like #define whose body is one name (#define
	 * AO_cptr_load AO_load): that name, or NULL */
	char *alias_of;
	/* The text again with each helper macro it calls put in, one per
	 * choice of the helpers' definitions (expand_helpers), and the
	 * helpers' names ("NSYNC_ATOMIC_UINT32_PTR_"); read when the text
	 * itself is no once-access. */
	char **variants;
	size_t nvariants;
	char *helpers;
	/* its file #includes a C++ library header (<atomic>) outside the
	 * groups only C++ reads: no C build reads it (cite_read_defs) */
	int cxx_file;
};

struct once_discovery {
	pthread_mutex_t lock;
	struct candidate *items;
	size_t nr, alloc;
	char **paths;      /* the files with candidates: interned names */
	size_t nr_paths, alloc_paths;
	struct strset seen; /* every file offered, by its real path */
	/* ... and as it was spelled: the same spelling is the same file, and
	 * realpath() costs a system call per folder of the path, for each
	 * #include "x.h" of each file of a tree (issue #35) */
	struct strset offered;
	/* the spellings offered whose text was read (add_text() had it, or
	 * it was binary): offering one again does nothing, so the caller
	 * need not read it first (once_discovery_has_text()) */
	struct strset taken;
	/* the files with candidates that a walk found as regular files in
	 * their folders (walk.h's plain): spelling_settle() asks their real
	 * paths again without a readlink() each */
	struct strset plain;
	/* once_discovery_defer_local(): the "name" headers met while a walk
	 * of the whole tree offers its files, read after the walk if it did
	 * not offer them (under lock) */
	int defer_local;
	struct strlist pending_local;
	/* realpath() of the folders of the files offered, by spelling
	 * (real_path()): open addressing, real NULL where realpath()
	 * failed */
	struct real_dir {
		char *dir, *real;
	} *real_dirs;
	size_t real_dirs_size, nr_real_dirs;
	struct strset readable; /* paths access(R_OK) said yes to, as spelled */
	/* the folders tried, listed: most tries find nothing there */
	struct dir_entries folders;
	int dirs_listed;   /* every one of dirs (dir_entries_list) */
	/* The other spellings of files already offered ("core/en/../en.h"
	 * after "core/en.h"): with -j the first spelling to arrive wins the
	 * offer, so the name a file is reported by is chosen among all of
	 * them when discovery finishes (spelling_settle). */
	struct other_spelling {
		char *real, *spelled;
	} *others;
	size_t nr_others, alloc_others;
	/* Where an #include is looked for (once_discovery_add_include_dir),
	 * and the names looked for so far (each is looked for once). */
	struct strlist roots, dirs;
	struct strset looked_for;
	size_t includes_found, includes_not_found;
	/* once-accessor functions (once-accessor.h), when asked for */
	int want_accessors;
	/* once_discovery_decide_only()'s names, or NULL: all */
	const struct strset *decide_only;
	/* the other functions the files define (once-accessor.h) */
	struct strset functions;
	/* files defining functions that are no accessors as read: with a
	 * helper macro put in, some may be (accessors_through_helpers) */
	struct strset revisit;
	/* Files that hold no accessor (once_accessors_may_find() says so)
	 * but may_hold() would have them lexed -- a kernel file's
	 * #include <asm/...> -- for their functions' names only: those
	 * are asked for later, and the files lexed then, only the ones
	 * that spell the name asked about (issue 35: 886 of the 1264
	 * files lexed for accessors of Debian's vmlinux). */
	struct strset deferred, deferred_lexed;
	struct strset no_function; /* names no deferred file defines */
	struct accessor_def {
		struct once_accessor a;
		const char *path;  /* interned */
	} *accessors;
	size_t nr_accessors, alloc_accessors;
	/* the files the build read, as given (once_discovery_built), and
	 * by real path once one is asked about (few trees define an
	 * accessor twice) */
	struct strlist built_given;
	struct strset built;
	int built_settled;
	struct once_discovery_stats stats; /* under lock, or atomics */
	/* Generator macros of functions (once_accessor_generator(): a
	 * pasted function head, jemalloc's JEMALLOC_GENERATE_ATOMICS in
	 * atomic_gcc_atomic.h), each with its file; the names the files
	 * call in a line's first column (note_invocations: atomic.h's
	 * JEMALLOC_GENERATE_ATOMICS(bool, b, 0)): a file that calls a
	 * generator so is read again with the generators of other files
	 * known (generated_elsewhere) */
	struct generator_def {
		struct macro_def def;
		char *path;
	} *gens;
	size_t nr_gens, alloc_gens;
	struct invocation {
		char *name;
		const char *path; /* in invoker_paths */
	} *invoked;
	size_t nr_invoked, alloc_invoked;
	struct strlist invoker_paths;
	/* the files' order maps (once-accessor.h: "FUNCTION NAME ORDER\n") */
	struct strbuf order_maps;
	/* with want_accessors: the member-path macros (member-macros.h),
	 * for scan's typing of a site's object */
	struct member_macros members;
	/* ... and the object-like ones whose body is a call (call_body();
	 * each item's path is the body) */
	struct member_macros calls;
};

void once_discovery_want_accessors(struct once_discovery *d)
{
	d->want_accessors = 1;
}

void once_discovery_decide_only(struct once_discovery *d,
				const struct strset *names)
{
	d->decide_only = names;
}

struct once_discovery *once_discovery_new(void)
{
	struct once_discovery *d = xcalloc(1, sizeof(*d));

	pthread_mutex_init(&d->lock, NULL);
	dir_entries_init(&d->folders);
	return d;
}

static void candidate_forget(struct candidate *c)
{
	for (size_t k = 0; k < c->nparams; k++)
		free(c->params[k]);
	free(c->params);
	free(c->object);
	free(c->what);
	free(c->via);
	free(c->cast_type);
	c->via = NULL;
	c->params = NULL;
	c->nparams = 0;
	c->object = c->what = c->cast_type = NULL;
	c->deref_arg = -1;
	c->order_arg = -1;
	c->is_access = 0;
	c->value_deref = 0;
}

void once_discovery_free(struct once_discovery *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->nr; i++) {
		candidate_forget(&d->items[i]);
		free(d->items[i].name);
		if (d->items[i].text_apart)
			free(d->items[i].text);
		free(d->items[i].alias_of);
		for (size_t k = 0; k < d->items[i].nvariants; k++)
			free(d->items[i].variants[k]);
		free(d->items[i].variants);
		free(d->items[i].helpers);
	}
	free(d->items);
	for (size_t i = 0; i < d->nr_paths; i++)
		free(d->paths[i]);
	free(d->paths);
	strset_release(&d->seen);
	strset_release(&d->offered);
	strlist_clear(&d->pending_local);
	strset_release(&d->taken);
	strset_release(&d->plain);
	for (size_t i = 0; i < d->real_dirs_size; i++) {
		free(d->real_dirs[i].dir);
		free(d->real_dirs[i].real);
	}
	free(d->real_dirs);
	for (size_t i = 0; i < d->nr_others; i++) {
		free(d->others[i].real);
		free(d->others[i].spelled);
	}
	free(d->others);
	strset_release(&d->readable);
	dir_entries_release(&d->folders);
	strset_release(&d->looked_for);
	strset_release(&d->functions);
	strset_release(&d->revisit);
	strset_release(&d->deferred);
	strset_release(&d->deferred_lexed);
	strset_release(&d->no_function);
	strset_release(&d->built);
	strlist_clear(&d->built_given);
	for (size_t i = 0; i < d->nr_accessors; i++)
		once_accessor_release(&d->accessors[i].a);
	free(d->accessors);
	for (size_t i = 0; i < d->nr_gens; i++) {
		macro_def_release(&d->gens[i].def);
		free(d->gens[i].path);
	}
	free(d->gens);
	for (size_t i = 0; i < d->nr_invoked; i++)
		free(d->invoked[i].name);
	free(d->invoked);
	strlist_clear(&d->invoker_paths);
	strbuf_release(&d->order_maps);
	member_macros_release(&d->members);
	member_macros_release(&d->calls);
	strlist_clear(&d->roots);
	strlist_clear(&d->dirs);
	pthread_mutex_destroy(&d->lock);
	free(d);
}

size_t once_discovery_candidates(const struct once_discovery *d)
{
	return d->nr;
}

void once_discovery_stats(const struct once_discovery *d,
			  struct once_discovery_stats *st)
{
	*st = d->stats;
	st->deferred = d->deferred.nr;
	st->invocations = d->nr_invoked;
	st->folders_listed = d->folders.folders_read;
	st->not_there_by_listing = d->folders.answered;
}

static void count(size_t *counter)
{
	__atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
}

/* 1: may start an identifier, 2: may continue one; a table, since
 * collect() asks it of every byte of every #define's name */
static const unsigned char ident_class[256] = {
	['_'] = 1, ['a' ... 'z'] = 1, ['A' ... 'Z'] = 1, ['0' ... '9'] = 2,
};

static int ident_start(char c)
{
	return ident_class[(unsigned char)c] == 1;
}

static int ident_char(char c)
{
	return ident_class[(unsigned char)c] != 0;
}

/* The end of the logical line that starts at p: its '\n' (or end); the
 * spliced newlines inside it are added to *lines (every '\n' before the
 * end is one: counting them here spares a second pass over the bytes). */
static const char *logical_end(const char *p, const char *end,
			       unsigned *lines)
{
	for (;;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *b;

		if (!nl)
			return end;
		b = nl;
		if (b > p && b[-1] == '\r')
			b--;
		if (b > p && b[-1] == '\\') {
			p = nl + 1;
			++*lines;
			continue;
		}
		return nl;
	}
}

/* The '\n' bytes of p[0..n). */
static unsigned count_newlines(const char *p, size_t n)
{
	return (unsigned)mem_count(p, n, '\n');
}

/* Does the physical line that starts at buf[at] continue the one
 * before it (which then ends with a backslash)? */
static int continues(const char *buf, size_t at)
{
	size_t k;

	if (!at)
		return 0;
	k = at - 1; /* its '\n' */
	if (k && buf[k - 1] == '\r')
		k--;
	return k && buf[k - 1] == '\\';
}

/* Past the blanks and the '(' that open a body at q (the runs of
 * blanks 16 at a time): its first other byte; each '(' in *parens. */
static const char *open_parens(const char *q, const char *stop, int *parens)
{
	while ((q = blank_run_end(q, stop)) < stop && *q == '(') {
		(*parens)++;
		q++;
	}
	return q;
}

/* Is [q, stop) blanks and exactly the parens ')' that close the ones
 * open_parens() opened? */
static int closes_parens(const char *q, const char *stop, int parens)
{
	while (q < stop && (*q == ' ' || *q == '\t' || *q == '\r' ||
			    (*q == ')' && parens-- > 0)))
		q++;
	return q == stop && parens == 0;
}

/*
 * The body of an object-like #define at q (after its name) when it is
 * one identifier, in parentheses or not (#define AO_cptr_load AO_load):
 * its start and length, or NULL.  Such a name means what the other
 * one means.
 */
static const char *alias_body(const char *q, const char *stop, size_t *n)
{
	const char *name;
	int parens = 0;

	q = open_parens(q, stop, &parens);
	if (q == stop || !ident_start(*q))
		return NULL;
	name = q;
	q = ident_run_end(q, stop);
	*n = (size_t)(q - name);
	return closes_parens(q, stop, parens) ? name : NULL;
}

/*
 * The body of an object-like #define at q (after its name) when it is
 * one call of a name, in parentheses or not, and nothing else
 * (Linux's #define current get_current()): its start and length, or
 * NULL.  Such a name is read as that call where a site's object is
 * spelled with it (header-macros.h), and the DWARF gives what the
 * function returns.  A line continued is not read (logical_end() has
 * kept the splices).
 */
static const char *call_body(const char *q, const char *stop, size_t *n)
{
	const char *start, *p;
	int parens = 0, depth = 0;

	q = open_parens(q, stop, &parens);
	if (q == stop || !ident_start(*q))
		return NULL;
	start = q;
	p = blank_run_end(ident_run_end(q, stop), stop);
	if (p == stop || *p != '(')
		return NULL;
	for (; p < stop; p++) {
		if (*p == '\\' || *p == '"' || *p == '\'' || *p == '/')
			return NULL; /* a splice, a literal, a comment */
		if (*p == '(')
			depth++;
		else if (*p == ')' && !--depth)
			break;
	}
	if (p == stop)
		return NULL;
	*n = (size_t)(++p - start);
	return closes_parens(p, stop, parens) ? start : NULL;
}

/* A new candidate at the end of *out: the #define of name at line,
 * text its logical line. */
/* FNV-1a of w[0..n): the candidates' names found by it
 * (wanted_candidates()). */
static uint32_t word_hash(const char *w, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)w[i]) * 16777619u;
	return h;
}

static struct candidate *add_candidate(struct candidate **out, size_t *nr,
				       size_t *alloc, const char *name,
				       size_t n, unsigned line,
				       const char *text, size_t len)
{
	struct candidate *c;

	ALLOC_GROW(*out, *nr + 1, *alloc);
	c = &(*out)[(*nr)++];
	memset(c, 0, sizeof(*c));
	c->line = line;
	c->deref_arg = -1;
	c->order_arg = -1;
	c->name = xmalloc(n + 1 + len + 1);
	memcpy(c->name, name, n);
	c->name[n] = '\0';
	c->name_hash = word_hash(name, n);
	c->text = c->name + n + 1;
	memcpy(c->text, text, len);
	c->text[len] = '\0';
	c->len = len;
	return c;
}

/* The line number at buf[at], counted on from buf[*counted] (at
 * *line): only for the lines that become candidates, most #defines
 * being none (issue #35). */
static unsigned line_at(const char *buf, size_t at, size_t *counted,
			unsigned *line)
{
	*line += count_newlines(buf + *counted, at - *counted);
	*counted = at;
	return *line;
}

/* The identifier that ends right before *end, blanks and splices
 * skipped (at or after from): its start, with its length in *n and *end
 * moved there; NULL when something else is there. */
static const char *word_before(const char *from, const char **end, size_t *n)
{
	const char *e = *end, *w;

	while (e > from && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\\' ||
			    e[-1] == '\n' || e[-1] == '\r'))
		e--;
	w = e;
	while (w > from && ident_char(w[-1]))
		w--;
	if (w == e || !ident_start(*w))
		return NULL;
	*n = (size_t)(e - w);
	*end = w;
	return w;
}

/* Is name[0..n) one of the parameters in params[0..end) ("type, name")? */
static int is_param(const char *params, const char *end, const char *name,
		    size_t n)
{
	for (const char *p = params; p < end;) {
		const char *q;

		while (p < end && !ident_char(*p))
			p++;
		q = p;
		while (q < end && ident_char(*q))
			q++;
		if (q > p && (size_t)(q - p) == n && !memcmp(p, name, n))
			return 1;
		p = q;
	}
	return 0;
}

/*
 * Does a body with no call end in two of the macro's parameters, as a
 * declaration does (liburcu's #define DECLARE_URCU_TLS(type, name)
 * URCU_TLS_STORAGE_CLASS type name)?  Kept for the headers' macros, which
 * read the declarations a file writes through it (decl-macros.h).
 * params: after the '('; close: its ')'; stop: the body's end.
 */
static int declares_param(const char *params, const char *close,
			  const char *stop)
{
	const char *e = stop, *n, *t;
	size_t nn, tn;

	if (!(n = word_before(close + 1, &e, &nn)) ||
	    !(t = word_before(close + 1, &e, &tn)))
		return 0;
	return (nn != tn || memcmp(n, t, nn)) &&
	       is_param(params, close, n, nn) && is_param(params, close, t, tn);
}

/*
 * The function-like #defines of buf that may define a once-macro: a
 * body that holds a call or a volatile cast, not too long; and the
 * object-like ones that give another name one name (alias_body()).
 * Appended to *out with path (not yet interned) and line; with members,
 * the object-like ones whose body is a member path go there
 * (member-macros.h).  The logical
 * lines looked at are those where "define" follows a '#' at the start
 * of a line (a search, not a walk over every line), and a candidate's
 * line number is the count of newlines before it.
 */
static void collect(const char *buf, size_t len, const size_t *defines,
		    size_t nr_defines, struct candidate **out, size_t *nr,
		    size_t *alloc, struct member_macros *members,
		    struct member_macros *calls)
{
	const char *end = buf + len, *hit;
	size_t from = 0, counted = 0;
	unsigned line = 1; /* the line number at buf[counted] */

	for (size_t k = 0;; k++) {
		const char *p, *q, *name, *stop, *body;
		size_t at, b;
		unsigned spliced = 0;

		if (defines) {
			/* the places of "define" in the text the caller
			 * searched: here, the same bytes or some blanked
			 * (c_only), so each is looked at again */
			if (k >= nr_defines)
				break;
			at = defines[k];
			if (at < from || at + 6 > len ||
			    memcmp(buf + at, "define", 6))
				continue;
		} else {
			if (from >= len || !(hit = mem_find(buf + from,
							    len - from,
							    "define", 6)))
				break;
			at = (size_t)(hit - buf);
		}
		b = at;
		from = at + 6;
		while (b && (buf[b - 1] == ' ' || buf[b - 1] == '\t'))
			b--;
		if (!b || buf[b - 1] != '#')
			continue;
		b--;
		while (b && (buf[b - 1] == ' ' || buf[b - 1] == '\t'))
			b--;
		if ((b && buf[b - 1] != '\n') || continues(buf, b))
			continue;
		/* a logical line that starts at b with "#define" */
		p = buf + b;
		stop = logical_end(p, end, &spliced);
		from = (size_t)(stop - buf) + 1;
		q = p;
		while (q < stop && (*q == ' ' || *q == '\t'))
			q++;
		if (q == stop || *q != '#')
			continue;
		q++;
		while (q < stop && (*q == ' ' || *q == '\t'))
			q++;
		if (stop - q < 8 || memcmp(q, "define", 6) ||
		    (q[6] != ' ' && q[6] != '\t'))
			continue;
		q += 7;
		while (q < stop && (*q == ' ' || *q == '\t'))
			q++;
		name = q;
		if (q == stop || !ident_start(*q))
			continue;
		q = ident_run_end(q, stop);
		if (q < stop && (*q == ' ' || *q == '\t')) {
			/* object-like: another name for a name (a
			 * candidate), a member path, or a call */
			size_t n;
			const char *to;
			struct candidate *c;

			if (members)
				member_macros_note(members, name,
						   (size_t)(q - name), q,
						   (size_t)(stop - q));
			if (calls && (to = call_body(q, stop, &n)))
				member_macros_add(calls, name,
						  (size_t)(q - name), to, n);
			to = alias_body(q, stop, &n);
			if (!to || ((size_t)(q - name) == n &&
				    !memcmp(name, to, n)))
				continue;
			c = add_candidate(out, nr, alloc, name,
					  (size_t)(q - name),
					  line_at(buf, b, &counted, &line), p,
					  (size_t)(stop - p));
			c->alias_of = xstrndup(to, n);
			c->alias_hash = word_hash(to, n);
			continue;
		}
		if (q == stop || *q != '(') /* object-like: no argument */
			continue;
		body = memchr(q, ')', (size_t)(stop - q));
		/* a body of a call, a volatile cast, or a paste: a name
		 * made by one (mimalloc's #define mi_atomic(name)
		 * atomic_##name) is put into the bodies that use it */
		if (!body || stop - p > MAX_DEFINE ||
		    (!memchr(body + 1, '(', (size_t)(stop - body - 1)) &&
		     !mem_find(body, (size_t)(stop - body), "volatile", 8) &&
		     !mem_find(body, (size_t)(stop - body), "##", 2) &&
		     !declares_param(q + 1, body, stop)))
			continue;
		add_candidate(out, nr, alloc, name, (size_t)(q - name),
			      line_at(buf, b, &counted, &line), p,
			      (size_t)(stop - p));
	}
}

static size_t real_dir_slot(const struct once_discovery *d, const char *dir)
{
	size_t h = 2166136261u;

	for (const char *c = dir; *c; c++)
		h = (h ^ (unsigned char)*c) * 16777619u;
	for (h &= d->real_dirs_size - 1;
	     d->real_dirs[h].dir && strcmp(d->real_dirs[h].dir, dir);
	     h = (h + 1) & (d->real_dirs_size - 1))
		;
	return h;
}

/* realpath(dir), asked once per spelling of a folder; NULL when it
 * fails.  The caller holds the lock. */
static const char *real_dir_of(struct once_discovery *d, const char *dir)
{
	size_t at;

	if (2 * (d->nr_real_dirs + 1) > d->real_dirs_size) {
		struct real_dir *old = d->real_dirs;
		size_t old_size = d->real_dirs_size;

		d->real_dirs_size = old_size ? 2 * old_size : 64;
		d->real_dirs = xcalloc(d->real_dirs_size, sizeof(*old));
		for (size_t i = 0; i < old_size; i++)
			if (old[i].dir)
				d->real_dirs[real_dir_slot(d, old[i].dir)] = old[i];
		free(old);
	}
	at = real_dir_slot(d, dir);
	if (!d->real_dirs[at].dir) {
		d->real_dirs[at].dir = xstrdup(dir);
		d->real_dirs[at].real = realpath(dir, NULL);
		d->nr_real_dirs++;
	}
	return d->real_dirs[at].real;
}

/*
 * realpath(path), its folder's part resolved once per folder: glibc's
 * realpath() asks readlink() of every part of a path (six system calls
 * for ./drivers/net/ethernet/intel/e1000/e1000_main.c), for every file
 * of a tree, where the files of a folder share all parts but the last.
 * The last part is asked by realpath_in_real_dir() (src/lib/util.h).
 */
static char *real_path(struct once_discovery *d, const char *path, int plain)
{
	const char *slash = strrchr(path, '/'), *base, *rdir;
	char *dir, *full;

	base = slash ? slash + 1 : path;
	if (!*base || !strcmp(base, ".") || !strcmp(base, ".."))
		return realpath(path, NULL);
	dir = !slash ? xstrdup(".") :
		xstrndup(path, slash == path ? 1 : (size_t)(slash - path));
	pthread_mutex_lock(&d->lock);
	/* the string stays where it is until d is freed */
	rdir = real_dir_of(d, dir);
	pthread_mutex_unlock(&d->lock);
	free(dir);
	/* a file the walk found as a regular one in its folder: no
	 * readlink() to tell that its name is no link (one system call
	 * per file of the tree, 1 % of an audit of Linux, issue #35) */
	if (plain && rdir)
		return xasprintf("%s%s%s", rdir, strcmp(rdir, "/") ? "/" : "",
				 base);
	full = realpath_in_real_dir(rdir, base);
	return full ? full : realpath(path, NULL);
}

/* Is this the first time path is offered?  Told by its real path, so
 * that "./once.h" and "once.h" are one file. */
static int first_offer(struct once_discovery *d, const char *path, int plain)
{
	char *real;
	int first;

	pthread_mutex_lock(&d->lock);
	first = strset_add(&d->offered, path);
	pthread_mutex_unlock(&d->lock);
	if (!first)
		return 0;
	real = real_path(d, path, plain);
	pthread_mutex_lock(&d->lock);
	first = strset_add(&d->seen, real ? real : path);
	if (!first && real) {
		ALLOC_GROW(d->others, d->nr_others + 1, d->alloc_others);
		d->others[d->nr_others].real = real;
		d->others[d->nr_others++].spelled = xstrdup(path);
		real = NULL;
	}
	pthread_mutex_unlock(&d->lock);
	free(real);
	return first;
}

/* How many "." and ".." parts a spelling has. */
static size_t dot_parts(const char *p)
{
	size_t n = 0;

	for (const char *s = p; *s; s++)
		if ((s == p || s[-1] == '/') && s[0] == '.' &&
		    (!s[1] || s[1] == '/' ||
		     (s[1] == '.' && (!s[2] || s[2] == '/'))))
			n++;
	return n;
}

/* The better of two spellings of one file: fewer "."/".." parts (the
 * walk's own spelling), then the shorter, then the first by strcmp --
 * an order that does not depend on which thread offered which first. */
static int spelling_better(const char *a, const char *b)
{
	size_t da = dot_parts(a), db = dot_parts(b);
	size_t la = strlen(a), lb = strlen(b);

	if (da != db)
		return da < db;
	if (la != lb)
		return la < lb;
	return strcmp(a, b) < 0;
}

static int by_real(const void *a_, const void *b_)
{
	const struct other_spelling *a = a_, *b = b_;

	return strcmp(a->real, b->real);
}

struct respelled {
	const char *old, *now;
};

static int by_old(const void *a_, const void *b_)
{
	uintptr_t a = (uintptr_t)((const struct respelled *)a_)->old;
	uintptr_t b = (uintptr_t)((const struct respelled *)b_)->old;

	return (a > b) - (a < b);
}

/* The new name of a path renamed (sorted by old), or the path itself. */
static const char *respelled(const struct respelled *r, size_t nr,
			     const char *path)
{
	size_t lo = 0, hi = nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if ((uintptr_t)r[mid].old < (uintptr_t)path)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nr && r[lo].old == path ? r[lo].now : path;
}

/*
 * Name each file with candidates by its best spelling among every one
 * offered, so that -j 2 reports what -j 1 does.  The other spellings
 * are sorted by real path, and the candidates renamed in one pass at
 * the end: comparing every file with every other spelling, and walking
 * every candidate for each file renamed, was 5 % of an audit of the
 * kernel (issue #35).  The best is the least in spelling_better()'s
 * order, a total one, so the answer is the same in any order.
 */
static void spelling_settle(struct once_discovery *d)
{
	struct respelled *r = NULL;
	size_t nr = 0, alloc = 0;

	if (!d->nr_others)
		return;
	sane_qsort(d->others, d->nr_others, sizeof(*d->others), by_real);
	for (size_t i = 0; i < d->nr_paths; i++) {
		/* each folder's real path is known from first_offer() */
		char *old = d->paths[i],
		     *real = real_path(d, old, strset_has(&d->plain, old));
		const char *best = old;
		size_t lo = 0, hi = d->nr_others;

		if (!real)
			continue;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (strcmp(d->others[mid].real, real) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t k = lo; k < d->nr_others &&
		     !strcmp(d->others[k].real, real); k++)
			if (spelling_better(d->others[k].spelled, best))
				best = d->others[k].spelled;
		free(real);
		if (best == old)
			continue;
		d->paths[i] = xstrdup(best);
		ALLOC_GROW(r, nr + 1, alloc);
		r[nr].old = old;
		r[nr++].now = d->paths[i];
	}
	if (!nr)
		return;
	sane_qsort(r, nr, sizeof(*r), by_old);
	for (size_t k = 0; k < d->nr; k++)
		d->items[k].path = respelled(r, nr, d->items[k].path);
	for (size_t k = 0; k < d->nr_accessors; k++)
		d->accessors[k].path = respelled(r, nr, d->accessors[k].path);
	for (size_t k = 0; k < nr; k++)
		free((char *)r[k].old);
	free(r);
}

/* access(path, R_OK) == 0, asked once per spelling when it is: the
 * files of a folder include the same headers.  listed: a try in the
 * include folders (find_include), where a folder's listing may say "not
 * there" first; "name" next to its file is asked of access() alone
 * (audit and fix look for nothing else: no folder of theirs is
 * listed). */
static int readable(struct once_discovery *d, const char *path, int listed)
{
	int r;

	pthread_mutex_lock(&d->lock);
	r = strset_has(&d->readable, path);
	pthread_mutex_unlock(&d->lock);
	if (r)
		return 1;
	/* the folder's listing, read once, says "not there" without a
	 * system call: #include <x.h> is tried in every source's folder */
	if (listed && !dir_entries_may_have(&d->folders, path))
		return 0;
	count(&d->stats.access_calls);
	if (access(path, R_OK))
		return 0;
	pthread_mutex_lock(&d->lock);
	strset_add(&d->readable, path);
	pthread_mutex_unlock(&d->lock);
	return 1;
}

/*
 * The names a file calls at the start of a line, "NAME(" in its first
 * column -- where a generator is invoked (atomic.h's
 * JEMALLOC_GENERATE_ATOMICS(bool, b, 0), ck's CK_PR_LOAD_S(...)), and
 * where a function of BSD style is defined -- each with the file, into
 * d->invoked: generated_elsewhere() reads again only the files that
 * call a generator so.  A search for newlines, no lexing.
 */
/* "NAME(" at p, a line's start: into found. */
static void invocation_at(const char *p, const char *e,
			  struct invocation **found, size_t *nr,
			  size_t *alloc)
{
	const char *q = p;

	if (!ident_start(*q))
		return;
	while (q < e && ident_char(*q))
		q++;
	if (q < e && *q == '(') {
		ALLOC_GROW(*found, *nr + 1, *alloc);
		(*found)[*nr].name = xstrndup(p, (size_t)(q - p));
		(*found)[(*nr)++].path = NULL;
	}
}

static void note_invocations(struct once_discovery *d, const char *path,
			     const char *buf, size_t len)
{
	const char *p = buf, *e = buf + len;
	struct invocation *found = NULL;
	size_t nr = 0, alloc = 0;
	char *owned;

#ifdef __SSE2__
	/*
	 * 64 bytes at a time: the lines that start with an identifier's
	 * first byte (a newline before it, or the buffer's start), found
	 * from the masks of newlines and identifier bytes -- a memchr()
	 * call per line was 1% of scan -j 1 on Debian's vmlinux (two
	 * million lines, most of them short, few that start so).
	 */
	{
		uint64_t after_newline = 1; /* buf[0] starts a line */

		for (; e - p >= 64; p += 64) {
			uint64_t digits, nl = 0, starts;
			uint64_t id = ident_mask(p, &digits);

			for (int k = 0; k < 4; k++)
				nl |= (uint64_t)(unsigned)_mm_movemask_epi8(
					_mm_cmpeq_epi8(_mm_loadu_si128(
						(const __m128i *)(const void *)
						(p + 16 * k)),
						_mm_set1_epi8('\n')))
				      << (16 * k);
			starts = ((nl << 1) | after_newline) & id & ~digits;
			after_newline = nl >> 63;
			for (; starts; starts &= starts - 1)
				invocation_at(p + __builtin_ctzll(starts), e,
					      &found, &nr, &alloc);
		}
		/* the tail, a line at a time from the first line start */
		if (p < e && !after_newline) {
			const char *nl = memchr(p, '\n', (size_t)(e - p));

			p = nl ? nl + 1 : e;
		}
	}
#endif
	for (; p < e; p++) {
		const char *q;

		invocation_at(p, e, &found, &nr, &alloc);
		if (!(q = memchr(p, '\n', (size_t)(e - p))))
			break;
		p = q;
	}
	if (!nr)
		return;
	owned = xstrdup(path);
	pthread_mutex_lock(&d->lock);
	strlist_push_nodup(&d->invoker_paths, owned);
	ALLOC_GROW(d->invoked, d->nr_invoked + nr, d->alloc_invoked);
	for (size_t k = 0; k < nr; k++) {
		found[k].path = owned;
		d->invoked[d->nr_invoked++] = found[k];
	}
	pthread_mutex_unlock(&d->lock);
	free(found);
}

/* The generator macros of a lexed file (once_accessor_generator()),
 * into d. */
static void note_generators(struct once_discovery *d, const char *path,
			    const char *buf, const struct token_list *l)
{
	for (size_t k = 0; k + 2 < l->nr; k++) {
		struct macro_def def;

		if (l->tok[k].kind != TOK_HASH || !(l->tok[k].flags & TF_BOL) ||
		    !tok_ident(buf, l, k + 1, "define"))
			continue;
		if (macro_def_read(buf, l, k, &def))
			continue;
		if (!once_accessor_generator(def.body, strlen(def.body))) {
			macro_def_release(&def);
			continue;
		}
		pthread_mutex_lock(&d->lock);
		ALLOC_GROW(d->gens, d->nr_gens + 1, d->alloc_gens);
		d->gens[d->nr_gens].def = def;
		d->gens[d->nr_gens++].path = xstrdup(path);
		pthread_mutex_unlock(&d->lock);
	}
}

/* The once-accessor functions buf defines (lexed only when it may;
 * each lexing counted in *lexes); with d, its generator macros and
 * invocations noted (note_generators). */
static void find_accessors(const char *buf, size_t len,
			   struct once_accessor_list *acc, size_t *lexes,
			   struct once_discovery *d, const char *path)
{
	struct token_list l = TOKEN_LIST_INIT;
	int may_hold = once_accessors_may_hold(buf, len);
	/* a file of generators, or of their invocations (jemalloc's
	 * atomic.h says neither volatile nor asm nor __atomic_) */
	int pastes = d && mem_find(buf, len, "##", 2);

	if (!may_hold && !pastes)
		return;
	/* a file that pastes names but holds no accessor's mark is lexed
	 * for its generators only (note_generators()): not when none of
	 * its "##" can begin one (Debian's vmlinux: 249 files, 7.5 MB,
	 * 40% of the bytes discovery lexed) */
	if (!may_hold && !once_accessor_generator_may_be(buf, len)) {
		count(&d->stats.paste_skips);
		return;
	}
	if (may_hold)
		count(lexes);
	else
		count(&d->stats.paste_lexes);
	lex_buffer(buf, len, &l);
	tok_match_cache(buf, &l);
	if (may_hold) {
		once_accessors_find(buf, &l, acc);
		once_accessors_generated(buf, len, &l, acc);
	}
	if (pastes)
		note_generators(d, path, buf, &l);
	tok_match_cache_drop();
	token_list_release(&l);
}

/*
 * Does buf #include a header by a name with no '.' in it (<atomic>,
 * <cstdint>)?  Every header of C's library ends in .h; one without is
 * C++'s, and a C compilation that reads the file fails.  Open vSwitch's
 * ovs-atomic-c++.h includes <atomic>, and defines atomic_read_explicit
 * as ovs-atomic-c11.h does: a gcc build of C reads the second.  Groups
 * only C++ reads are blank in the text the caller gives.
 */
static int includes_cxx_header(const char *buf, size_t len)
{
	const char *end = buf + len;

	for (const char *p = buf;
	     p < end && (p = mem_find(p, (size_t)(end - p), "include", 7));
	     p += 7) {
		const char *b = p, *q = p + 7;

		/* a directive: only blanks between the line's start, '#'
		 * and the word */
		while (b > buf && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b == buf || b[-1] != '#')
			continue;
		b--;
		while (b > buf && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b > buf && b[-1] != '\n')
			continue;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q >= end || *q != '<')
			continue;
		for (const char *n = ++q; n < end && *n != '\n'; n++) {
			if (*n == '.')
				break;
			if (*n == '>') {
				if (n > q)
					return 1;
				break;
			}
		}
	}
	return 0;
}

static void add_text(struct once_discovery *d, const char *path, int plain,
		     const char *buf, size_t len,
		     const struct prepass_words *w)
{
	struct candidate *found = NULL;
	struct once_accessor_list acc = ONCE_ACCESSOR_LIST_INIT;
	struct member_macros members = MEMBER_MACROS_INIT;
	struct member_macros calls = MEMBER_MACROS_INIT;
	size_t nr = 0, alloc = 0;
	char *interned, *c_only = NULL;
	int defer = 0;

	/* the #defines a C++ or MSVC compilation reads are not those of a
	 * C unit that gcc or clang built (mimalloc's mi_atomic(name) is
	 * std::atomic_##name, mi_atomic_##name or atomic_##name): the
	 * groups only those read are left out (branches.h) */
	if (w ? w->foreign :
	    mem_find_either(buf, len, "_MSC_VER", 8, "__cplusplus", 11)) {
		c_only = xstrndup(buf, len);
		if (!branch_blank_foreign(c_only, len)) {
			free(c_only);
			c_only = NULL;
		}
	}
	/* most files define nothing of the kind: collect()'s first
	 * search for "define" finds nothing in them (nor in c_only, the
	 * same bytes with some blanked) */
	collect(c_only ? c_only : buf, len, w ? w->defines : NULL,
		w ? w->nr_defines : 0, &found, &nr, &alloc,
		d->want_accessors ? &members : NULL,
		d->want_accessors ? &calls : NULL);
	if (members.nr || calls.nr) {
		pthread_mutex_lock(&d->lock);
		member_macros_take(&d->members, &members);
		member_macros_take(&d->calls, &calls);
		pthread_mutex_unlock(&d->lock);
	}
	if (d->want_accessors) {
		note_invocations(d, path, buf, len);
		if (once_accessors_may_find(buf, len))
			find_accessors(buf, len, &acc, &d->stats.accessor_lexes,
				       d, path);
		else
			defer = once_accessors_may_hold(buf, len);
	}
	if (defer) {
		pthread_mutex_lock(&d->lock);
		strset_add(&d->deferred, path);
		pthread_mutex_unlock(&d->lock);
	}
	if (acc.functions.len) {
		pthread_mutex_lock(&d->lock);
		for (size_t at = 0; at < acc.functions.len;
		     at += strlen(acc.functions.buf + at) + 1)
			strset_add(&d->functions, acc.functions.buf + at);
		strset_add(&d->revisit, path);
		pthread_mutex_unlock(&d->lock);
	}
	strbuf_release(&acc.functions);
	if (acc.order_maps.len) {
		pthread_mutex_lock(&d->lock);
		strbuf_add(&d->order_maps, acc.order_maps.buf,
			   acc.order_maps.len);
		pthread_mutex_unlock(&d->lock);
	}
	strbuf_release(&acc.order_maps);
	if (nr && includes_cxx_header(c_only ? c_only : buf, len))
		for (size_t i = 0; i < nr; i++)
			found[i].cxx_file = 1;
	free(c_only);
	if (!nr && !acc.nr) {
		/* acc.items may hold the room of accessors dropped since */
		free(acc.items);
		free(found);
		return;
	}
	interned = xstrdup(path);
	pthread_mutex_lock(&d->lock);
	ALLOC_GROW(d->paths, d->nr_paths + 1, d->alloc_paths);
	d->paths[d->nr_paths++] = interned;
	if (plain)
		strset_add(&d->plain, interned);
	for (size_t i = 0; i < acc.nr; i++) {
		ALLOC_GROW(d->accessors, d->nr_accessors + 1, d->alloc_accessors);
		d->accessors[d->nr_accessors].a = acc.items[i];
		d->accessors[d->nr_accessors++].path = interned;
	}
	free(acc.items);
	for (size_t i = 0; i < nr; i++) {
		found[i].path = interned;
		ALLOC_GROW(d->items, d->nr + 1, d->alloc);
		d->items[d->nr++] = found[i];
	}
	pthread_mutex_unlock(&d->lock);
	free(found);
}

void once_discovery_add_include_dir(struct once_discovery *d,
				    const char *dir, int root)
{
	struct strlist *to = root ? &d->roots : &d->dirs;
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	for (size_t i = 0; i < to->nr; i++)
		if (strlen(to->items[i]) == n && !strncmp(to->items[i], dir, n))
			return;
	strlist_push_nodup(to, xstrndup(dir, n));
}

void once_discovery_include_stats(const struct once_discovery *d,
				  size_t *found, size_t *not_found)
{
	*found = d->includes_found;
	*not_found = d->includes_not_found;
}

/* Offer path, a try in the include folders, if it is a file there; 1
 * if it is. */
static int offer_if_there(struct once_discovery *d, const char *path)
{
	if (!readable(d, path, 1))
		return 0;
	once_discovery_add_file(d, path);
	return 1;
}

/*
 * #include <name>, or "name" not found next to its file: looked for as
 * the preprocessor would, under the include folders given -- each root
 * (-I, -isystem: root/name) and each folder a source was found in
 * (lib/compiler.h is in the folder of lib/types.h, wherever that was
 * found).  Every file found is offered: the lexical front end reads
 * every configuration.  Each name is looked for once per discovery.
 */
static void find_include(struct once_discovery *d, const char *name,
			 size_t n)
{
	char *nm = xstrndup(name, n), *path;
	const char *base = strrchr(nm, '/');
	size_t dirpart = base ? (size_t)(base - nm) : 0, dirs = d->dirs.nr;
	int first, found = 0;

	pthread_mutex_lock(&d->lock);
	first = strset_add(&d->looked_for, nm);
	pthread_mutex_unlock(&d->lock);
	if (!first) {
		free(nm);
		return;
	}
	base = base ? base + 1 : nm;
	/* the lists are complete before the first file is offered */
	for (size_t i = 0; i < d->roots.nr; i++) {
		path = xasprintf("%s/%s", d->roots.items[i], nm);
		found += offer_if_there(d, path);
		free(path);
	}
	/* a name that no folder of the sources holds is looked for in
	 * none of them: a name without a '/' was tried in each (Debian's
	 * vmlinux: 26,742 paths made and looked up for nothing) */
	if (d->dirs.nr) {
		pthread_mutex_lock(&d->lock);
		if (!d->dirs_listed) {
			dir_entries_list(&d->folders,
					 (const char *const *)d->dirs.items,
					 d->dirs.nr);
			d->dirs_listed = 1;
		}
		pthread_mutex_unlock(&d->lock);
	}
	if (d->dirs.nr && dir_entries_in_none(&d->folders, base)) {
		count(&d->stats.names_in_no_folder);
		dirs = 0;
	}
	for (size_t i = 0; i < dirs; i++) {
		const char *dir = d->dirs.items[i];
		size_t dl = strlen(dir);

		/* lib/compiler.h: in a folder that ends with /lib */
		if (dirpart && (dl <= dirpart || dir[dl - dirpart - 1] != '/' ||
				memcmp(dir + dl - dirpart, nm, dirpart)))
			continue;
		path = xasprintf("%s/%s", dir, base);
		found += offer_if_there(d, path);
		free(path);
	}
	pthread_mutex_lock(&d->lock);
	if (found)
		d->includes_found++;
	else
		d->includes_not_found++;
	pthread_mutex_unlock(&d->lock);
	free(nm);
}

/* The first `dirlen` bytes of path, '/', then the include name: offered
 * to the discovery if readable, the first time this path is tried. */
static void try_once(struct once_discovery *d, int dirlen, const char *path,
		     size_t n, const char *name)
{
	char *try = xasprintf("%.*s/%.*s", dirlen, path, (int)n, name);
	char *key = xasprintf("\n%s", try); /* never an include name */
	int first;

	pthread_mutex_lock(&d->lock);
	first = strset_add(&d->looked_for, key);
	pthread_mutex_unlock(&d->lock);
	if (first && readable(d, try, 1))
		once_discovery_add_file(d, try);
	free(key);
	free(try);
}

/*
 * #include <a/b/c.h> in a file of a folder that ends with /a (or /a/b):
 * the folder above that is where the preprocessor found the includer as
 * <a/...> -- an include root the build had, whether or not the line
 * tables or -p name it -- so a/b/c.h is looked for there too (liburcu's
 * include/urcu/urcu-bp.h: <urcu/map/urcu-bp.h>, a header of macros only,
 * in a folder no file with code is in).  Each path tried once.
 */
static void find_under_includer_root(struct once_discovery *d,
				     const char *path, const char *name,
				     size_t n)
{
	const char *slash = strrchr(path, '/');
	size_t dl = slash ? (size_t)(slash - path) : 0;

	for (size_t k = 0; k < n; k++) {
		/* each prefix of whole folders of the name: a, a/b */
		if (name[k] != '/')
			continue;
		if (dl <= k || path[dl - k - 1] != '/' ||
		    memcmp(path + dl - k, name, k))
			continue;
		try_once(d, (int)(dl - k - 1), path, n, name);
	}
	/* ... or a folder above the includer's that ends with /a: the
	 * includer was found as <a/b/...> there (Debian's liburcu:
	 * urcu/uatomic/x86.h, the one file of the library a line table
	 * names, includes <urcu/system.h>, a header of macros only) */
	for (size_t k = 0, e = dl; k < n && name[k] != '/'; k++)
		if (k + 1 < n && name[k + 1] == '/')
			while (e > 0) {
				size_t st = e;

				while (st > 0 && path[st - 1] != '/')
					st--;
				if (!st)
					break;
				if (e == dl || e - st != k + 1 ||
				    memcmp(path + st, name, k + 1)) {
					e = st - 1;
					continue;
				}
				try_once(d, (int)(st - 1), path, n, name);
				e = st - 1;
			}
}

/*
 * The files buf includes: #include "name" next to path (as the
 * preprocessor looks first), then -- and for #include <name> -- in the
 * include folders (find_include): a project's once.h or its
 * <lib/compiler.h> is part of the tree even when only a.c was named.
 */
static void local_include(struct once_discovery *d, const char *path,
			  int dirlen, const char *buf, const char *end,
			  const char *p)
{
	const char *q = p, *name, *close;
	char *hpath;

	/* "#" and blanks before, on the same line */
	while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	if (q == buf || q[-1] != '#')
		return;
	q = p + 7;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	if (q == end || (*q != '"' && *q != '<'))
		return;
	name = q + 1;
	close = memchr(name, *q == '"' ? '"' : '>', (size_t)(end - name));
	if (!close || close == name || *name == '/' ||
	    memchr(name, '\n', (size_t)(close - name)))
		return;
	if (*q == '"') {
		hpath = xasprintf("%.*s%.*s", dirlen, path,
				  (int)(close - name), name);
		if (d->defer_local && !d->roots.nr && !d->dirs.nr) {
			/* nothing else is tried for it: its turn after the
			 * walk (once_discovery_walked()) */
			pthread_mutex_lock(&d->lock);
			if (strset_has(&d->offered, hpath))
				free(hpath); /* offered again: nothing done */
			else
				strlist_push_nodup(&d->pending_local, hpath);
			pthread_mutex_unlock(&d->lock);
			return;
		}
		if (readable(d, hpath, 0)) {
			once_discovery_add_file(d, hpath);
			free(hpath);
			return;
		}
		free(hpath);
	}
	if (!d->roots.nr && !d->dirs.nr)
		return; /* audit, fix: the files given only */
	find_include(d, name, (size_t)(close - name));
	find_under_includer_root(d, path, name, (size_t)(close - name));
}

/* Each "include" of buf (at[0..n), when the caller found them, else
 * searched for here), as local_include() reads it. */
static void add_local_includes(struct once_discovery *d, const char *path,
			       const char *buf, size_t len, const size_t *at,
			       size_t n)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path) + 1 : 0;
	const char *end = buf + len;

	if (at) {
		for (size_t k = 0; k < n; k++)
			local_include(d, path, dirlen, buf, end, buf + at[k]);
		return;
	}
	for (const char *p = buf;
	     p < end && (p = mem_find(p, (size_t)(end - p), "include", 7));
	     p += 7)
		local_include(d, path, dirlen, buf, end, p);
}

void once_discovery_header_macros(const struct once_discovery *d,
				  struct header_macros *out)
{
	struct member_macros calls = MEMBER_MACROS_INIT;

	for (size_t i = 0; i < d->nr; i++)
		header_macros_add(out, d->items[i].name, d->items[i].text,
				  d->items[i].len, d->items[i].alias_of);
	for (size_t i = 0; i < d->members.nr; i++)
		member_macros_add(&out->members, d->members.items[i].name,
				  strlen(d->members.items[i].name),
				  d->members.items[i].path,
				  strlen(d->members.items[i].path));
	member_macros_finish(&out->members);
	/* an object-like call: read as its body, the way an alias is;
	 * one item for the headers that give a name the same body */
	for (size_t i = 0; i < d->calls.nr; i++)
		member_macros_add(&calls, d->calls.items[i].name,
				  strlen(d->calls.items[i].name),
				  d->calls.items[i].path,
				  strlen(d->calls.items[i].path));
	member_macros_finish(&calls);
	for (size_t i = 0; i < calls.nr; i++)
		header_macros_add(out, calls.items[i].name, NULL, 0,
				  calls.items[i].path);
	member_macros_release(&calls);
	header_macros_finish(out);
}

void once_discovery_built(struct once_discovery *d, const char *path)
{
	strlist_push(&d->built_given, path);
}

/* Did the build read the accessor definition's file?  (Real paths
 * through the folders' memo, real_path(): realpath() of each of the
 * 4266 sources a vmlinux names was 0.5% of its scan.) */
static int built_def(struct once_discovery *d, const char *path)
{
	char *real;
	int yes;

	if (!d->built_settled) {
		d->built_settled = 1;
		for (size_t i = 0; i < d->built_given.nr; i++) {
			real = real_path(d, d->built_given.items[i], 0);
			if (real)
				strset_add(&d->built, real);
			free(real);
		}
	}
	if (!d->built.nr)
		return 0;
	real = real_path(d, path, 0);
	yes = real && strset_has(&d->built, real);
	free(real);
	return yes;
}

void once_discovery_skip(struct once_discovery *d, const char *path)
{
	(void)first_offer(d, path, 0);
}

void once_discovery_add_buffer(struct once_discovery *d, const char *path,
			       const char *buf, size_t len)
{
	once_discovery_add_walked(d, path, buf, len, 0, NULL, 0);
}

/* The text of path (offered first now) was read. */
static void note_taken(struct once_discovery *d, const char *path)
{
	pthread_mutex_lock(&d->lock);
	strset_add(&d->taken, path);
	pthread_mutex_unlock(&d->lock);
}

int once_discovery_has_text(struct once_discovery *d, const char *path)
{
	int r;

	pthread_mutex_lock(&d->lock);
	r = strset_has(&d->taken, path);
	pthread_mutex_unlock(&d->lock);
	return r;
}

void once_discovery_add_walked(struct once_discovery *d, const char *path,
			       const char *buf, size_t len, int plain,
			       const size_t *includes, size_t nr_includes)
{
	if (!first_offer(d, path, plain))
		return;
	note_taken(d, path);
	add_text(d, path, plain, buf, len, NULL);
	add_local_includes(d, path, buf, len, includes, nr_includes);
}

void once_discovery_add_scanned(struct once_discovery *d, const char *path,
				const char *buf, size_t len, int plain,
				const struct prepass_words *w)
{
	if (!first_offer(d, path, plain))
		return;
	add_text(d, path, plain, buf, len, w);
	add_local_includes(d, path, buf, len, w->includes, w->nr_includes);
}

void once_discovery_defer_local(struct once_discovery *d)
{
	d->defer_local = 1;
}

/*
 * The headers the walk's files include as "name", in the order met: each
 * one the walk did not offer itself (a file outside the paths walked, or
 * excluded, or another spelling of a walked one) is offered now as
 * local_include() would have offered it then -- if readable, read from
 * disk, its own "name" headers at once.  One the walk offered is skipped
 * before access(): offering it again would do nothing.  The discovery
 * orders what it keeps by place and spelling (spelling_settle(), by_place),
 * so the same files offered later give the same answers (-j 2 offers them
 * in any order already).
 */
void once_discovery_walked(struct once_discovery *d)
{
	struct strlist pending = d->pending_local;

	d->defer_local = 0;
	memset(&d->pending_local, 0, sizeof(d->pending_local));
	for (size_t i = 0; i < pending.nr; i++) {
		const char *hpath = pending.items[i];
		int offered;

		pthread_mutex_lock(&d->lock);
		offered = strset_has(&d->offered, hpath);
		pthread_mutex_unlock(&d->lock);
		if (!offered && readable(d, hpath, 0))
			once_discovery_add_file(d, hpath);
	}
	strlist_clear(&pending);
}

int once_discovery_add_file(struct once_discovery *d, const char *path)
{
	size_t len;
	char *buf;

	if (!first_offer(d, path, 0))
		return 0;
	buf = read_file(path, &len);
	if (!buf)
		return -1;
	note_taken(d, path);
	if (!memchr(buf, '\0', len < 8000 ? len : 8000)) { /* not binary */
		add_text(d, path, 0, buf, len, NULL);
		add_local_includes(d, path, buf, len, NULL, 0);
	}
	free(buf);
	return 0;
}

/* ---- deciding ---- */

static int by_place(const void *a_, const void *b_)
{
	const struct candidate *a = a_, *b = b_;
	/* a file's candidates share its interned name: most comparisons
	 * of the sort are between them */
	int c = a->path == b->path ? 0 : strcmp(a->path, b->path);

	if (c)
		return c;
	return a->line < b->line ? -1 : a->line > b->line;
}

/* An alias (#define AO_cptr_load AO_load) of a name of the table: a
 * once-macro the same way, through that name (via). */
static void analyse(struct once_discovery *d, struct candidate *c,
		    const struct once_macros *t, int depth);

/*
 * The one definition of c's target in c's own file, or NULL (none, or
 * several: the sides of an #if, of which the alias may mean either).  The
 * candidates are in place order, so a file's are next to each other.
 * "#define atomic64_read atomic_read" in arm64's atomic.h means arm64's
 * atomic_read, defined there, not what every architecture's atomic_read
 * merges into.
 */
static struct candidate *target_here(struct once_discovery *d,
				     const struct candidate *c)
{
	size_t at = (size_t)(c - d->items), lo = at, hi = at + 1;
	struct candidate *found = NULL;

	while (lo > 0 && d->items[lo - 1].path == c->path)
		lo--;
	while (hi < d->nr && d->items[hi].path == c->path)
		hi++;
	for (size_t i = lo; i < hi; i++) {
		if (i == at || strcmp(d->items[i].name, c->alias_of))
			continue;
		if (found)
			return NULL;
		found = &d->items[i];
	}
	return found;
}

/* c, an alias, takes the analysis of k, its target's definition in its
 * own file. */
static void alias_of_here(struct candidate *c, const struct candidate *k)
{
	if (!k->is_access)
		return; /* no once-access here: neither is the alias */
	c->is_access = 1;
	c->kind = k->kind;
	c->volatile_cast = k->volatile_cast;
	c->pointer_object = k->pointer_object;
	c->value_deref = k->value_deref;
	c->object_arg = k->object_arg;
	c->value_arg = k->value_arg;
	c->deref_arg = k->deref_arg;
	c->cast_type = k->cast_type ? xstrdup(k->cast_type) : NULL;
	c->what = xasprintf("another name for %s", k->name);
	c->via = xstrdup(k->name);
	if (k->object_arg < 0 && k->object) {
		c->object = xstrdup(k->object);
		c->nparams = k->nparams;
		c->params = xcalloc(k->nparams ? k->nparams : 1,
				    sizeof(char *));
		for (size_t j = 0; j < k->nparams; j++)
			c->params[j] = xstrdup(k->params[j]);
	}
}

static void analyse_text(struct candidate *c, const char *text, size_t len,
			 const struct once_macros *t);

/*
 * c, an alias of an atomic load or store of one object whose order is
 * its caller's (#define atomic_store_explicit __atomic_store_n, as
 * rmind's ringbuf, thmap and libqsbr write it where <stdatomic.h> is
 * not included): read as the function-like macro that passes its
 * arguments on, so a use is a once-access where its order is of one
 * access.  A name of a table entry, or defined in c's own file, is
 * taken by analyse_alias() before this.
 */
static void alias_of_atomic(struct candidate *c, const struct once_macros *t)
{
	static const struct {
		const char *name, *params;
	} atomics[] = {
		{ "__atomic_load_n", "ptr, order" },
		{ "atomic_load_explicit", "ptr, order" },
		{ "__c11_atomic_load", "ptr, order" },
		{ "__atomic_store_n", "ptr, val, order" },
		{ "atomic_store_explicit", "ptr, val, order" },
		{ "__c11_atomic_store", "ptr, val, order" },
	};
	char *text;

	/* clang's <stdatomic.h> spells its C11 names so: a C11 call is no
	 * once-macro of a tree that does not define the name itself */
	if (once_macro_compiler_header(c->path))
		return;
	for (size_t k = 0; k < ARRAY_SIZE(atomics); k++) {
		if (strcmp(c->alias_of, atomics[k].name))
			continue;
		text = xasprintf("#define %s(%s) %s(%s)", c->name,
				 atomics[k].params, atomics[k].name,
				 atomics[k].params);
		analyse_text(c, text, strlen(text), t);
		free(text);
		if (c->is_access && c->order_arg >= 0 && c->deref_arg == 0) {
			free(c->what);
			c->what = xasprintf("another name for %s, its order "
					    "the caller's, of what its first "
					    "argument points to",
					    atomics[k].name);
		} else {
			candidate_forget(c);
		}
		return;
	}
}

static void analyse_alias(struct once_discovery *d, struct candidate *c,
			  const struct once_macros *t, int depth)
{
	const struct once_macro *m;
	struct candidate *k;

	if (!strcmp(c->alias_of, c->name))
		return; /* "#define atomic_andnot atomic_andnot": a function */
	k = target_here(d, c);
	if (k && depth < 8) {
		/* one defined after c has not been analysed in this round */
		if (k > c)
			analyse(d, k, t, depth + 1);
		alias_of_here(c, k);
		return;
	}
	m = once_macros_find(t, c->alias_of, strlen(c->alias_of));
	if (!m) {
		alias_of_atomic(c, t);
		return;
	}
	if (!strcmp(m->name, c->name))
		return;
	c->is_access = 1;
	c->kind = m->kind;
	c->volatile_cast = (m->flags & OMF_VOLATILE_CAST) != 0;
	c->pointer_object = (m->flags & OMF_POINTER_OBJECT) != 0;
	c->value_deref = (m->flags & OMF_VALUE_DEREF) != 0;
	c->object_arg = m->object_arg;
	c->value_arg = m->value_arg;
	c->deref_arg = m->deref_arg;
	c->order_arg = m->order_arg;
	c->cast_type = m->cast_type ? xstrdup(m->cast_type) : NULL;
	c->what = xasprintf("another name for %s", m->name);
	c->via = xstrdup(m->name);
	if (m->object_arg < 0 && m->object) {
		c->object = xstrdup(m->object);
		c->nparams = m->nparams;
		c->params = xcalloc(m->nparams ? m->nparams : 1,
				    sizeof(char *));
		for (size_t k = 0; k < m->nparams; k++)
			c->params[k] = xstrdup(m->params[k]);
	}
}

/* Analyse text, a #define, into c's analysis fields (c forgotten). */
static void analyse_text(struct candidate *c, const char *text, size_t len,
			 const struct once_macros *t)
{
	struct token_list l = TOKEN_LIST_INIT;
	struct define_span ds;
	struct once_body b;

	lex_buffer(text, len, &l);
	for (size_t i = 0; i + 1 < l.nr; i++) {
		if (!(l.tok[i].flags & TF_DEFINE_BODY))
			continue;
		if (!define_span_at(text, &l, i, &ds) && ds.function_like &&
		    once_body_analyse(text, &l, &ds, t, &b)) {
			if (b.is_access &&
			    !macro_body_defines_function(text, &l, ds.body)) {
				c->is_access = 1;
				c->kind = b.access_kind;
				c->volatile_cast = b.volatile_cast;
				c->pointer_object = b.pointer_object;
				c->value_deref = b.value_deref;
				c->object_arg = b.object_param;
				c->value_arg = b.value_param;
				c->deref_arg = b.deref_param;
				c->order_arg = b.order_param;
				c->cast_type = b.cast_type;
				b.cast_type = NULL;
				c->what = b.access_what;
				b.access_what = NULL;
				c->via = b.access_via;
				b.access_via = NULL;
				if (b.object_param < 0) {
					c->object = b.object;
					b.object = NULL;
					c->params = b.params;
					c->nparams = b.nparams;
					b.params = NULL;
					b.nparams = 0;
				}
			}
			once_body_release(&b);
		}
		break;
	}
	token_list_release(&l);
}

/*
 * The parameter whose pointee an analysed variant accesses: its
 * deref_arg, or P of an object "(P)->member" (&(p)->value put in for
 * the pointer: the pointee's only member, at its address); -1.
 */
static int pointee_param(const struct candidate *v)
{
	const char *p = v->object, *q;

	if (v->deref_arg >= 0)
		return v->deref_arg;
	if (!p)
		return -1;
	while (*p == '(' || *p == ' ')
		p++;
	for (q = p; ident_char(*q); q++)
		;
	for (size_t k = 0; k < v->nparams; k++) {
		const char *r = q;

		if (strlen(v->params[k]) != (size_t)(q - p) ||
		    strncmp(v->params[k], p, (size_t)(q - p)))
			continue;
		while (*r == ')' || *r == ' ')
			r++;
		if (r[0] != '-' || r[1] != '>')
			return -1;
		for (r += 2; *r == ' '; r++)
			;
		if (!ident_start(*r))
			return -1;
		while (ident_char(*r))
			r++;
		return *r ? -1 : (int)k;
	}
	return -1;
}

/*
 * c's text is no once-access; its variants (the helpers it calls put
 * in, one per choice of their definitions) may be.  Taken only when
 * every variant is, of the same kind, of what the same parameter
 * points to: which definition a unit sees is not known here.  The
 * variant that reads *(p) itself is kept (typed by p's pointee).
 */
static void analyse_variants(struct candidate *c, const struct once_macros *t)
{
	struct candidate *v = xcalloc(c->nvariants, sizeof(*v));
	size_t keep = 0;
	int ok = 1, param = -1;

	for (size_t k = 0; k < c->nvariants; k++) {
		int pp;

		v[k].deref_arg = v[k].order_arg = -1;
		if (!ok)
			continue;
		analyse_text(&v[k], c->variants[k], strlen(c->variants[k]), t);
		pp = v[k].is_access ? pointee_param(&v[k]) : -1;
		if (pp < 0 || (k && (pp != param || v[k].kind != v[0].kind))) {
			ok = 0;
			continue;
		}
		param = pp;
		if (v[k].deref_arg >= 0 && v[keep].deref_arg < 0)
			keep = k;
	}
	if (ok && v[keep].deref_arg >= 0) {
		c->is_access = 1;
		c->kind = v[keep].kind;
		c->volatile_cast = v[keep].volatile_cast;
		c->pointer_object = v[keep].pointer_object;
		c->value_deref = v[keep].value_deref;
		c->object_arg = v[keep].object_arg;
		c->value_arg = v[keep].value_arg;
		c->deref_arg = v[keep].deref_arg;
		c->order_arg = v[keep].order_arg;
		c->cast_type = v[keep].cast_type;
		v[keep].cast_type = NULL;
		c->object = v[keep].object;
		v[keep].object = NULL;
		c->params = v[keep].params;
		c->nparams = v[keep].nparams;
		v[keep].params = NULL;
		v[keep].nparams = 0;
		c->via = v[keep].via;
		v[keep].via = NULL;
		c->what = xasprintf("%s, with %s put in (%zu definition%s, each "
				    "the same access)", v[keep].what, c->helpers,
				    c->nvariants, c->nvariants == 1 ? "" : "s");
	}
	for (size_t k = 0; k < c->nvariants; k++)
		candidate_forget(&v[k]);
	free(v);
}

/* Analyse c's body with the table as it is now (depth: aliases in one
 * file followed so far). */
/*
 * May analyse_text() find text to be a once-access with the table as it
 * is?  Its body makes one only through a once-macro of t, a volatile
 * cast or an __atomic_load/__atomic_store (atomic_load_explicit ...)
 * (once_body_analyse()), so a text that names no entry of t as a word
 * (once_macros_any(), on the bytes as they are: the lexer's identifiers
 * are looked up so) and holds neither "volatile" nor those words cannot
 * be: it is not lexed (149,230 candidates of Linux 4.14.5 in the first
 * round, 128 of them accesses; issue #35).  "Maybe" for what the byte
 * scan does not cut as the lexer does: a '$' or a byte from 0x80 on (in
 * an identifier), a backslash next to an identifier byte (a splice or
 * \u inside one: "vola\<newline>tile").
 */
static int may_be_access(const char *text, size_t len,
			 const struct once_macros *t)
{
	if (mem_find(text, len, "volatile", 8) ||
	    mem_find(text, len, "atomic_load", 11) ||
	    mem_find(text, len, "atomic_store", 12))
		return 1;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		size_t j = i + 1;

		if (c == '$' || c >= 0x80)
			return 1;
		if (c != '\\')
			continue;
		if (i && ident_char(text[i - 1]))
			return 1;
		while (j < len && (text[j] == ' ' || text[j] == '\t' ||
				   text[j] == '\r' || text[j] == '\n'))
			j++;
		if (j < len && ident_char(text[j]))
			return 1;
	}
	return once_macros_any(t, text, len);
}

static void analyse(struct once_discovery *d, struct candidate *c,
		    const struct once_macros *t, int depth)
{
	candidate_forget(c);
	if (c->alias_of) {
		analyse_alias(d, c, t, depth);
		return;
	}
	/* the variants are texts of their own */
	if (!c->nvariants && !may_be_access(c->text, c->len, t)) {
		count(&d->stats.texts_not_lexed);
		return;
	}
	count(&d->stats.texts_lexed);
	analyse_text(c, c->text, c->len, t);
	if (!c->is_access && c->nvariants)
		analyse_variants(c, t);
}

static int defines_function(struct once_discovery *d, const char *name);

/*
 * Fold the analysis of c into the table.  Returns 1 when the table
 * changed (a name added, a kind widened, the volatile-cast flag set).
 */
static char *order_names(const struct once_discovery *d, const char *map);

static int fold(struct once_macros *t, const struct candidate *c,
		struct once_discovery *d)
{
	struct once_macro *m = (struct once_macro *)
		once_macros_find(t, c->name, strlen(c->name));
	int changed = 0;

	if (!m) {
		m = once_macros_add(t, c->name, strlen(c->name), c->kind);
		m->flags |= OMF_DISCOVERED;
		if (c->pointer_object)
			m->flags |= OMF_POINTER_OBJECT;
		if (c->value_deref)
			m->flags |= OMF_VALUE_DEREF;
		m->object_arg = c->object_arg;
		m->value_arg = c->kind == OMK_WRITE ? c->value_arg : -1;
		m->deref_arg = c->deref_arg;
		m->cast_type = c->cast_type ? xstrdup(c->cast_type) : NULL;
		if (c->object_arg < 0 && c->object)
			once_macro_set_object(m, c->object, c->params,
					      c->nparams);
		/* its atomic's order the caller's: a use is a site when
		 * it names an order of one access, by the compilers'
		 * names (memory_order_relaxed) */
		if (c->order_arg >= 0) {
			m->order_arg = c->order_arg;
			m->orders = order_names(d, NULL);
		}
		changed = 1;
	} else if (!(m->flags & OMF_DISCOVERED) && m->deref_arg < 0 &&
		   c->deref_arg >= 0 &&
		   (m->object_arg == c->deref_arg ||
		    (m->object_arg == 0 && m->kind == c->kind &&
		     !(m->flags & OMF_BUILTIN))) &&
		   !defines_function(d, c->name)) {
		/* a name given (--macro LOAD=read-once) whose definition
		 * takes a pointer: its object is what the argument points
		 * to, not the pointer -- and the argument is the
		 * definition's, not the first one --macro assumes
		 * (mimalloc's mi_atomic_load_ptr_relaxed(tp, p) takes the
		 * type first, mi_atomic_store_ptr_release(tp, p, x) the
		 * value third) */
		m->object_arg = c->deref_arg;
		if (m->kind == OMK_WRITE && c->value_arg >= 0)
			m->value_arg = c->value_arg;
		m->deref_arg = c->deref_arg;
		m->cast_type = c->cast_type ? xstrdup(c->cast_type) : NULL;
		changed = 1;
	} else if ((m->flags & (OMF_BUILTIN | OMF_RWONCE)) == OMF_BUILTIN &&
		   !m->def_path && m->deref_arg < 0 && c->deref_arg < 0 &&
		   c->object_arg >= 0 && c->object_arg != m->object_arg) {
		/* the tree spells a built-in name its own way, its object
		 * another argument: libuv's ACCESS_ONCE(type, var) is
		 * *(volatile type *)&(var), and the built-in's first
		 * argument, the type, is no object.  The first definition
		 * read decides (def_path): two that disagree would move
		 * the object back and forth, and the folding never end */
		m->object_arg = c->object_arg;
		m->value_arg = m->kind == OMK_WRITE ? c->value_arg : -1;
		changed = 1;
	} else if ((m->flags & OMF_DISCOVERED) && m->deref_arg < 0 &&
		   c->deref_arg >= 0 && m->object_arg == c->deref_arg) {
		/* the name it forwards to turned out to take a pointer (a
		 * --macro name whose definition was read after this one's):
		 * so does this macro */
		m->object_arg = -1;
		m->value_arg = c->kind == OMK_WRITE ? c->value_arg : -1;
		m->deref_arg = c->deref_arg;
		m->flags &= ~(unsigned)OMF_POINTER_OBJECT;
		free(m->cast_type);
		m->cast_type = c->cast_type ? xstrdup(c->cast_type) : NULL;
		if (c->object)
			once_macro_set_object(m, c->object, c->params,
					      c->nparams);
		free(m->def_what);
		m->def_what = xstrdup(c->what);
		changed = 1;
	} else if (!(m->flags & OMF_BUILTIN) && c->alias_of && c->via &&
		   !m->via && m->kind == c->kind &&
		   m->deref_arg == c->deref_arg &&
		   m->object_arg == c->object_arg) {
		/* another name for an accessor on one side of an #if, a
		 * macro of the same object on the other (libatomic_ops'
		 * AO_cptr_load: AO_load, or __atomic_load_n(p, ...)), found
		 * or given: a use that reaches the accessor's inlined copy
		 * is judged on it */
		m->via = xstrdup(c->via);
		changed = 1;
	} else if ((m->flags & OMF_POINTER_OBJECT) && !c->pointer_object) {
		/* one definition that may take an aggregate: typed after all */
		m->flags &= ~(unsigned)OMF_POINTER_OBJECT;
		changed = 1;
	} else if ((m->flags & OMF_DISCOVERED) && m->kind != c->kind &&
		   m->kind != OMK_ACCESS) {
		/* definitions that disagree: the use decides */
		m->kind = OMK_ACCESS;
		m->value_arg = -1;
		changed = 1;
	}
	if (c->volatile_cast && !(m->flags & OMF_VOLATILE_CAST)) {
		m->flags |= OMF_VOLATILE_CAST;
		changed = 1;
	}
	if (changed && !m->def_path) {
		m->def_path = xstrdup(c->path);
		m->def_line = c->line;
		m->def_what = xstrdup(c->what);
		free(m->via);
		m->via = c->via ? xstrdup(c->via) : NULL;
	}
	return changed;
}

static int by_accessor_place(const void *a_, const void *b_)
{
	const struct accessor_def *a = a_, *b = b_;
	int c = strcmp(a->path, b->path);

	if (c)
		return c;
	return a->a.line < b->a.line ? -1 : a->a.line > b->a.line;
}

/* m is defined by def: where, and as what. */
static void cite_accessor(struct once_macro *m, const struct accessor_def *def)
{
	free(m->def_path);
	free(m->def_what);
	m->def_path = xstrdup(def->path);
	m->def_line = def->a.line;
	m->def_what = xstrdup(def->a.what);
}

/* A name and the order it means, for order_names(). */
struct order_name {
	char *name;
	enum mem_order order; /* MO_NONE: two meanings, none taken */
};

/* Add name (n bytes) meaning o to the list; a second, other meaning
 * makes it mean none. */
static void order_name_add(struct order_name **list, size_t *nr,
			   size_t *alloc, const char *name, size_t n,
			   enum mem_order o)
{
	for (size_t k = 0; k < *nr; k++)
		if (strlen((*list)[k].name) == n &&
		    !memcmp((*list)[k].name, name, n)) {
			if ((*list)[k].order != o)
				(*list)[k].order = MO_NONE;
			return;
		}
	ALLOC_GROW(*list, *nr + 1, *alloc);
	(*list)[*nr].name = xstrndup(name, n);
	(*list)[(*nr)++].order = o;
}

/* What name means in the list, MO_NONE when nothing; with no map the
 * compilers' own names (__ATOMIC_RELAXED, memory_order_relaxed). */
static enum mem_order order_name_find(const struct order_name *list,
				      size_t nr, const char *name, int map)
{
	for (size_t k = 0; k < nr; k++)
		if (!strcmp(list[k].name, name))
			return list[k].order;
	return map ? MO_NONE : mem_order_named(name, strlen(name));
}

/*
 * The names a call may give an accessor's order and what each means
 * ("NAME ORDER\n" lines, once_macro.orders): the cases of its mapping
 * function map (jemalloc's atomic_enum_to_builtin: atomic_memory_order_
 * relaxed means relaxed), or with none the compilers' names; and the
 * object-like #defines that give one of those names another (#define
 * ATOMIC_RELAXED atomic_memory_order_relaxed), when every #define of
 * that name means the same order, whatever name it gives -- two steps
 * of them.  NULL when none.
 */
static char *order_names(const struct once_discovery *d, const char *map)
{
	struct order_name *list = NULL;
	size_t nr = 0, alloc = 0, from = 0;
	struct strbuf out = STRBUF_INIT;
	const char *p = d->order_maps.buf, *e = p + d->order_maps.len;

	/* no map: the compilers' names, __ATOMIC_RELAXED and
	 * memory_order_relaxed */
	for (int k = MO_RELAXED; !map && k <= MO_SEQ_CST; k++) {
		const char *n = mem_order_name((enum mem_order)k);
		char *up = xasprintf("__ATOMIC_%s", n), *c11;

		for (char *q = up + 9; *q; q++)
			*q = (char)(*q >= 'a' && *q <= 'z' ? *q - 32 : *q);
		c11 = xasprintf("memory_order_%s", n);
		order_name_add(&list, &nr, &alloc, up, strlen(up),
			       (enum mem_order)k);
		order_name_add(&list, &nr, &alloc, c11, strlen(c11),
			       (enum mem_order)k);
		free(up);
		free(c11);
	}
	while (map && p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		const char *w1 = memchr(p, ' ', (size_t)(nl - p));
		const char *w2 = w1 ? memchr(w1 + 1, ' ', (size_t)(nl - w1 - 1)) :
				 NULL;

		if (w2 && (size_t)(w1 - p) == strlen(map) &&
		    !memcmp(p, map, strlen(map))) {
			enum mem_order o = MO_NONE;

			for (int k = MO_RELAXED; k <= MO_SEQ_CST; k++)
				if (strlen(mem_order_name((enum mem_order)k)) ==
				    (size_t)(nl - w2 - 1) &&
				    !memcmp(w2 + 1, mem_order_name((enum mem_order)k),
					    (size_t)(nl - w2 - 1)))
					o = (enum mem_order)k;
			order_name_add(&list, &nr, &alloc, w1 + 1,
				       (size_t)(w2 - w1 - 1), o);
		}
		p = nl + 1;
	}
	for (int step = 0; step < 2; step++) {
		size_t before = nr;

		for (size_t i = 0; i < d->nr; i++) {
			const struct candidate *c = &d->items[i];
			enum mem_order o;
			int agree = 1;

			if (!c->alias_of ||
			    order_name_find(list, nr, c->name, 1) != MO_NONE ||
			    (o = order_name_find(list, nr, c->alias_of,
						 map != NULL)) == MO_NONE)
				continue;
			/* every #define of the name means the same order,
			 * however spelt: DPDK's rte_memory_order_relaxed is
			 * memory_order_relaxed where <stdatomic.h> is used,
			 * __ATOMIC_RELAXED where the builtins are */
			for (size_t j = 0; j < d->nr && agree; j++)
				if (!strcmp(d->items[j].name, c->name))
					agree = d->items[j].alias_of &&
						order_name_find(list, nr,
							d->items[j].alias_of,
							map != NULL) == o;
			if (agree)
				order_name_add(&list, &nr, &alloc, c->name,
					       strlen(c->name), o);
		}
		if (nr == before)
			break;
	}
	for (size_t k = from; k < nr; k++) {
		if (list[k].order != MO_NONE)
			strbuf_addf(&out, "%s %s\n", list[k].name,
				    mem_order_name(list[k].order));
		free(list[k].name);
	}
	free(list);
	return out.len ? strbuf_detach(&out) : (strbuf_release(&out), NULL);
}

/* The accessors into the table, before the macros (a macro may call
 * one): a name the table has already as a macro is left as it is,
 * except that a --macro name gets the accessor's object. */
static void fold_accessors(struct once_discovery *d, struct once_macros *t)
{
	if (d->nr_accessors > 1)
		sane_qsort(d->accessors, d->nr_accessors, sizeof(*d->accessors),
		      by_accessor_place);
	for (size_t i = 0; i < d->nr_accessors; i++) {
		const struct once_accessor *a = &d->accessors[i].a;
		struct once_macro *m = (struct once_macro *)
			once_macros_find(t, a->name, strlen(a->name));

		if (m && ((m->flags & (OMF_DISCOVERED | OMF_BUILTIN)) ||
			  m->deref_arg >= 0))
			continue; /* a macro of that name, or found already */
		if (!m) {
			m = once_macros_add(t, a->name, strlen(a->name),
					    a->kind);
			m->flags |= OMF_DISCOVERED;
			m->object_arg = -1;
			m->value_arg = -1;
			once_macro_set_object(m, "*(p)", (char *[]){ "p" },
					      1);
		}
		/* an order the caller gives: each call a site or not
		 * by its order (a --macro name is the user's: all) */
		if (a->order_param >= 0 && (m->flags & OMF_DISCOVERED)) {
			m->order_arg = a->order_param;
			free(m->orders);
			m->orders = order_names(d, a->order_map);
		}
		m->flags |= OMF_ACCESSOR;
		if (a->kind == OMK_ACCESS)
			m->flags |= OMF_READ_WRITE;
		free(m->member);
		m->member = a->member ? xstrdup(a->member) : NULL;
		m->deref_arg = a->param;
		free(m->cast_type);
		/* of a member (&a->repr), the pointee's type is not the
		 * object's */
		m->cast_type = a->pointee && !a->member ?
			xstrdup(a->pointee) : NULL;
		free(m->body_cast);
		m->body_cast = a->cast && !a->member ? xstrdup(a->cast) : NULL;
		cite_accessor(m, &d->accessors[i]);
	}
	/* one name defined in several files (ck's gcc/x86_64/ck_pr.h and
	 * gcc/aarch64/ck_pr.h, on either side of an #if): the definition
	 * cited is one in a file the build read, when there is one -- not
	 * the first by path, a header of another architecture */
	for (size_t i = 0; i < d->nr_accessors; i++) {
		const struct once_accessor *a = &d->accessors[i].a;
		struct once_macro *m = (struct once_macro *)
			once_macros_find(t, a->name, strlen(a->name));

		if (m && (m->flags & OMF_ACCESSOR) && m->def_path &&
		    strcmp(m->def_path, d->accessors[i].path) &&
		    !built_def(d, m->def_path) &&
		    built_def(d, d->accessors[i].path))
			cite_accessor(m, &d->accessors[i]);
	}
}

/* Does c's text name one of the set's names?  One pass over its
 * identifiers (a tree has thousands of pasting macros: a search for
 * each name in each definition was a third of a kernel object's scan). */
static int mentions_one_of(const struct candidate *c, const struct strset *set)
{
	char word[128];

	for (const char *p = c->text, *e = c->text + c->len; p < e;) {
		const char *q = p;

		if (!ident_start(*p) || (p > c->text && ident_char(p[-1]))) {
			p++;
			continue;
		}
		while (q < e && ident_char(*q))
			q++;
		if ((size_t)(q - p) < sizeof(word)) {
			memcpy(word, p, (size_t)(q - p));
			word[q - p] = '\0';
			if (strset_has(set, word))
				return 1;
		}
		p = q;
	}
	return 0;
}

/* c's text read as a function-like #define (macro-expand.h); 0 or -1. */
static int candidate_def(const struct candidate *c, struct macro_def *def)
{
	struct token_list l = TOKEN_LIST_INIT;
	size_t hash = 0;
	int ret;

	lex_buffer(c->text, c->len, &l);
	while (hash + 1 < l.nr && l.tok[hash].kind != TOK_HASH)
		hash++;
	ret = macro_def_read(c->text, &l, hash, def);
	token_list_release(&l);
	return ret;
}

/*
 * def again, its body expanded with the macros of set, into out (reset
 * first): "#define NAME(a, b) expanded body".  0, or -1 when the body
 * does not expand (macro-expand.h).
 */
static int def_expanded(const struct macro_set *set,
			const struct macro_def *def, struct strbuf *out)
{
	strbuf_reset(out);
	strbuf_addf(out, "#define %s(", def->name);
	for (size_t k = 0; k < def->nparams; k++)
		strbuf_addf(out, "%s%s", k ? ", " : "",
			    strcmp(def->params[k], "__VA_ARGS__") ?
			    def->params[k] : "...");
	strbuf_addstr(out, ") ");
	return macro_expand_text(set, def->body, strlen(def->body), out);
}

/*
 * Macros that paste a parameter into the name they call
 * (#define CK_PR_LOAD_SAFE(SRC, TYPE) ck_pr_md_load_##TYPE((SRC))) are
 * put into the definitions that use them with a literal argument
 * (#define ck_pr_load_uint(SRC) CK_PR_LOAD_SAFE((SRC), uint)), so that
 * these are read as calling the name made (ck_pr_md_load_uint((SRC))).
 * A name defined twice in two ways is not put in (which one a file
 * sees is not known); nor is a macro that defines a function (a
 * generator: once-accessor.h expands those where they are invoked).
 */
static void expand_pastes(struct once_discovery *d)
{
	struct macro_set pastes = MACRO_SET_INIT;
	struct strbuf out = STRBUF_INIT;
	struct strset twice = STRSET_INIT;
	struct strbuf list = STRBUF_INIT;
	struct once_macros names;

	for (size_t i = 0; i < d->nr; i++) {
		struct candidate *c = &d->items[i];
		struct macro_def def;
		const struct macro_def *old;

		if (c->alias_of || !mem_find(c->text, c->len, "##", 2) ||
		    memchr(c->text, '{', c->len) || candidate_def(c, &def))
			continue;
		old = macro_set_find(&pastes, def.name, strlen(def.name));
		if (old && strcmp(old->body, def.body))
			strset_add(&twice, def.name);
		macro_set_define(&pastes, &def);
	}
	for (size_t i = 0; i < pastes.nr;) {
		if (strset_has(&twice, pastes.items[i].name)) {
			macro_set_undef(&pastes, pastes.items[i].name,
					strlen(pastes.items[i].name));
			continue;
		}
		/* mentions_one_of() read no word of 128 bytes or more */
		if (strlen(pastes.items[i].name) < 128)
			strbuf_add(&list, pastes.items[i].name,
				   strlen(pastes.items[i].name) + 1);
		i++;
	}
	/* the words of each text looked up 64 bytes at a time, where
	 * mentions_one_of() cut them a byte at a time (1.3 % of fix on
	 * Linux 4.14.5): the same words, runs of identifier bytes that
	 * start with no digit */
	once_macros_names(&names, list.buf, list.len);
	for (size_t i = 0; pastes.nr && i < d->nr; i++) {
		struct candidate *c = &d->items[i];
		struct macro_def def;

		if (c->alias_of || !once_macros_any(&names, c->text, c->len) ||
		    candidate_def(c, &def))
			continue;
		if (!macro_set_find(&pastes, def.name, strlen(def.name))) {
			if (!def_expanded(&pastes, &def, &out)) {
				if (c->text_apart)
					free(c->text);
				c->len = out.len;
				c->text = strbuf_detach(&out);
				c->text_apart = 1;
			}
		}
		macro_def_release(&def);
	}
	once_macros_release(&names);
	strbuf_release(&list);
	strbuf_release(&out);
	strset_release(&twice);
	macro_set_release(&pastes);
}

/* At most this many variants of one body (choices of its helpers'
 * definitions); past it, none. */
#define MAX_VARIANTS 16

/* The bytes a helper's body may hold besides identifier bytes (and NUL,
 * which the strchr() this table replaced found too: 1.6 % of fix on
 * Linux 4.14.5 went to a call of it per byte of every candidate). */
static const unsigned char place_byte[256] = {
	['\0'] = 1, [' '] = 1, ['\t'] = 1, ['\\'] = 1, ['\n'] = 1, ['\r'] = 1,
	['('] = 1, [')'] = 1, ['&'] = 1, ['*'] = 1, ['-'] = 1, ['>'] = 1,
	['.'] = 1, ['='] = 1,
};

/*
 * Is c a helper: a macro whose body spells a place from its parameters
 * and nothing else -- (p), (&(p)->value), (*(p)), (*(p) = (v)), as
 * nsync's NSYNC_ATOMIC_UINT32_PTR_(p) and NSYNC_ATOMIC_UINT32_LOAD_(p)
 * are, differently per configuration?  A C++ definition (::) is none:
 * a C unit cannot see it; nor is a body with a comma, a call or a cast
 * -- which lets a scan of the body's bytes reject most #defines before
 * any lexing.
 */
static int is_helper(const struct candidate *c, struct macro_def *def)
{
	struct token_list l = TOKEN_LIST_INIT;
	const char *body = memchr(c->text, ')', c->len);
	int params = 0, ok;

	/* most #defines are more than a place: one pass over the bytes
	 * before any lexing */
	for (size_t k = body ? (size_t)(body - c->text) : c->len; k < c->len; k++)
		if (!ident_char(c->text[k]) &&
		    !place_byte[(unsigned char)c->text[k]])
			return 0;
	if (mem_find(c->text, c->len, "##", 2) || candidate_def(c, def))
		return 0;
	lex_buffer(def->body, strlen(def->body), &l);
	ok = l.nr > 1;
	for (size_t k = 0; ok && k + 1 < l.nr; k++) {
		const struct token *tk = &l.tok[k];
		int param = 0;

		if (tk->kind == TOK_IDENT) {
			for (size_t j = 0; j < def->nparams; j++)
				param |= token_is(def->body, tk, def->params[j]);
			params += param;
			ok = param || (k && (tok_punct(def->body, &l, k - 1, "->") ||
					     tok_punct(def->body, &l, k - 1, ".")));
		} else if (tk->kind == TOK_PUNCT) {
			ok = tok_punct(def->body, &l, k, "(") ||
			     tok_punct(def->body, &l, k, ")") ||
			     tok_punct(def->body, &l, k, "&") ||
			     tok_punct(def->body, &l, k, "*") ||
			     tok_punct(def->body, &l, k, "->") ||
			     tok_punct(def->body, &l, k, ".") ||
			     tok_punct(def->body, &l, k, "=");
		} else {
			ok = 0;
		}
	}
	token_list_release(&l);
	if (!ok || !params)
		macro_def_release(def);
	return ok && params;
}

/* Does c's text name word (a whole identifier)? */
static int mentions_word(const struct candidate *c, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = c->text, *e = c->text + c->len;
	     (p = mem_find(p, (size_t)(e - p), word, n)); p += n)
		if ((p == c->text || !ident_char(p[-1])) &&
		    (p + n == e || !ident_char(p[n])))
			return 1;
	return 0;
}

/* The helper macros of d's files (is_helper), each definition once. */
static size_t helper_defs(struct once_discovery *d, struct macro_def **defs_,
			  size_t *alloc)
{
	struct macro_def *defs = NULL;
	size_t nr = 0;

	*alloc = 0;
	for (size_t i = 0; i < d->nr; i++) {
		struct macro_def def;

		if (!is_helper(&d->items[i], &def))
			continue;
		/* the same definition twice is one */
		for (size_t k = 0; k < nr && def.name; k++)
			if (!strcmp(defs[k].name, def.name) &&
			    !strcmp(defs[k].body, def.body))
				macro_def_release(&def);
		if (!def.name)
			continue;
		ALLOC_GROW(defs, nr + 1, *alloc);
		defs[nr++] = def;
	}
	*defs_ = defs;
	return nr;
}

/* Is def's body, without its outer parentheses, *(P) (1) or (P)->f (2)
 * of its one parameter P -- the place a helper names?  0 otherwise. */
static int helper_place(const struct macro_def *def)
{
	struct token_list l = TOKEN_LIST_INIT;
	const char *b = def->body;
	struct tok_range r;
	int form = 0;

	if (def->nparams != 1)
		return 0;
	lex_buffer(b, strlen(b), &l);
	r.begin = 0;
	r.end = l.nr ? l.nr - 1 : 0; /* the end token */
	r = tok_unparen(b, &l, r);
	if (r.end > r.begin + 1 && tok_punct(b, &l, r.begin, "*")) {
		form = 1;
		r.begin++;
	} else if (r.end >= r.begin + 3 &&
		   l.tok[r.end - 1].kind == TOK_IDENT &&
		   tok_punct(b, &l, r.end - 2, "->")) {
		form = 2;
		r.end -= 2;
	}
	r = tok_unparen(b, &l, r);
	if (r.end != r.begin + 1 || !token_is(b, &l.tok[r.begin], def->params[0]))
		form = 0;
	token_list_release(&l);
	return form;
}

/* buf with each call of a macro of set put in, line for line, into out. */
static int put_in_helpers(const struct macro_set *set,
			  const struct strset *names, const char *buf,
			  size_t len, struct strbuf *out)
{
	struct token_list l = TOKEN_LIST_INIT;
	size_t from = 0;
	int calls = 0;

	lex_buffer(buf, len, &l);
	tok_match_cache(buf, &l);
	for (size_t k = 0; k + 2 < l.nr; k++) {
		const struct token *t = &l.tok[k];
		char name[128];
		size_t close, end;

		if (t->kind != TOK_IDENT || (t->flags & TF_DIRECTIVE) ||
		    t->len >= sizeof(name) || !tok_punct(buf, &l, k + 1, "("))
			continue;
		memcpy(name, buf + t->off, t->len);
		name[t->len] = '\0';
		if (!strset_has(names, name))
			continue;
		close = tok_match(buf, &l, k + 1);
		if (close >= l.nr - 1)
			continue;
		end = l.tok[close].off + l.tok[close].len;
		strbuf_add(out, buf + from, t->off - from);
		if (macro_expand_text(set, buf + t->off, end - t->off, out))
			break;
		/* the lines the call spanned, so that lines stay */
		for (unsigned n = count_newlines(buf + t->off, end - t->off);
		     n; n--)
			strbuf_addch(out, '\n');
		from = end;
		k = close;
		calls++;
	}
	strbuf_add(out, buf + from, len - from);
	tok_match_cache_drop();
	token_list_release(&l);
	return calls;
}

/*
 * Does buf spell one of names as a word (its bytes, no identifier byte
 * on either side)?  Each name looked for with mem_find(): the helpers
 * are few (the kernel's vmlinux: 2, and 1000 files to read again).
 */
static int spells_one_of(const struct strset *names, const char *buf,
			 size_t len)
{
	for (size_t s = 0; s < names->size; s++) {
		const char *w = names->slot[s], *p = buf, *e = buf + len;
		size_t n;

		if (!w)
			continue;
		n = strlen(w);
		while ((p = mem_find(p, (size_t)(e - p), w, n))) {
			if ((p == buf || !ident_char(p[-1])) &&
			    (p + n == e || !ident_char(p[n])))
				return 1;
			p += n;
		}
	}
	return 0;
}

/*
 * Lex a deferred file (buf, read from path) as add_text() would have:
 * its functions' names into d->functions.  1 when it defines one (a
 * file to read again with helpers put in), else 0.
 */
static int deferred_functions(struct once_discovery *d, const char *path,
			      const char *buf, size_t len)
{
	struct once_accessor_list acc = ONCE_ACCESSOR_LIST_INIT;
	int any = 0;

	strset_add(&d->deferred_lexed, path);
	find_accessors(buf, len, &acc, &d->stats.deferred_lexes, NULL, NULL);
	for (size_t at = 0; at < acc.functions.len;
	     at += strlen(acc.functions.buf + at) + 1, any = 1)
		strset_add(&d->functions, acc.functions.buf + at);
	/* none: once_accessors_may_find() said so */
	d->stats.deferred_accessors += acc.nr;
	for (size_t i = 0; i < acc.nr; i++)
		once_accessor_release(&acc.items[i]);
	free(acc.items);
	strbuf_release(&acc.functions);
	strbuf_release(&acc.order_maps);
	return any;
}

/*
 * Does a file offered define a function of this name (one that is no
 * accessor)?  The deferred files that spell it are lexed to tell; each
 * once, each name answered once.
 */
static int defines_function(struct once_discovery *d, const char *name)
{
	struct strset one = STRSET_INIT;

	if (strset_has(&d->functions, name))
		return 1;
	if (!d->deferred.nr || strset_has(&d->no_function, name))
		return 0;
	strset_add(&one, name);
	for (size_t s = 0; s < d->deferred.size; s++) {
		const char *path = d->deferred.slot[s];
		size_t len;
		char *buf;

		if (!path || strset_has(&d->deferred_lexed, path) ||
		    !(buf = read_file(path, &len)))
			continue;
		if (spells_one_of(&one, buf, len))
			deferred_functions(d, path, buf, len);
		free(buf);
	}
	strset_release(&one);
	if (strset_has(&d->functions, name))
		return 1;
	strset_add(&d->no_function, name);
	return 0;
}

/* A file to read again with helpers put in; deferred: not lexed yet. */
struct revisit_file {
	const char *path;
	int deferred;
};

static int by_revisit_path(const void *a_, const void *b_)
{
	return strcmp(((const struct revisit_file *)a_)->path,
		      ((const struct revisit_file *)b_)->path);
}

/* The files to read again, by path: one order whatever the order (and
 * the threads) they were offered in. */
static struct revisit_file *revisit_files(const struct once_discovery *d,
					  size_t *nr)
{
	struct revisit_file *f = NULL;
	size_t n = 0, alloc = 0;

	for (int deferred = 0; deferred < 2; deferred++) {
		const struct strset *set = deferred ? &d->deferred : &d->revisit;

		for (size_t s = 0; s < set->size; s++) {
			if (!set->slot[s])
				continue;
			ALLOC_GROW(f, n + 1, alloc);
			f[n].path = set->slot[s];
			f[n++].deferred = deferred;
		}
	}
	if (n > 1)
		sane_qsort(f, n, sizeof(*f), by_revisit_path);
	*nr = n;
	return f;
}

/*
 * A function whose body reaches its object through a helper macro
 * defined in another header (nsync's atm_load_acq_u32_ reads
 * NSYNC_ATOMIC_UINT32_LOAD_((volatile nsync_atomic_uint32_ *)p)) is read
 * again with the helper put in.  Only helpers every definition of which
 * names the same place of their parameter -- *(p), or a member of it,
 * (p)->value -- are; the *(p) definition is the one put in, as
 * analyse_variants() keeps for a macro.
 */
static void accessors_through_helpers(struct once_discovery *d,
				      const struct macro_def *defs, size_t nr)
{
	struct macro_set set = MACRO_SET_INIT;
	struct strset names = STRSET_INIT, known = STRSET_INIT;
	struct strbuf out = STRBUF_INIT;
	struct revisit_file *files = NULL;
	size_t nfiles = 0;

	for (size_t k = 0; k < nr; k++) {
		int all = 1, deref = -1;

		if (strset_has(&names, defs[k].name))
			continue;
		for (size_t j = k; j < nr; j++) {
			int form;

			if (strcmp(defs[j].name, defs[k].name))
				continue;
			form = helper_place(&defs[j]);
			all &= form != 0;
			if (form == 1 && deref < 0)
				deref = (int)j;
		}
		strset_add(&names, defs[k].name);
		if (all && deref >= 0) {
			struct macro_def copy = { 0 };

			copy.name = xstrdup(defs[deref].name);
			copy.body = xstrdup(defs[deref].body);
			copy.nparams = 1;
			copy.params = xcalloc(2, sizeof(char *));
			copy.params[0] = xstrdup(defs[deref].params[0]);
			macro_set_define(&set, &copy);
		}
	}
	strset_release(&names);
	for (size_t k = 0; k < nr; k++)
		if (macro_set_find(&set, defs[k].name, strlen(defs[k].name)))
			strset_add(&names, defs[k].name);
	for (size_t i = 0; i < d->nr_accessors; i++)
		strset_add(&known, d->accessors[i].a.name);
	d->stats.helper_names = names.nr;
	files = names.nr ? revisit_files(d, &nfiles) : NULL;
	for (size_t f = 0; f < nfiles; f++) {
		const char *path = files[f].path;
		struct once_accessor_list acc = ONCE_ACCESSOR_LIST_INIT;
		const char *interned = NULL;
		size_t len;
		char *buf;

		if (!(buf = read_file(path, &len)))
			continue;
		d->stats.revisits_read++;
		/* put_in_helpers() lexes the whole file to find calls of
		 * the names: most files spell none of them; and a deferred
		 * one is read again only if it defines a function */
		if (!spells_one_of(&names, buf, len) ||
		    (files[f].deferred && !deferred_functions(d, path, buf, len))) {
			free(buf);
			continue;
		}
		d->stats.revisits_lexed++;
		strbuf_reset(&out);
		if (put_in_helpers(&set, &names, buf, len, &out))
			find_accessors(out.buf, out.len, &acc,
				       &d->stats.revisit_lexes, NULL, NULL);
		free(buf);
		strbuf_release(&acc.functions);
		strbuf_release(&acc.order_maps);
		for (size_t i = 0; i < acc.nr; i++) {
			struct once_accessor *a = &acc.items[i];
			char *what;

			if (!strset_add(&known, a->name)) {
				once_accessor_release(a);
				continue;
			}
			if (!interned) {
				interned = xstrdup(path);
				ALLOC_GROW(d->paths, d->nr_paths + 1,
					   d->alloc_paths);
				d->paths[d->nr_paths++] = (char *)interned;
			}
			what = xasprintf("%s, with a helper macro put in "
					 "(every definition the same place)",
					 a->what);
			free(a->what);
			a->what = what;
			ALLOC_GROW(d->accessors, d->nr_accessors + 1,
				   d->alloc_accessors);
			d->accessors[d->nr_accessors].a = *a;
			d->accessors[d->nr_accessors++].path = interned;
		}
		free(acc.items);
	}
	free(files);
	macro_set_release(&set);
	strset_release(&names);
	strset_release(&known);
	strbuf_release(&out);
}

/*
 * A once-access whose pointer or object goes through a helper macro
 * (nsync: __atomic_load_n(NSYNC_ATOMIC_UINT32_PTR_(p), __ATOMIC_RELAXED),
 * NSYNC_ATOMIC_UINT32_LOAD_((volatile nsync_atomic_uint32_ *)(p))) is
 * found with the helper put in.  A helper defined several ways (one per
 * #if branch) gives a variant per definition; analyse_variants() takes
 * the macro only when they all agree.  Only bodies that say volatile or
 * atomic are given variants.
 */
static void expand_helpers(struct once_discovery *d)
{
	struct macro_def *defs = NULL;
	size_t nr = 0, alloc = 0;
	struct strset names = STRSET_INIT;
	struct strbuf out = STRBUF_INIT;

	nr = helper_defs(d, &defs, &alloc);
	for (size_t k = 0; k < nr; k++)
		strset_add(&names, defs[k].name);
	for (size_t i = 0; nr && i < d->nr; i++) {
		struct candidate *c = &d->items[i];
		size_t used[8], nused = 0, combos = 1;
		struct strbuf helpers = STRBUF_INIT;
		struct macro_def def;

		if (c->nvariants || strset_has(&names, c->name) ||
		    (!mem_find(c->text, c->len, "volatile", 8) &&
		     !mem_find(c->text, c->len, "__atomic_", 9) &&
		     !mem_find(c->text, c->len, "_c11_atomic_", 12) &&
		     !mem_find(c->text, c->len, "_explicit", 9)) ||
		    !mentions_one_of(c, &names))
			continue;
		/* the helpers it names: the first definition of each */
		for (size_t k = 0; k < nr && combos <= MAX_VARIANTS; k++) {
			size_t n = 0;
			int seen = 0;

			for (size_t j = 0; j < nused; j++)
				seen |= !strcmp(defs[used[j]].name, defs[k].name);
			if (seen || !mentions_word(c, defs[k].name))
				continue;
			if (nused == ARRAY_SIZE(used)) {
				combos = MAX_VARIANTS + 1;
				break;
			}
			for (size_t j = k; j < nr; j++)
				n += !strcmp(defs[j].name, defs[k].name);
			used[nused++] = k;
			combos *= n;
			strbuf_addf(&helpers, "%s%s", helpers.len ? ", " : "",
				    defs[k].name);
		}
		if (!nused || combos > MAX_VARIANTS || candidate_def(c, &def)) {
			strbuf_release(&helpers);
			continue;
		}
		c->variants = xcalloc(combos, sizeof(char *));
		for (size_t combo = 0; combo < combos; combo++) {
			struct macro_set set = MACRO_SET_INIT;
			size_t rest = combo;

			/* combo picks, per helper, one of its definitions */
			for (size_t j = 0; j < nused; j++) {
				size_t n = 0, pick;

				for (size_t k = used[j]; k < nr; k++)
					n += !strcmp(defs[k].name, defs[used[j]].name);
				pick = rest % n;
				rest /= n;
				for (size_t k = used[j]; k < nr; k++) {
					struct macro_def copy = { 0 };

					if (strcmp(defs[k].name, defs[used[j]].name) ||
					    pick--)
						continue;
					copy.name = xstrdup(defs[k].name);
					copy.body = xstrdup(defs[k].body);
					copy.nparams = defs[k].nparams;
					copy.params = xcalloc(copy.nparams + 1,
							      sizeof(char *));
					for (size_t q = 0; q < copy.nparams; q++)
						copy.params[q] = xstrdup(defs[k].params[q]);
					macro_set_define(&set, &copy);
					break;
				}
			}
			if (!def_expanded(&set, &def, &out))
				c->variants[c->nvariants++] = strbuf_detach(&out);
			macro_set_release(&set);
		}
		if (c->nvariants != combos) { /* one did not expand: none */
			for (size_t k = 0; k < c->nvariants; k++)
				free(c->variants[k]);
			free(c->variants);
			c->variants = NULL;
			c->nvariants = 0;
		} else {
			c->helpers = strbuf_detach(&helpers);
		}
		strbuf_release(&helpers);
		macro_def_release(&def);
	}
	for (size_t k = 0; k < nr; k++)
		macro_def_release(&defs[k]);
	free(defs);
	strset_release(&names);
	strbuf_release(&out);
}

/*
 * The discovered names whose definitions disagree on the kind (Linux
 * 4.14.5's atomic_read: READ_ONCE((v)->counter) on most architectures,
 * ACCESS_ONCE((v)->counter) on 32-bit sparc): fold() made them
 * access-once, the use deciding, which is right at every use under each
 * definition; kinds_disagree says so, naming the first definition of
 * each kind, so that the kind is not taken silently.
 */
static void note_disagreements(const struct once_discovery *d,
			       struct once_macros *t)
{
	static const enum once_macro_kind order[] = {
		OMK_READ, OMK_WRITE, OMK_ACCESS,
	};
	const struct candidate *(*first)[3] =
		xcalloc(t->nr ? t->nr : 1, sizeof(*first));

	for (size_t i = 0; i < d->nr; i++) {
		const struct candidate *c = &d->items[i];
		const struct once_macro *m;

		if (!c->is_access || (unsigned)c->kind > 2)
			continue;
		m = once_macros_find(t, c->name, strlen(c->name));
		if (!m || !(m->flags & OMF_DISCOVERED) ||
		    (m->flags & OMF_ACCESSOR))
			continue;
		if (!first[m - t->items][c->kind])
			first[m - t->items][c->kind] = c;
	}
	for (size_t i = 0; i < t->nr; i++) {
		struct strbuf sb = STRBUF_INIT;
		size_t kinds = 0;

		for (size_t k = 0; k < ARRAY_SIZE(order); k++) {
			const struct candidate *c = first[i][order[k]];

			if (!c)
				continue;
			strbuf_addf(&sb, "%s%s at %s:%u", kinds++ ? ", " : "",
				    once_macro_kind_name(order[k]), c->path,
				    c->line);
		}
		free(t->items[i].kinds_disagree);
		t->items[i].kinds_disagree = NULL;
		if (kinds > 1)
			t->items[i].kinds_disagree = strbuf_detach(&sb);
		strbuf_release(&sb);
	}
	free(first);
}

/* Do two macro definitions say the same (parameters and body)? */
static int same_def(const struct macro_def *a, const struct macro_def *b)
{
	if (a->nparams != b->nparams || strcmp(a->body, b->body))
		return 0;
	for (size_t k = 0; k < a->nparams; k++)
		if (strcmp(a->params[k], b->params[k]))
			return 0;
	return 1;
}

/*
 * The generator macro of one name that is the tree's: the definition in
 * a file the build read (jemalloc's JEMALLOC_GENERATE_ATOMICS is defined
 * in atomic_gcc_atomic.h, atomic_gcc_sync.h, atomic_c11.h and
 * atomic_msvc.h, on the sides of an #if of atomic.h; gcc and clang read
 * the first), when those read agree; with no file read known, the one
 * definition all agree on.  NULL when none.
 */
static const struct macro_def *chosen_generator(struct once_discovery *d,
						size_t first)
{
	const struct macro_def *pick = NULL;
	int any_built = 0;

	for (int want_built = 1; want_built >= 0 && !pick; want_built--) {
		for (size_t k = first; k < d->nr_gens; k++) {
			const struct generator_def *g = &d->gens[k];

			if (strcmp(g->def.name, d->gens[first].def.name))
				continue;
			if (want_built && !built_def(d, g->path))
				continue;
			any_built |= want_built;
			if (pick && !same_def(pick, &g->def))
				return NULL; /* they disagree */
			pick = &g->def;
		}
		if (any_built)
			break;
	}
	return pick;
}

static int by_string(const void *a_, const void *b_)
{
	return strcmp(*(const char *const *)a_, *(const char *const *)b_);
}

static int by_gen_name(const void *a_, const void *b_)
{
	const struct generator_def *a = a_, *b = b_;
	int c = strcmp(a->def.name, b->def.name);

	return c ? c : strcmp(a->path, b->path);
}

/*
 * Accessors made by a generator macro that another file defines
 * (jemalloc's atomic.h invokes JEMALLOC_GENERATE_ATOMICS(bool, b, 0)):
 * each file that invokes macros at its top and spells a generator's
 * name is read again, its invocations expanded with the chosen
 * generators known.  A name found already (the file's own generators)
 * is not taken twice.
 */
static void generated_elsewhere(struct once_discovery *d)
{
	struct macro_set base = MACRO_SET_INIT;
	struct strset names = STRSET_INIT, known = STRSET_INIT;
	const char **files = NULL;
	size_t nfiles = 0, alloc = 0, nfiles_kept = 0;

	if (!d->nr_gens || !d->nr_invoked)
		return;
	sane_qsort(d->gens, d->nr_gens, sizeof(*d->gens), by_gen_name);
	for (size_t k = 0; k < d->nr_gens; k++) {
		const struct macro_def *pick;
		struct macro_def copy;

		if (k && !strcmp(d->gens[k].def.name, d->gens[k - 1].def.name))
			continue;
		if (!(pick = chosen_generator(d, k)))
			continue;
		macro_def_copy(&copy, pick);
		macro_set_define(&base, &copy);
		strset_add(&names, pick->name);
	}
	/* the files that call a generator in a line's first column,
	 * each once, by path */
	for (size_t k = 0; names.nr && k < d->nr_invoked; k++)
		if (strset_has(&names, d->invoked[k].name)) {
			ALLOC_GROW(files, nfiles + 1, alloc);
			files[nfiles++] = d->invoked[k].path;
		}
	if (nfiles > 1)
		sane_qsort(files, nfiles, sizeof(*files), by_string);
	for (size_t k = 0; k < nfiles; k++)
		if (!nfiles_kept || strcmp(files[nfiles_kept - 1], files[k]))
			files[nfiles_kept++] = files[k];
	for (size_t i = 0; i < d->nr_accessors; i++)
		strset_add(&known, d->accessors[i].a.name);
	nfiles = nfiles_kept;
	for (size_t f = 0; names.nr && f < nfiles; f++) {
		struct once_accessor_list acc = ONCE_ACCESSOR_LIST_INIT;
		struct token_list l = TOKEN_LIST_INIT;
		const char *interned = NULL;
		size_t len;
		char *buf;

		if (!(buf = read_file(files[f], &len)))
			continue;
		lex_buffer(buf, len, &l);
		tok_match_cache(buf, &l);
		once_accessors_generated_with(buf, len, &l, &base, &acc);
		tok_match_cache_drop();
		token_list_release(&l);
		free(buf);
		strbuf_add(&d->order_maps, acc.order_maps.buf,
			   acc.order_maps.len);
		for (size_t i = 0; i < acc.nr; i++) {
			if (!strset_add(&known, acc.items[i].name)) {
				once_accessor_release(&acc.items[i]);
				continue;
			}
			if (!interned) {
				for (size_t p = 0; p < d->nr_paths && !interned; p++)
					if (!strcmp(d->paths[p], files[f]))
						interned = d->paths[p];
			}
			if (!interned) {
				interned = xstrdup(files[f]);
				ALLOC_GROW(d->paths, d->nr_paths + 1,
					   d->alloc_paths);
				d->paths[d->nr_paths++] = (char *)interned;
			}
			ALLOC_GROW(d->accessors, d->nr_accessors + 1,
				   d->alloc_accessors);
			d->accessors[d->nr_accessors].a = acc.items[i];
			d->accessors[d->nr_accessors++].path = interned;
		}
		free(acc.items);
		acc.items = NULL;
		acc.nr = 0;
		once_accessor_list_release(&acc);
	}
	free(files);
	macro_set_release(&base);
	strset_release(&names);
	strset_release(&known);
}

/* How sure is it that the build read candidate c's file: 2 when its
 * line tables name it, 0 when it is C++'s (cxx_file), 1 otherwise. */
static int read_rank(struct once_discovery *d, const struct candidate *c)
{
	if (built_def(d, c->path))
		return 2;
	return c->cxx_file ? 0 : 1;
}

/*
 * The candidates of each discovered macro of t that cite_read_defs()
 * looks at, by name, each list in the candidates' order: a scan of all
 * the candidates per macro was 3 % of an audit of Linux 6.12 (151 macros,
 * about 150,000 candidates).  by[owner[i]] holds the indexes into
 * d->items of the candidates named as t->items[i], nby[owner[i]] how
 * many.
 */
struct names_index {
	size_t *owner;           /* the first entry of t with the same name */
	size_t **by, *nby, *alloc;
};

static void names_index_build(struct names_index *x,
			      const struct once_discovery *d,
			      const struct once_macros *t)
{
	size_t size = 64, *slot; /* open addressing: t's index + 1, or 0 */
	size_t n = t->nr ? t->nr : 1;

	while (size < 2 * t->nr)
		size *= 2;
	slot = xcalloc(size, sizeof(*slot));
	x->owner = xcalloc(n, sizeof(*x->owner));
	x->by = xcalloc(n, sizeof(*x->by));
	x->nby = xcalloc(n, sizeof(*x->nby));
	x->alloc = xcalloc(n, sizeof(*x->alloc));
	for (size_t i = 0; i < t->nr; i++) {
		size_t h = strset_hash(t->items[i].name) & (size - 1);

		for (; slot[h]; h = (h + 1) & (size - 1))
			if (!strcmp(t->items[slot[h] - 1].name, t->items[i].name))
				break;
		if (!slot[h])
			slot[h] = i + 1;
		x->owner[i] = slot[h] - 1;
	}
	for (size_t k = 0; k < d->nr; k++) {
		const char *name = d->items[k].name;
		size_t h = strset_hash(name) & (size - 1);

		for (; slot[h]; h = (h + 1) & (size - 1)) {
			size_t i = slot[h] - 1;

			if (strcmp(t->items[i].name, name))
				continue;
			ALLOC_GROW(x->by[i], x->nby[i] + 1, x->alloc[i]);
			x->by[i][x->nby[i]++] = k;
			break;
		}
	}
	free(slot);
}

static void names_index_release(struct names_index *x, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(x->by[i]);
	free(x->owner);
	free(x->by);
	free(x->nby);
	free(x->alloc);
}

/*
 * One name defined the same way in several files (Open vSwitch's
 * atomic_read_explicit in ovs-atomic-c++.h, -c11.h, -clang.h ..., one
 * included per compiler by #ifs of ovs-atomic.h): fold() cited the
 * first by path.  Cite a definition the build read instead -- one in a
 * file its line tables name, else one in a file a C build can read --
 * when one of the same meaning (an access of the same kind, object and
 * order) is there; its words ("defines it as ...") with it.
 */
static void cite_read_defs(struct once_discovery *d, struct once_macros *t)
{
	struct names_index x;

	names_index_build(&x, d, t);
	for (size_t i = 0; i < t->nr; i++) {
		struct once_macro *m = &t->items[i];
		const struct candidate *cur = NULL, *best = NULL;
		int cur_rank, best_rank;
		const size_t *by;
		size_t nby;

		if (!(m->flags & OMF_DISCOVERED) || !m->def_path)
			continue;
		by = x.by[x.owner[i]];
		nby = x.nby[x.owner[i]];
		for (size_t k = 0; k < nby && !cur; k++)
			if (d->items[by[k]].line == m->def_line &&
			    !strcmp(d->items[by[k]].path, m->def_path))
				cur = &d->items[by[k]];
		if (!cur || !cur->is_access || (cur_rank = read_rank(d, cur)) == 2)
			continue;
		best_rank = cur_rank;
		for (size_t k = 0; k < nby; k++) {
			const struct candidate *c = &d->items[by[k]];
			int r;

			if (c == cur || !c->is_access ||
			    c->kind != cur->kind ||
			    c->object_arg != cur->object_arg ||
			    c->deref_arg != cur->deref_arg ||
			    (c->order_arg < 0) != (cur->order_arg < 0) ||
			    (r = read_rank(d, c)) <= best_rank)
				continue;
			best = c;
			best_rank = r;
		}
		if (!best)
			continue;
		free(m->def_path);
		m->def_path = xstrdup(best->path);
		m->def_line = best->line;
		free(m->def_what);
		m->def_what = xstrdup(best->what);
	}
	names_index_release(&x, t->nr);
}

/*
 * The candidates of the names once_discovery_decide_only() asks about,
 * found by the hash of their names (or, alias, of what each object-like
 * alias names): an open-addressed index, each slot a hash and one
 * candidate of it, the others chained (in no order: only the set is
 * read).  Two names of one hash are one key: the candidates of both are
 * taken, more than needed, and no name is read to build or ask it (each
 * was a miss of the cache: 149,245 of Linux 4.14.5).  32-bit indexes: a
 * tree has far fewer than 4 billion #defines.
 */
struct name_index {
	uint32_t *hash; /* per slot */
	uint32_t *slot; /* 1 + index of a candidate; 0: empty */
	size_t mask;
	uint32_t *next; /* per candidate: 1 + another of the same hash */
};

#define NO_SLOT ((size_t)-1)

/* The slot of hash h, or NO_SLOT. */
static size_t index_find(const struct name_index *x, uint32_t h)
{
	for (size_t s = h & x->mask;; s = (s + 1) & x->mask) {
		if (!x->slot[s])
			return NO_SLOT;
		if (x->hash[s] == h)
			return s;
	}
}

static void index_build(struct name_index *x, const struct once_discovery *d,
		       int alias)
{
	size_t size = 4, keys = 0;

	for (size_t k = 0; k < d->nr; k++)
		keys += !alias || d->items[k].alias_of;
	while (size < 2 * keys + 2)
		size *= 2;
	x->mask = size - 1;
	x->hash = xcalloc(size, sizeof(*x->hash));
	x->slot = xcalloc(size, sizeof(*x->slot));
	x->next = xcalloc(d->nr + 1, sizeof(*x->next));
	for (size_t k = 0; k < d->nr; k++) {
		const struct candidate *c = &d->items[k];
		uint32_t h;
		size_t s;

		if (alias && !c->alias_of)
			continue;
		h = alias ? c->alias_hash : c->name_hash;
		s = index_find(x, h);
		if (s == NO_SLOT) {
			for (s = h & x->mask; x->slot[s]; s = (s + 1) & x->mask)
				;
			x->hash[s] = h;
		}
		x->next[k] = x->slot[s];
		x->slot[s] = (uint32_t)(k + 1);
	}
}

static void index_release(struct name_index *x)
{
	free(x->hash);
	free(x->slot);
	free(x->next);
}

struct closure {
	const struct once_discovery *d;
	struct name_index names, aliases;
	unsigned char *done; /* per slot of names */
	uint32_t *todo;      /* slots of names taken, not yet looked at */
	size_t nr_todo;
};

/* A name the rounds must decide, if candidates define it. */
static void closure_add(struct closure *cl, const char *w, size_t n)
{
	size_t s = index_find(&cl->names, word_hash(w, n));

	if (s != NO_SLOT && !cl->done[s]) {
		cl->done[s] = 1;
		cl->todo[cl->nr_todo++] = (uint32_t)s;
	}
}

/* Every word of text: the runs of identifier bytes, as once_macros_any()
 * and the lexer cut the names of the candidates (all such runs; see
 * wanted_candidates()). */
static void closure_add_words(struct closure *cl, const char *text,
			      size_t len)
{
	for (size_t i = 0; i < len;) {
		size_t j = i;

		while (j < len && ident_char(text[j]))
			j++;
		if (j == i) {
			i++;
			continue;
		}
		closure_add(cl, text + i, j - i);
		i = j;
	}
}

/*
 * Which candidates the rounds analyse when the table is asked only about
 * d->decide_only's names: those of these names and of the names the
 * table held before the rounds (fold() may change those), then those of
 * every name their texts, variants and helpers mention (the analysis of
 * a text reads the table's entries of its words only, and an alias's
 * target in its file), and of every alias of a name taken (analysing an
 * alias analyses its target in its file again).  The entries of these
 * names are then made by the same analyses in the same order as when
 * every candidate is analysed: each reads and folds only entries of
 * names taken, and is analysed again in the same rounds, those that
 * mention a name just changed.  A candidate's name is a run of
 * identifier bytes ([A-Za-z0-9_], collect()), so a token that spells it
 * is such a run too, with none on either side: the words cut here.
 * NULL: all of them (no names given).
 */
static unsigned char *wanted_candidates(const struct once_discovery *d,
					const struct once_macros *t)
{
	struct closure cl;
	unsigned char *want;

	if (!d->decide_only || d->nr >= UINT32_MAX)
		return NULL;
	memset(&cl, 0, sizeof(cl));
	cl.d = d;
	index_build(&cl.names, d, 0);
	index_build(&cl.aliases, d, 1);
	cl.done = xcalloc(cl.names.mask + 1, 1);
	cl.todo = xcalloc(d->nr + 1, sizeof(*cl.todo));
	want = xcalloc(d->nr + 1, 1);
	for (size_t s = 0; s < d->decide_only->size; s++)
		if (d->decide_only->slot[s])
			closure_add(&cl, d->decide_only->slot[s],
				    strlen(d->decide_only->slot[s]));
	for (size_t i = 0; i < t->nr; i++)
		closure_add(&cl, t->items[i].name, strlen(t->items[i].name));
	while (cl.nr_todo) {
		size_t s = cl.todo[--cl.nr_todo], a;

		for (size_t k = cl.names.slot[s]; k; k = cl.names.next[k - 1]) {
			const struct candidate *c = &d->items[k - 1];

			want[k - 1] = 1;
			closure_add_words(&cl, c->text, c->len);
			for (size_t v = 0; v < c->nvariants; v++)
				closure_add_words(&cl, c->variants[v],
						  strlen(c->variants[v]));
			if (c->helpers)
				closure_add_words(&cl, c->helpers,
						  strlen(c->helpers));
			if (c->alias_of)
				closure_add_words(&cl, c->alias_of,
						  strlen(c->alias_of));
		}
		a = index_find(&cl.aliases, cl.names.hash[s]);
		for (size_t k = a != NO_SLOT ? cl.aliases.slot[a] : 0; k;
		     k = cl.aliases.next[k - 1])
			closure_add(&cl, d->items[k - 1].name,
				    strlen(d->items[k - 1].name));
	}
	index_release(&cl.names);
	index_release(&cl.aliases);
	free(cl.done);
	free(cl.todo);
	return want;
}

size_t once_discovery_finish(struct once_discovery *d, struct once_macros *t)
{
	struct strbuf changed = STRBUF_INIT, next = STRBUF_INIT;
	size_t count = 0;
	int first = 1;
	unsigned char *want;

	spelling_settle(d);
	if (d->revisit.nr || d->deferred.nr) {
		struct macro_def *defs;
		size_t alloc, nr = helper_defs(d, &defs, &alloc);

		accessors_through_helpers(d, defs, nr);
		for (size_t k = 0; k < nr; k++)
			macro_def_release(&defs[k]);
		free(defs);
	}
	generated_elsewhere(d);
	fold_accessors(d, t);
	expand_pastes(d);
	expand_helpers(d);

	if (d->nr > 1)
		sane_qsort(d->items, d->nr, sizeof(*d->items), by_place);
	want = wanted_candidates(d, t);
	for (;;) {
		struct once_macros names;
		int any = 0;

		/* the names are identifiers (collect() took each so): a
		 * text mentions one as a word when once_macros_any() finds
		 * it there, 64 bytes at a time (a byte loop over the
		 * 149,230 candidates of Linux 4.14.5 was 3.5 % of fix) */
		once_macros_names(&names, changed.buf, changed.len);
		strbuf_reset(&next);
		for (size_t i = 0; i < d->nr; i++) {
			struct candidate *c = &d->items[i];

			/* after the first round, only bodies that call a
			 * name whose meaning just changed can change */
			if ((want && !want[i]) ||
			    (!first && !once_macros_any(&names, c->text, c->len)))
				continue;
			analyse(d, c, t, 0);
			if (c->is_access && fold(t, c, d)) {
				strbuf_add(&next, c->name, strlen(c->name) + 1);
				any = 1;
			}
		}
		once_macros_release(&names);
		if (!any)
			break;
		{ /* this round's names are what the next one looks for */
			struct strbuf tmp = changed;

			changed = next;
			next = tmp;
		}
		first = 0;
	}
	free(want);
	strbuf_release(&changed);
	strbuf_release(&next);
	cite_read_defs(d, t);
	note_disagreements(d, t);
	for (size_t i = 0; i < t->nr; i++)
		count += t->items[i].def_path != NULL;
	return count;
}

static void offer(const struct walk_file *f, void *worker, void *ctx)
{
	(void)worker;
	once_discovery_add_buffer(ctx, f->path, f->buf, f->len);
}

size_t once_discover_paths(struct once_macros *t, const char *const *paths,
			   size_t nr, const struct walk_options *like)
{
	struct once_discovery *d = once_discovery_new();
	struct walk_options wo;
	struct walk_stats st;
	size_t n;

	memset(&wo, 0, sizeof(wo));
	wo.excludes = like->excludes;
	wo.jobs = like->jobs;
	wo.follow_symlinks = like->follow_symlinks;
	wo.quiet = 1;
	wo.fn = offer;
	wo.ctx = d;
	(void)walk_paths(paths, nr, &wo, &st);
	n = once_discovery_finish(d, t);
	once_discovery_free(d);
	return n;
}
