/* Where READ_ONCE/WRITE_ONCE come from (provider.h). */
#include "rewrite/provider.h"
#include "rewrite/includers.h"
#include "rewrite/rewrite.h"
#include "cfront/tokscan.h"
#include "lib/strset.h"
#include "lib/util.h"

#include <limits.h>
#include <stdint.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The names whose definitions matter: the two fix writes, and the other
 * three rwonce.h defines (and refuses to find defined before it). */
enum once_name { ON_READ, ON_WRITE, ON_ACCESS, ON_ASSIGN, ON_BARRIER,
		 ON__COUNT };
#define BIT(n) (1u << (n))
#define RW_BITS (BIT(ON_READ) | BIT(ON_WRITE))
#define CLASH_BITS (BIT(ON_READ) | BIT(ON_WRITE) | BIT(ON_ACCESS) | \
		    BIT(ON_ASSIGN) | BIT(ON_BARRIER))

static const char *const fixed_names[ON__COUNT] = {
	NULL, NULL, "ACCESS_ONCE", "ASSIGN_ONCE", "barrier",
};

/* A header at most this deep in #includes, and at most this many per
 * file, are looked at: enough for any project's once-macro header. */
#define MAX_DEPTH 24
#define MAX_HEADERS 512

void provider_opts_init(struct provider_opts *po, const char *read_name,
			const char *write_name, const struct include_line *inc)
{
	memset(po, 0, sizeof(*po));
	po->read_name = read_name;
	po->write_name = write_name;
	po->inc = inc;
	po->inc_is_rwonce = inc && inc->header &&
			    (!strcmp(inc->header, "<rwonce.h>") ||
			     !strcmp(inc->header, "\"rwonce.h\""));
	if (po->inc_is_rwonce) {
		/* spelled exactly as rwonce.h spells them: a second,
		 * identical definition is no error when rwonce.h's arrives
		 * too */
		static const char rd[] = "#define READ_ONCE(x) RWONCE_READ(x)";
		static const char wr[] =
			"#define WRITE_ONCE(x, v) RWONCE_WRITE(x, v)";
		char *t;

		t = xasprintf("#ifndef READ_ONCE\n#define RWONCE_NO_SHORT_NAMES\n"
			      "#include %s\n%s\n#endif", inc->header, rd);
		include_line_init_text(&po->guarded_read, t);
		free(t);
		t = xasprintf("#ifndef WRITE_ONCE\n#define RWONCE_NO_SHORT_NAMES\n"
			      "#include %s\n%s\n#endif", inc->header, wr);
		include_line_init_text(&po->guarded_write, t);
		free(t);
		/* each name under its own guard: a header included before
		 * may have given one name only (its own fix added
		 * guarded_read), and then "#ifndef READ_ONCE" would skip the
		 * WRITE_ONCE this file needs (Xen's qinval.c after
		 * xen/seqcount.h) */
		t = xasprintf("#ifndef READ_ONCE\n#define RWONCE_NO_SHORT_NAMES\n"
			      "#include %s\n%s\n#endif\n"
			      "#ifndef WRITE_ONCE\n#define RWONCE_NO_SHORT_NAMES\n"
			      "#include %s\n%s\n#endif", inc->header, rd,
			      inc->header, wr);
		include_line_init_text(&po->guarded_both, t);
		free(t);
	}
	include_line_init_text(&po->kernel_inc, "#include <linux/compiler.h>");
	po->kernel_inc.header = xstrdup("<linux/compiler.h>");
	for (int n = 0; n < ON__COUNT; n++) {
		char *text = xasprintf("#undef %s", n == ON_READ ? read_name :
				       n == ON_WRITE ? write_name :
				       fixed_names[n]);

		include_line_init_text(&po->undef[n], text);
		free(text);
	}
}

void provider_opts_release(struct provider_opts *po)
{
	include_line_release(&po->guarded_read);
	include_line_release(&po->guarded_write);
	include_line_release(&po->guarded_both);
	include_line_release(&po->kernel_inc);
	for (int n = 0; n < ON__COUNT; n++)
		include_line_release(&po->undef[n]);
}

/* ---- what one file says ---- */

static const char *name_of(const struct provider_opts *po, int n)
{
	return n == ON_READ ? po->read_name : n == ON_WRITE ? po->write_name :
	       fixed_names[n];
}

/* Which of the names token i spells, or -1. */
static int once_name_at(const struct provider_opts *po, const char *buf,
			const struct token_list *l, size_t i)
{
	if (l->tok[i].kind != TOK_IDENT)
		return -1;
	for (int n = 0; n < ON__COUNT; n++)
		if (tok_ident(buf, l, i, name_of(po, n)))
			return n;
	return -1;
}

/* The token after the directive that starts at the '#' hash. */
static size_t directive_end(const struct token_list *l, size_t hash)
{
	size_t i = hash + 1;

	while (i < l->nr - 1 && !(l->tok[i].flags & TF_BOL))
		i++;
	return i;
}

#define NONE ((size_t)-1)

/* An own #define of one of the names. */
struct own_def {
	int name;
	size_t hash;     /* its '#' */
	size_t outer_if; /* the '#' of the outermost conditional around it
			    (an include guard aside), or NONE */
	/* "#ifndef NAME / #define NAME ... / #endif" with nothing else:
	 * the '#' of the #ifndef and of the #endif; NONE otherwise */
	size_t wrap_if, wrap_endif;
};

struct file_facts {
	unsigned defines;   /* BIT(name) for each name #defined */
	unsigned def_line[ON__COUNT]; /* the line of its first #define */
	unsigned mentions;  /* ... each name used outside such lines */
	char **includes;    /* "<x.h>" or "\"x.h\"", as written */
	unsigned *include_lines;
	size_t nr_includes;
	struct own_def *defs;
	size_t nr_defs;
};

static void facts_release(struct file_facts *f)
{
	for (size_t k = 0; k < f->nr_includes; k++)
		free(f->includes[k]);
	free(f->includes);
	free(f->include_lines);
	free(f->defs);
	memset(f, 0, sizeof(*f));
}

static void read_facts(const struct provider_opts *po, const char *buf,
		       const struct token_list *l, struct file_facts *f)
{
	size_t eof = l->nr - 1, alloc_inc = 0, alloc_defs = 0;
	/* the '#' of each open conditional; an include guard is the first
	 * "#ifndef X" of the file followed by "#define X" */
	size_t stack[64], depth = 0, guard = NONE;

	memset(f, 0, sizeof(*f));
	for (size_t i = 0; i < eof; i++) {
		const struct token *t = &l->tok[i];
		int n;

		if (t->kind == TOK_HASH && i + 1 < eof &&
		    !(l->tok[i + 1].flags & TF_BOL)) {
			size_t d = directive_end(l, i);

			if (tok_ident(buf, l, i + 1, "include") && i + 2 < d &&
			    (l->tok[i + 2].kind == TOK_HEADER ||
			     l->tok[i + 2].kind == TOK_STRING)) {
				size_t a = alloc_inc;

				ALLOC_GROW(f->includes, f->nr_includes + 1,
					   alloc_inc);
				if (a != alloc_inc)
					f->include_lines = xrealloc(
						f->include_lines,
						alloc_inc * sizeof(unsigned));
				f->include_lines[f->nr_includes] = t->line;
				f->includes[f->nr_includes++] = xstrndup(
					buf + l->tok[i + 2].off,
					l->tok[i + 2].len);
			} else if (tok_ident(buf, l, i + 1, "if") ||
				   tok_ident(buf, l, i + 1, "ifdef") ||
				   tok_ident(buf, l, i + 1, "ifndef")) {
				if (tok_ident(buf, l, i + 1, "ifndef") &&
				    guard == NONE && depth == 0 && i + 2 < d &&
				    d + 2 < eof && l->tok[d].kind == TOK_HASH &&
				    tok_ident(buf, l, d + 1, "define") &&
				    directive_end(l, d) == d + 3 &&
				    l->tok[d + 2].len == l->tok[i + 2].len &&
				    !memcmp(buf + l->tok[d + 2].off,
					    buf + l->tok[i + 2].off,
					    l->tok[i + 2].len))
					guard = i;
				if (depth < ARRAY_SIZE(stack))
					stack[depth] = i;
				depth++;
			} else if (tok_ident(buf, l, i + 1, "endif")) {
				if (depth)
					depth--;
			} else if (tok_ident(buf, l, i + 1, "define") &&
				   i + 2 < d &&
				   (n = once_name_at(po, buf, l, i + 2)) >= 0) {
				size_t outer = NONE;

				if (!(f->defines & BIT(n)))
					f->def_line[n] = t->line;
				f->defines |= BIT(n);
				for (size_t k = 0; k < depth &&
				     k < ARRAY_SIZE(stack); k++)
					if (stack[k] != guard) {
						outer = stack[k];
						break;
					}
				ALLOC_GROW(f->defs, f->nr_defs + 1, alloc_defs);
				f->defs[f->nr_defs].name = n;
				f->defs[f->nr_defs].hash = i;
				f->defs[f->nr_defs].outer_if = outer;
				f->defs[f->nr_defs].wrap_if = NONE;
				f->defs[f->nr_defs].wrap_endif = NONE;
				if (depth && depth <= ARRAY_SIZE(stack)) {
					size_t w = stack[depth - 1];

					if (w != guard &&
					    tok_ident(buf, l, w + 1, "ifndef") &&
					    directive_end(l, w) == i &&
					    directive_end(l, w) == w + 3 &&
					    l->tok[w + 2].len == l->tok[i + 2].len &&
					    !memcmp(buf + l->tok[w + 2].off,
						    buf + l->tok[i + 2].off,
						    l->tok[i + 2].len) &&
					    d + 1 < eof &&
					    l->tok[d].kind == TOK_HASH &&
					    tok_ident(buf, l, d + 1, "endif")) {
						f->defs[f->nr_defs].wrap_if = w;
						f->defs[f->nr_defs].wrap_endif = d;
						if (outer == w)
							f->defs[f->nr_defs].outer_if =
								NONE;
					}
				}
				f->nr_defs++;
			}
			/* nothing else on a directive line is a use, except
			 * in a #define's body */
			for (size_t k = i + 1; k < d; k++)
				if ((l->tok[k].flags & TF_DEFINE_BODY) &&
				    (n = once_name_at(po, buf, l, k)) >= 0)
					f->mentions |= BIT(n);
			i = d - 1;
			continue;
		}
		if ((n = once_name_at(po, buf, l, i)) >= 0 &&
		    !(i > 0 && (tok_punct(buf, l, i - 1, ".") ||
				tok_punct(buf, l, i - 1, "->"))))
			f->mentions |= BIT(n);
	}
}

/* ---- the headers of a run ---- */

/* What a file of the tree defines and includes, kept by real path. */
struct header_info {
	unsigned defines;
	unsigned def_line[ON__COUNT];
	char **includes;
	unsigned *include_lines;
	size_t nr_includes;
};

/*
 * A header's #include lines resolved for one set of search folders: where
 * each leads (its real path's entry), or what it is known to define when
 * it leads nowhere.  The walk of a file's headers follows these pointers,
 * where it resolved every line again, as strings, for every file (issue
 * #35: 10 % of fix on Linux 4.14.5); it visits the same headers in the
 * same order, so its answer, caps included, is the one it was.
 */
struct include_edge {
	struct path_fact *to; /* the header's real path, or NULL */
	unsigned known;       /* to == NULL: known_header()'s bits */
	int unknown;          /* to == NULL: a "local" header not found */
};

struct search_ctx;

struct header_edges {
	const struct search_ctx *ctx;
	struct header_edges *next;
	size_t nr;
	struct include_edge *to;
};

struct header_entry {
	int ok;          /* read and lexed */
	struct header_info info;
	struct header_edges *edges; /* one per search context that asked */
};

/*
 * What a run learns about a path, asked once: the same headers are
 * looked up for every file fix converts (up to MAX_HEADERS each, and
 * their includers for a header), and realpath() is a system call per
 * folder of the path -- 1.3 million readlink() calls for Linux 4.14.5's
 * 206 converted files (issue #35).  The tree does not change while the
 * answers are used: --in-place writes after the walk.  Entries are never
 * moved or freed before the cache is, so a pointer to one stays valid.
 */
struct path_fact {
	char *path;
	char kind;        /* 0 not asked; 'f' regular file, 'd' folder,
			     '-' neither (or no such path) */
	char real_known;
	char *real;       /* realpath(path), or NULL */
	struct header_entry *header; /* by real path: its facts, once read */
};

struct provider_cache {
	const struct provider_opts *po;
	pthread_mutex_t lock;
	struct path_fact **slot; /* open addressing on the path */
	size_t size, nr;
	const struct include_edges *edges; /* who includes whom, or NULL */
	size_t includer_queries;           /* spent so far (under lock) */
	struct search_ctx *contexts;       /* a list, never shortened */
	struct provider_stats stats;       /* under lock */
};

struct provider_cache *provider_cache_new(const struct provider_opts *po)
{
	struct provider_cache *pc = xcalloc(1, sizeof(*pc));

	pc->po = po;
	pthread_mutex_init(&pc->lock, NULL);
	return pc;
}

void provider_cache_use_edges(struct provider_cache *pc,
			      const struct include_edges *edges)
{
	pc->edges = edges;
}

static void info_release(struct header_info *h)
{
	for (size_t k = 0; k < h->nr_includes; k++)
		free(h->includes[k]);
	free(h->includes);
	free(h->include_lines);
	memset(h, 0, sizeof(*h));
}

static void contexts_free(struct provider_cache *pc);

void provider_cache_stats(struct provider_cache *pc,
			  struct provider_stats *out)
{
	pthread_mutex_lock(&pc->lock);
	*out = pc->stats;
	pthread_mutex_unlock(&pc->lock);
}

void provider_cache_free(struct provider_cache *pc)
{
	if (!pc)
		return;
	for (size_t i = 0; i < pc->size; i++) {
		struct path_fact *pf = pc->slot[i];

		if (!pf)
			continue;
		if (pf->header) {
			struct header_edges *he = pf->header->edges, *next;

			for (; he; he = next) {
				next = he->next;
				free(he->to);
				free(he);
			}
			info_release(&pf->header->info);
			free(pf->header);
		}
		free(pf->real);
		free(pf->path);
		free(pf);
	}
	free(pc->slot);
	contexts_free(pc);
	pthread_mutex_destroy(&pc->lock);
	free(pc);
}

static size_t path_hash(const char *s)
{
	size_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static size_t path_slot(struct path_fact **slot, size_t size, const char *path)
{
	size_t i = path_hash(path) & (size - 1);

	while (slot[i] && strcmp(slot[i]->path, path))
		i = (i + 1) & (size - 1);
	return i;
}

/* The entry of path, made when new; call with pc->lock held. */
static struct path_fact *path_fact_locked(struct provider_cache *pc,
					  const char *path)
{
	size_t i;

	if (2 * (pc->nr + 1) > pc->size) {
		size_t size = pc->size ? 2 * pc->size : 256;
		struct path_fact **slot = xcalloc(size, sizeof(*slot));

		for (size_t k = 0; k < pc->size; k++)
			if (pc->slot[k])
				slot[path_slot(slot, size, pc->slot[k]->path)] =
					pc->slot[k];
		free(pc->slot);
		pc->slot = slot;
		pc->size = size;
	}
	i = path_slot(pc->slot, pc->size, path);
	if (!pc->slot[i]) {
		pc->slot[i] = xcalloc(1, sizeof(**pc->slot));
		pc->slot[i]->path = xstrdup(path);
		pc->nr++;
	}
	return pc->slot[i];
}

/* 'f' a regular file, 'd' a folder, '-' neither: stat() once per path. */
static char path_kind(struct provider_cache *pc, const char *path)
{
	struct path_fact *pf;
	struct stat st;
	char kind;

	pthread_mutex_lock(&pc->lock);
	pf = path_fact_locked(pc, path);
	kind = pf->kind;
	pthread_mutex_unlock(&pc->lock);
	if (kind)
		return kind;
	kind = stat(path, &st) ? '-' : S_ISREG(st.st_mode) ? 'f' :
	       S_ISDIR(st.st_mode) ? 'd' : '-';
	pthread_mutex_lock(&pc->lock);
	pf->kind = kind;
	pthread_mutex_unlock(&pc->lock);
	return kind;
}

static int is_file(struct provider_cache *pc, const char *path)
{
	return path_kind(pc, path) == 'f';
}

static int is_dir(struct provider_cache *pc, const char *path)
{
	return path_kind(pc, path) == 'd';
}

static char *real_path(struct provider_cache *pc, const char *path);

/* realpath(path), its folder's real path asked of real_path() (once per
 * folder, and so for each folder above it): glibc's realpath() asks
 * readlink() of every part of a path, and the headers a walk meets
 * share their folders (issue #35). */
static char *real_path_by_folder(struct provider_cache *pc, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir, *rdir, *full;

	if (!slash || slash == path)
		return realpath(path, NULL);
	dir = xstrndup(path, (size_t)(slash - path));
	rdir = real_path(pc, dir);
	free(dir);
	full = realpath_in_real_dir(rdir, slash + 1);
	free(rdir);
	return full ? full : realpath(path, NULL);
}

/* realpath(path) (a copy, or NULL), asked once per path. */
static char *real_path(struct provider_cache *pc, const char *path)
{
	struct path_fact *pf;
	char *real;

	pthread_mutex_lock(&pc->lock);
	pf = path_fact_locked(pc, path);
	if (pf->real_known) {
		real = pf->real ? xstrdup(pf->real) : NULL;
		pthread_mutex_unlock(&pc->lock);
		return real;
	}
	pthread_mutex_unlock(&pc->lock);
	real = real_path_by_folder(pc, path);
	pthread_mutex_lock(&pc->lock);
	if (!pf->real_known) {
		pf->real = real ? xstrdup(real) : NULL;
		pf->real_known = 1;
	}
	pthread_mutex_unlock(&pc->lock);
	return real;
}

/* The facts of the file at real path `real`, read on first need (the
 * entry stays as it is until the cache is freed).  NULL when it cannot
 * be read. */
static const struct header_info *header_facts(struct provider_cache *pc,
					      const char *real)
{
	struct file_facts f;
	struct token_list l = TOKEN_LIST_INIT;
	struct header_entry *e;
	struct path_fact *pf;
	size_t len;
	char *buf;
	int ok = 0;

	pthread_mutex_lock(&pc->lock);
	pf = path_fact_locked(pc, real);
	e = pf->header;
	pthread_mutex_unlock(&pc->lock);
	if (e)
		return e->ok ? &e->info : NULL;

	buf = read_file(real, &len);
	memset(&f, 0, sizeof(f));
	if (buf && len <= (4u << 20) && !memchr(buf, '\0', len)) {
		lex_buffer(buf, len, &l);
		read_facts(pc->po, buf, &l, &f);
		ok = 1;
	}
	free(buf);
	token_list_release(&l);
	e = xcalloc(1, sizeof(*e));
	e->ok = ok;
	e->info.defines = f.defines;
	memcpy(e->info.def_line, f.def_line, sizeof(e->info.def_line));
	e->info.includes = f.includes;
	e->info.include_lines = f.include_lines;
	e->info.nr_includes = f.nr_includes;
	free(f.defs);
	pthread_mutex_lock(&pc->lock);
	if (pf->header) { /* another thread read it meanwhile */
		info_release(&e->info);
		free(e);
		e = pf->header;
	} else {
		pf->header = e;
	}
	pthread_mutex_unlock(&pc->lock);
	return e->ok ? &e->info : NULL;
}

/* Folders <x.h> is looked for in: include/ folders of the file's own
 * folder and the ones above it (nearest first); in a Linux tree, <asm/x.h>
 * also in the file's arch/NAME/include/asm and include/asm-generic. */
struct search_dirs {
	char *dir[16];
	size_t nr;
	char *asm_dir[2];
	size_t nr_asm;
	char *of;  /* the folder they were found for: they depend on it only */
};

static void search_dirs_of(struct provider_cache *pc, const char *real_dir,
			   const char *kroot, struct search_dirs *sd)
{
	char *d = xstrdup(real_dir);

	memset(sd, 0, sizeof(*sd));
	sd->of = xstrdup(real_dir);
	while (sd->nr < ARRAY_SIZE(sd->dir)) {
		char *inc = xasprintf("%s/include", *d ? d : "");
		char *slash;

		if (is_dir(pc, inc))
			sd->dir[sd->nr++] = inc;
		else
			free(inc);
		slash = strrchr(d, '/');
		if (!slash || slash == d)
			break;
		*slash = '\0';
	}
	free(d);
	if (kroot) {
		size_t n = strlen(kroot);

		if (!strncmp(real_dir, kroot, n) &&
		    !strncmp(real_dir + n, "/arch/", 6)) {
			const char *a = real_dir + n + 6;
			size_t an = strcspn(a, "/");

			sd->asm_dir[sd->nr_asm++] = xasprintf(
				"%s/arch/%.*s/include/asm", kroot, (int)an, a);
		}
		sd->asm_dir[sd->nr_asm++] =
			xasprintf("%s/include/asm-generic", kroot);
	}
}

static void search_dirs_release(struct search_dirs *sd)
{
	for (size_t i = 0; i < sd->nr; i++)
		free(sd->dir[i]);
	for (size_t i = 0; i < sd->nr_asm; i++)
		free(sd->asm_dir[i]);
	sd->nr = sd->nr_asm = 0;
	free(sd->of);
	sd->of = NULL;
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
}

/* The real path of the header spelled `inc` ("<x.h>" / "\"x.h\"")
 * included from the file in folder `from`, or NULL. */
static char *resolve_now(struct provider_cache *pc, const char *inc,
			 const char *from, const struct search_dirs *sd);

/* The same, asked once per spelling, including folder and search
 * folders: every file of a folder follows the same headers (the key
 * starts with a byte no path holds, so it never meets a path's entry). */
static char *resolve(struct provider_cache *pc, const char *inc,
		     const char *from, const struct search_dirs *sd)
{
	char *key = xasprintf("\001%s\001%s\001%s", sd->of ? sd->of : "",
			      inc[0] == '"' ? from : "", inc);
	struct path_fact *pf;
	char *real;

	pthread_mutex_lock(&pc->lock);
	pf = path_fact_locked(pc, key);
	if (pf->real_known) {
		real = pf->real ? xstrdup(pf->real) : NULL;
		pthread_mutex_unlock(&pc->lock);
		free(key);
		return real;
	}
	pthread_mutex_unlock(&pc->lock);
	real = resolve_now(pc, inc, from, sd);
	pthread_mutex_lock(&pc->lock);
	if (!pf->real_known) {
		pf->real = real ? xstrdup(real) : NULL;
		pf->real_known = 1;
	}
	pthread_mutex_unlock(&pc->lock);
	free(key);
	return real;
}

static char *resolve_now(struct provider_cache *pc, const char *inc,
			 const char *from, const struct search_dirs *sd)
{
	size_t n = strlen(inc);
	char *name, *cand, *real = NULL;

	if (n < 3)
		return NULL;
	name = xstrndup(inc + 1, n - 2);
	if (name[0] == '/') {
		real = is_file(pc, name) ? real_path(pc, name) : NULL;
		free(name);
		return real;
	}
	if (inc[0] == '"') {
		cand = xasprintf("%s/%s", from, name);
		if (is_file(pc, cand))
			real = real_path(pc, cand);
		free(cand);
	}
	for (size_t i = 0; !real && i < sd->nr; i++) {
		cand = xasprintf("%s/%s", sd->dir[i], name);
		if (is_file(pc, cand))
			real = real_path(pc, cand);
		free(cand);
	}
	for (size_t i = 0; !real && i < sd->nr_asm && !strncmp(name, "asm/", 4);
	     i++) {
		cand = xasprintf("%s/%s", sd->asm_dir[i], name + 4);
		if (is_file(pc, cand))
			real = real_path(pc, cand);
		free(cand);
	}
	free(name);
	return real;
}

/* What a header that could not be found is known to define by its name:
 * rwonce.h everything, the kernel's once-macro headers READ_ONCE and
 * WRITE_ONCE, --add-include's header the two fix writes. */
static unsigned known_header(const struct provider_opts *po, const char *inc)
{
	size_t n = strlen(inc);
	unsigned rw = 0;

	if (n < 3)
		return 0;
	if (!strcmp(po->read_name, "READ_ONCE"))
		rw |= BIT(ON_READ);
	if (!strcmp(po->write_name, "WRITE_ONCE"))
		rw |= BIT(ON_WRITE);
	if (po->inc && po->inc->header &&
	    !strncmp(po->inc->header + 1, inc + 1, n - 2) &&
	    strlen(po->inc->header) == n)
		return RW_BITS | (po->inc_is_rwonce ? CLASH_BITS : 0);
	if (!strncmp(inc + 1, "rwonce.h", n - 2) && n - 2 == 8)
		return rw | BIT(ON_ACCESS) | BIT(ON_ASSIGN) | BIT(ON_BARRIER);
	if ((n - 2 == 16 && !strncmp(inc + 1, "linux/compiler.h", 16)) ||
	    (n - 2 == 12 && !strncmp(inc + 1, "asm/rwonce.h", 12)) ||
	    (n - 2 == 20 && !strncmp(inc + 1, "asm-generic/rwonce.h", 20)))
		return rw;
	return 0;
}

/* ---- the walk of a file's headers ---- */

/*
 * The search folders of the files that share them (most files of a tree
 * do: <x.h> resolves the same from every folder with the same include/
 * folders above it): the set the headers' includes are resolved for.
 * Kept until the cache is freed.
 */
struct search_ctx {
	char *key; /* the folders, each ended by '\001'; asm folders after "\002" */
	struct search_dirs sd;
	struct search_ctx *next;
};

static void contexts_free(struct provider_cache *pc)
{
	struct search_ctx *c, *next;

	for (c = pc->contexts; c; c = next) {
		next = c->next;
		search_dirs_release(&c->sd);
		free(c->key);
		free(c);
	}
	pc->contexts = NULL;
}

static char *search_key(const struct search_dirs *sd)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < sd->nr; i++)
		strbuf_addf(&sb, "%s\001", sd->dir[i]);
	strbuf_addch(&sb, '\002');
	for (size_t i = 0; i < sd->nr_asm; i++)
		strbuf_addf(&sb, "%s\001", sd->asm_dir[i]);
	return strbuf_detach(&sb);
}

/* The context of these search folders, made when new. */
static const struct search_ctx *search_ctx_of(struct provider_cache *pc,
					      const struct search_dirs *sd)
{
	char *key = search_key(sd);
	struct search_ctx *c;

	pthread_mutex_lock(&pc->lock);
	for (c = pc->contexts; c; c = c->next)
		if (!strcmp(c->key, key))
			break;
	if (!c) {
		c = xcalloc(1, sizeof(*c));
		c->key = key;
		key = NULL;
		for (size_t i = 0; i < sd->nr; i++)
			c->sd.dir[i] = xstrdup(sd->dir[i]);
		c->sd.nr = sd->nr;
		for (size_t i = 0; i < sd->nr_asm; i++)
			c->sd.asm_dir[i] = xstrdup(sd->asm_dir[i]);
		c->sd.nr_asm = sd->nr_asm;
		/* resolve()'s answers depend on the folders only: the
		 * first folder that asked names them */
		c->sd.of = xstrdup(sd->of ? sd->of : "");
		c->next = pc->contexts;
		pc->contexts = c;
	}
	pthread_mutex_unlock(&pc->lock);
	free(key);
	return c;
}

/* One include line followed: where resolve() leads, or what the line is
 * known to define. */
static void edge_of(struct provider_cache *pc, const char *inc,
		    const char *from, const struct search_dirs *sd,
		    struct include_edge *e)
{
	char *real = resolve(pc, inc, from, sd);

	memset(e, 0, sizeof(*e));
	if (!real) {
		e->known = known_header(pc->po, inc);
		/* a "local" header that is not where the file says: found
		 * by the build's -I, never read here */
		e->unknown = !e->known && inc[0] == '"';
		return;
	}
	pthread_mutex_lock(&pc->lock);
	e->to = path_fact_locked(pc, real);
	pthread_mutex_unlock(&pc->lock);
	free(real);
}

/* The includes of the header at entry pf, resolved for context c once
 * (later askers share them); NULL when it cannot be read. */
static const struct header_edges *header_edges_of(struct provider_cache *pc,
						  const struct search_ctx *c,
						  struct path_fact *pf)
{
	const struct header_info *h;
	struct header_entry *e;
	struct header_edges *he;
	char *dir;

	pthread_mutex_lock(&pc->lock);
	e = pf->header;
	he = e ? e->edges : NULL;
	while (he && he->ctx != c)
		he = he->next;
	pthread_mutex_unlock(&pc->lock);
	if (he)
		return he;
	if (e && !e->ok)
		return NULL;
	if (!(h = header_facts(pc, pf->path)))
		return NULL;
	he = xcalloc(1, sizeof(*he));
	he->ctx = c;
	he->nr = h->nr_includes;
	he->to = xcalloc(he->nr ? he->nr : 1, sizeof(*he->to));
	dir = dir_of(pf->path);
	for (size_t k = 0; k < h->nr_includes; k++)
		edge_of(pc, h->includes[k], dir, &c->sd, &he->to[k]);
	free(dir);
	pthread_mutex_lock(&pc->lock);
	e = pf->header;
	{
		struct header_edges *o = e->edges;

		while (o && o->ctx != c)
			o = o->next;
		if (o) { /* another thread resolved them meanwhile */
			free(he->to);
			free(he);
			he = o;
		} else {
			he->next = e->edges;
			e->edges = he;
			pc->stats.headers_resolved++;
			pc->stats.lines_resolved += he->nr;
		}
	}
	pthread_mutex_unlock(&pc->lock);
	return he;
}

/* The headers one walk has met (by entry): at most MAX_HEADERS. */
struct header_seen {
	struct path_fact *slot[2 * MAX_HEADERS];
	size_t nr;
};

static int header_seen_add(struct header_seen *s, struct path_fact *pf)
{
	size_t i = ((uintptr_t)pf >> 4) * 0x9e3779b97f4a7c15ULL >> 32;

	for (i &= ARRAY_SIZE(s->slot) - 1; s->slot[i];
	     i = (i + 1) & (ARRAY_SIZE(s->slot) - 1))
		if (s->slot[i] == pf)
			return 0;
	s->slot[i] = pf;
	s->nr++;
	return 1;
}

struct header_walk {
	struct provider_cache *pc;
	const struct search_ctx *ctx;
	struct header_seen *seen;
	size_t visits;
	int unknown; /* a "header" that could not be read */
	unsigned want; /* the names asked for */
	unsigned bits; /* the names found so far */
};

/* Has the walk found every name asked for?  Then the rest of it could
 * only add names: the answer to the question is known. */
static int walk_done(const struct header_walk *w)
{
	return (w->bits & w->want) == w->want;
}

/* The names defined by the headers these lines lead to, followed through
 * their own includes (each header once, MAX_HEADERS at most, MAX_DEPTH
 * deep): depth first, in the order of the lines, into w->bits.  The walk
 * stops once the names asked for (w->want) are all found: every asker
 * wants to know only whether they are, and a walk that stops is the
 * beginning of the whole walk (issue #35: a file of Linux 4.14.5 met 340
 * headers on average where <linux/compiler.h> comes in the first few
 * dozen). */
static void walk_edges(struct header_walk *w, const struct include_edge *to,
		       size_t nr, int depth)
{
	if (depth > MAX_DEPTH)
		return;
	for (size_t k = 0; k < nr && w->seen->nr < MAX_HEADERS &&
			   !walk_done(w); k++) {
		const struct header_edges *he;

		if (!to[k].to) {
			w->bits |= to[k].known;
			w->unknown |= to[k].unknown;
			continue;
		}
		if (!header_seen_add(w->seen, to[k].to))
			continue;
		w->visits++;
		if (!(he = header_edges_of(w->pc, w->ctx, to[k].to)))
			continue;
		w->bits |= to[k].to->header->info.defines;
		walk_edges(w, he->to, he->nr, depth + 1);
	}
}

/* The names defined by the headers the list includes (from the file in
 * folder `from`, its search folders sd), followed through their own
 * includes; *seen: the headers met so far, shared by the calls of one
 * question.  Those of `want` are exact; the others and *unknown are
 * complete only when not all of `want` are defined (the walk stops when
 * they are: walk_edges()). */
static unsigned included_defines(struct provider_cache *pc, char **includes,
				 size_t nr, const char *from,
				 const struct search_dirs *sd,
				 struct header_seen *seen, int *unknown,
				 unsigned want)
{
	struct header_walk w = { pc, search_ctx_of(pc, sd), seen, 0, 0, want,
				 0 };
	struct include_edge *to = xcalloc(nr ? nr : 1, sizeof(*to));
	unsigned bits;

	for (size_t k = 0; k < nr; k++)
		edge_of(pc, includes[k], from, sd, &to[k]);
	walk_edges(&w, to, nr, 0);
	bits = w.bits;
	free(to);
	*unknown |= w.unknown;
	pthread_mutex_lock(&pc->lock);
	pc->stats.walks++;
	pc->stats.visits += w.visits;
	if (seen->nr >= MAX_HEADERS)
		pc->stats.capped++;
	pthread_mutex_unlock(&pc->lock);
	return bits;
}

/* The names the headers at these real paths define (with their
 * includes): exact for those of `want` (included_defines()). */
static unsigned headers_define(struct provider_cache *pc,
			       const char *const *reals, size_t nr,
			       const struct search_dirs *sd, unsigned want)
{
	struct header_seen *seen = xcalloc(1, sizeof(*seen));
	unsigned bits = 0;
	int unknown = 0;

	for (size_t k = 0; k < nr && (bits & want) != want; k++) {
		char *inc;

		if (!is_file(pc, reals[k]))
			continue;
		inc = xasprintf("\"%s\"", reals[k]);
		bits |= included_defines(pc, &inc, 1, "/", sd, seen, &unknown,
					 want & ~bits);
		free(inc);
	}
	free(seen);
	return bits;
}

/* The top of the Linux tree the file is in ("" when none): a folder
 * with include/linux/compiler.h, arch/ and Kbuild or MAINTAINERS. */
static char *kernel_root(struct provider_cache *pc, const char *real_dir)
{
	char *d = xstrdup(real_dir);

	for (;;) {
		char *a = xasprintf("%s/include/linux/compiler.h", d);
		char *b = xasprintf("%s/arch", d);
		char *c = xasprintf("%s/Kbuild", d);
		char *m = xasprintf("%s/MAINTAINERS", d);
		int yes = is_file(pc, a) && is_dir(pc, b) &&
			  (is_file(pc, c) || is_file(pc, m));
		char *slash;

		free(a);
		free(b);
		free(c);
		free(m);
		if (yes)
			return d;
		slash = strrchr(d, '/');
		if (!slash || slash == d) {
			free(d);
			return NULL;
		}
		*slash = '\0';
	}
}

/* ---- the files that include a header ---- */

/* Headers whose includers are looked at in one run, at most: each look
 * reads the files that include it, and theirs. */
#define MAX_INCLUDER_QUERIES 256
#define MAX_INCLUDER_DEPTH 6

/* Does a file see what it needs at a line?  MAYBE: a header it includes
 * before could not be read. */
enum sees { SEES_NO, SEES_YES, SEES_MAYBE };

static enum sees sees_before(struct provider_cache *pc, const char *real,
			     unsigned line, unsigned need, int depth,
			     struct strset *visiting);

struct includer_check {
	struct provider_cache *pc;
	const char *target;  /* the header's real path */
	unsigned need;
	int depth;
	struct strset *visiting;
	size_t n;            /* includers found */
	int any, all;        /* some / all see `need` before the include */
};

static void check_includer(void *ctx, const char *from, const char *name,
			   unsigned line)
{
	struct includer_check *c = ctx;
	char *freal = real_path(c->pc, from), *dir, *cand, *hreal;

	if (!freal)
		return;
	dir = dir_of(freal);
	cand = xasprintf("%s/%s", dir, name);
	hreal = real_path(c->pc, cand);
	if (hreal && !strcmp(hreal, c->target)) {
		enum sees s = sees_before(c->pc, freal, line, c->need,
					  c->depth + 1, c->visiting);

		c->n++;
		if (s != SEES_NO)
			c->any = 1;
		if (s != SEES_YES)
			c->all = 0;
	}
	free(hreal);
	free(cand);
	free(dir);
	free(freal);
}

/* The files of the tree that include the header at real path `real`:
 * how many, and whether some (or may) or all of them see `need` before. */
static void includers_see(struct provider_cache *pc, const char *real,
			  unsigned need, int depth, struct strset *visiting,
			  size_t *n, int *any, int *all)
{
	struct includer_check c = { pc, real, need, depth, visiting, 0, 0, 1 };
	const char *base = strrchr(real, '/');
	int budget;

	*n = 0;
	*any = 0;
	*all = 0;
	pthread_mutex_lock(&pc->lock);
	budget = pc->includer_queries < MAX_INCLUDER_QUERIES;
	pc->includer_queries++;
	pthread_mutex_unlock(&pc->lock);
	if (!pc->edges || !budget || depth > MAX_INCLUDER_DEPTH ||
	    !strset_add(visiting, real))
		return;
	include_edges_each(pc->edges, base ? base + 1 : real, check_includer,
			   &c);
	*n = c.n;
	*any = c.any;
	*all = c.n && c.all;
}

static enum sees sees_before(struct provider_cache *pc, const char *real,
			     unsigned line, unsigned need, int depth,
			     struct strset *visiting)
{
	const struct header_info *h;
	struct search_dirs sd;
	struct header_seen *seen;
	char *dir, *kroot;
	unsigned bits = 0;
	size_t nr = 0, n;
	int unknown = 0, any, all;

	if (!(h = header_facts(pc, real)))
		return SEES_NO;
	for (int k = 0; k < ON__COUNT; k++)
		if ((h->defines & BIT(k)) && h->def_line[k] < line)
			bits |= BIT(k);
	while (nr < h->nr_includes && h->include_lines[nr] < line)
		nr++;
	dir = dir_of(real);
	kroot = kernel_root(pc, dir);
	search_dirs_of(pc, dir, kroot, &sd);
	seen = xcalloc(1, sizeof(*seen));
	bits |= included_defines(pc, h->includes, nr, dir, &sd, seen,
				 &unknown, need & ~bits);
	free(seen);
	search_dirs_release(&sd);
	free(kroot);
	free(dir);
	if (!(need & ~bits))
		return SEES_YES;
	if (unknown)
		return SEES_MAYBE;
	/* a header: what every file that includes it sees there */
	if (!ends_with(real, ".h"))
		return SEES_NO;
	includers_see(pc, real, need & ~bits, depth, visiting, &n, &any, &all);
	return all ? SEES_YES : any ? SEES_MAYBE : SEES_NO;
}

/* ---- deciding ---- */

/* The byte at which the line of token t starts. */
static size_t line_start(const char *buf, const struct token *t)
{
	size_t p = t->off;

	while (p > 0 && buf[p - 1] != '\n')
		p--;
	return p;
}

/* The byte after the newline that ends the directive starting at hash
 * (or the end of the file). */
static size_t directive_line_end(const char *buf, size_t len,
				 const struct token_list *l, size_t hash)
{
	size_t last = directive_end(l, hash) - 1;
	size_t p = l->tok[last].off + l->tok[last].len;

	while (p < len && buf[p] != '\n')
		p++;
	return p < len ? p + 1 : len;
}

static void note_at(struct strbuf *notes, const char *path,
		    const struct token_list *l, size_t tok, const char *fmt,
		    const char *a, const char *b)
{
	strbuf_addf(notes, "%s:%u:%u: note: ", path, l->tok[tok].line,
		    l->tok[tok].col);
	strbuf_addf(notes, fmt, a, b);
	strbuf_addch(notes, '\n');
}

static int is_header_path(const char *path)
{
	return ends_with(path, ".h");
}

/*
 * rwonce.h in place of the file's own definitions that would clash with
 * it: the include above the first (outside any conditional around it),
 * READ_ONCE/WRITE_ONCE and, when nothing left needs it, ACCESS_ONCE
 * removed; the others kept after an #undef.
 */
static void replace_own(const struct provider_opts *po, const char *path,
			const char *buf, size_t len,
			const struct token_list *l,
			const struct file_facts *f, size_t access_left,
			struct edit_list *edits, struct strbuf *notes)
{
	const struct own_def *first = NULL;
	int keep_access = access_left || is_header_path(path);

	for (size_t k = 0; k < f->nr_defs; k++) {
		const struct own_def *d = &f->defs[k];
		const char *name = name_of(po, d->name);
		int keep = d->name == ON_ASSIGN || d->name == ON_BARRIER ||
			   (d->name == ON_ACCESS && keep_access);

		if (keep) {
			/* above an "#ifndef NAME" around it, which would
			 * skip the definition once rwonce.h has one */
			include_insert_at_line(&po->undef[d->name], buf, l,
					       d->wrap_if != NONE ? d->wrap_if :
								   d->hash,
					       edits);
			note_at(notes, path, l, d->hash,
				"#define %s kept after an #undef: %s", name,
				d->name == ON_ACCESS ?
				(access_left ? "uses of it are left in this "
				 "file, and rwonce.h's ACCESS_ONCE takes "
				 "scalars only" :
				 "other files may use this header's "
				 "ACCESS_ONCE, and rwonce.h's takes scalars "
				 "only") :
				"rwonce.h, now included, defines it too");
		} else {
			/* the definition, or the #ifndef around it */
			size_t h0 = d->wrap_if != NONE ? d->wrap_if : d->hash;
			size_t h1 = d->wrap_if != NONE ? d->wrap_endif : d->hash;
			size_t from = line_start(buf, &l->tok[h0]);

			edit_list_add(edits, from,
				      directive_line_end(buf, len, l, h1) -
				      from, "");
			note_at(notes, path, l, d->hash,
				"#define %s removed: %s", name,
				"rwonce.h, now included, defines it");
		}
	}
	/* last, so that it goes first: above an #undef at the same place */
	first = &f->defs[0];
	include_insert_at_line(po->inc, buf, l,
			       first->outer_if != NONE ? first->outer_if :
			       first->wrap_if != NONE ? first->wrap_if :
							first->hash,
			       edits);
}

enum provider_answer provider_resolve(struct provider_cache *pc,
				      const struct provider_opts *po,
				      const char *path, const char *buf,
				      size_t len, const struct token_list *l,
				      int need_read, int need_write,
				      size_t access_left,
				      struct edit_list *edits,
				      struct strbuf *notes, const char **why,
				      unsigned *missing, const char **added)
{
	unsigned need = (need_read ? BIT(ON_READ) : 0) |
			(need_write ? BIT(ON_WRITE) : 0);
	unsigned from_headers = 0;
	int unknown = 0; /* a "header" that could not be read */
	struct file_facts f;
	struct search_dirs sd;
	char *real = real_path(pc, path), *dir, *kroot;
	enum provider_answer ret = PROVIDER_VISIBLE;

	*why = NULL;
	*missing = 0;
	*added = NULL;
	if (!need) {
		free(real);
		return PROVIDER_VISIBLE;
	}
	read_facts(po, buf, l, &f);
	/* defined here, or used here already: the file's build has them */
	if (!(need & ~(f.defines | f.mentions)))
		goto out_facts;
	dir = dir_of(real ? real : path);
	kroot = kernel_root(pc, dir);
	search_dirs_of(pc, dir, kroot, &sd);
	{
		struct header_seen *seen = xcalloc(1, sizeof(*seen));

		from_headers = included_defines(pc, f.includes,
						f.nr_includes, dir, &sd,
						seen, &unknown,
						need & ~(f.defines | f.mentions));
		free(seen);
	}
	if (!(need & ~(f.defines | f.mentions | from_headers)))
		goto out_dirs;
	if (kroot) {
		/* A Linux file that cannot see them: the kernel's own
		 * header, if this kernel has them (never rwonce.h). */
		char *h[2];
		size_t nh = 0, klen = strlen(kroot);
		unsigned kbits;
		int tools = !strncmp(dir + klen, "/tools/", 7) ||
			    !strcmp(dir + klen, "/tools");

		h[nh++] = xasprintf("%s/include/linux/compiler.h", kroot);
		h[nh++] = xasprintf("%s/include/asm-generic/rwonce.h", kroot);
		kbits = headers_define(pc, (const char *const *)h, nh, &sd,
				       need);
		while (nh)
			free(h[--nh]);
		if (po->inc && !po->inc_is_rwonce) {
			/* --add-include named the header: trust it */
		} else if (tools) {
			/* user space: each tool has its own include path
			 * (BPF programs do not see tools/include) */
			*why = "under tools/ of a Linux tree nothing this file "
			       "includes defines READ_ONCE/WRITE_ONCE, and each "
			       "tool has its own include path: rwonce.h and "
			       "<linux/compiler.h> are not added there";
			ret = PROVIDER_MISSING;
			goto out_dirs;
		} else if (!(need & ~kbits) && po->inc) {
			if (!include_present(&po->kernel_inc, buf, l))
				include_insert(&po->kernel_inc, buf, len, l,
					       edits);
			ret = PROVIDER_ADDED;
			goto out_dirs;
		} else {
			*why = !(need & ~kbits) ?
			       "no definition of READ_ONCE/WRITE_ONCE is "
			       "visible from this file, and --no-add-include "
			       "says not to add <linux/compiler.h>" :
			       "this Linux tree's linux/compiler.h defines no "
			       "READ_ONCE/WRITE_ONCE (before Linux 3.19), and "
			       "rwonce.h is not added to a kernel tree";
			ret = PROVIDER_MISSING;
			goto out_dirs;
		}
	}
	if (!po->inc) {
		*why = "no definition of READ_ONCE/WRITE_ONCE is visible from "
		       "this file, and --no-add-include says not to add one";
		ret = PROVIDER_MISSING;
		goto out_dirs;
	}
	if (real && is_header_path(path) && pc->edges) {
		/* a header included where READ_ONCE is defined already:
		 * adding rwonce.h would define it again */
		unsigned missing_here = need & ~(f.defines | f.mentions |
						 from_headers);
		struct strset visiting = STRSET_INIT;
		size_t n;
		int any, all;

		includers_see(pc, real, missing_here, 0, &visiting, &n, &any,
			      &all);
		strset_release(&visiting);
		if (all)
			goto out_dirs; /* every includer has them */
		if (any && po->inc_is_rwonce &&
		    !strcmp(po->read_name, "READ_ONCE") &&
		    !strcmp(po->write_name, "WRITE_ONCE")) {
			include_insert(missing_here == RW_BITS ? &po->guarded_both :
				       missing_here == BIT(ON_READ) ?
				       &po->guarded_read : &po->guarded_write,
				       buf, len, l, edits);
			note_at(notes, path, l, 0,
				"%s added under #ifndef%s: some of the files "
				"that include this header see READ_ONCE/"
				"WRITE_ONCE before it (or may: a header they "
				"include is not in the tree), some do not",
				po->inc->header, "");
			ret = PROVIDER_ADDED;
			goto out_dirs;
		}
	}
	if (!po->inc_is_rwonce) {
		if (!include_present(po->inc, buf, l))
			include_insert(po->inc, buf, len, l, edits);
		ret = PROVIDER_ADDED;
		goto out_dirs;
	}
	if (strcmp(po->read_name, "READ_ONCE") ||
	    strcmp(po->write_name, "WRITE_ONCE")) {
		*why = "no definition of the --read-name/--write-name macros "
		       "is visible from this file, and rwonce.h does not "
		       "define them: name their header with --add-include";
		ret = PROVIDER_MISSING;
		goto out_dirs;
	}
	ret = PROVIDER_ADDED;
	if ((from_headers & CLASH_BITS) || unknown) {
		/* a header defines what rwonce.h would define again, or
		 * may: one this file includes could not be read */
		unsigned add = need & ~(f.defines | f.mentions | from_headers);

		/* under #ifndef: a header that could not be read may
		 * define them after all */
		include_insert(add == RW_BITS ? &po->guarded_both :
			       add == BIT(ON_READ) ? &po->guarded_read :
			       &po->guarded_write, buf, len, l, edits);
		note_at(notes, path, l, 0,
			"%s added with RWONCE_NO_SHORT_NAMES: %s",
			po->inc->header, from_headers & CLASH_BITS ?
			"a header this file includes defines ACCESS_ONCE, "
			"ASSIGN_ONCE, barrier, READ_ONCE or WRITE_ONCE, which "
			"rwonce.h would define again" :
			"a header this file includes with #include \"...\" "
			"is not next to it, so what it defines is not known");
	} else if (f.nr_defs) {
		replace_own(po, path, buf, len, l, &f, access_left, edits,
			    notes);
	} else {
		include_insert(po->inc, buf, len, l, edits);
	}
out_dirs:
	if (ret == PROVIDER_MISSING)
		*missing = need & ~(f.defines | f.mentions | from_headers);
	else if (ret == PROVIDER_ADDED)
		*added = kroot && !(po->inc && !po->inc_is_rwonce) ?
			 po->kernel_inc.header : po->inc->header;
	search_dirs_release(&sd);
	free(kroot);
	free(dir);
out_facts:
	facts_release(&f);
	free(real);
	return ret;
}

int rewrite_provided(struct provider_cache *pc,
		     const struct provider_opts *po, const char *path,
		     struct type_index *ti, const char *buf, size_t len,
		     const struct token_list *toks,
		     const struct rewrite_opts *opts,
		     struct rewrite_result *res, struct strbuf *notes,
		     enum provider_answer *answer, const char **added)
{
	const char *why, *header;
	unsigned missing;

	*answer = PROVIDER_VISIBLE;
	if (added)
		*added = NULL;
	if (rewrite_file(path, ti, buf, len, toks, opts, res) < 0)
		return -1;
	if (!res->reads && !res->writes)
		return 0;
	*answer = provider_resolve(pc, po, path, buf, len, toks,
				   res->reads != 0, res->writes != 0,
				   res->access_left, &res->edits, notes, &why,
				   &missing, &header);
	if (added)
		*added = header;
	if (*answer == PROVIDER_MISSING) {
		/* nothing defines them there: leave those sites, each with
		 * the reason */
		struct rewrite_opts ro = *opts;

		if (missing & BIT(ON_READ))
			ro.leave_reads = why;
		if (missing & BIT(ON_WRITE))
			ro.leave_writes = why;
		rewrite_result_release(res);
		return rewrite_file(path, ti, buf, len, toks, &ro, res);
	}
	if (edit_list_sort(&res->edits) < 0) {
		res->edits.nr = 0;
		return -1;
	}
	return 0;
}
