/*
 * The tree type index (treetypes.h).
 *
 * Building it lexes every header below the walked folders once and keeps
 * only names -> headers; the definitions themselves are read again, with
 * the one-file type index, when a query needs them, so memory stays at a
 * few bytes per name.  Each variant of a query is the file's own index
 * (parsed once) with the headers chosen so far merged in, and taken out
 * again after (type_index_rewind()): never a stale answer, and no copy
 * of the file's index per variant.
 */
#define _GNU_SOURCE /* memmem */
#include "cfront/treetypes.h"
#include "cfront/branches.h"
#include "lib/util.h"
#include "lib/memfind.h"

#include <dirent.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct tt_entry {
	char *name;
	uint32_t header;
};

/*
 * Parsed headers, kept for the run: a lookup adds the same few headers
 * (the pte_t of each architecture and what it needs) to index build
 * after index build, and each used to read, lex and parse them again.
 * Keyed by the header's path as stored in tt->headers (one pointer per
 * header) and the side of its conditionals; an entry never changes once
 * in, so workers merge it without the lock.
 */
struct parsed {
	const char *path;
	int side;
	struct type_index *ti; /* NULL: unreadable or refused */
};

struct parse_cache {
	pthread_mutex_t lock;
	struct parsed *slot; /* open addressing, size a power of two */
	size_t nr, size;
	size_t hits, misses;
};

/*
 * Built from the tree (tree_types_build()), the entries are a sketch: a
 * superset of the names each header defines, found without lexing it
 * (sketch_header()).  A name is resolved the first time a lookup asks
 * for it: the headers the sketch gives for it are lexed and scanned
 * exactly (once per header per run), and what they really define is
 * kept (issue #35: lexing every header of the kernel was 9 % of an
 * audit, for the few hundred names the sites need).
 */
struct defs {
	uint32_t *header; /* one per definition, in the tree's order */
	size_t nr;
};

struct exact_names {
	int done;
	char **name; /* the names the header defines, with repeats */
	size_t nr;
};

struct lazy_state {
	pthread_mutex_t lock;
	struct defs **by_first;    /* indexed by a name's first entry */
	struct exact_names *exact; /* indexed by header */
	size_t nr_exact;
	size_t headers_lexed;
};

struct tree_types {
	struct strlist headers;
	struct tt_entry *e;
	size_t nr, alloc;
	int sketch;                /* e is a sketch, resolved by name */
	struct lazy_state *lazy;   /* mutable behind a const tree_types */
	struct parse_cache *cache; /* mutable behind a const tree_types */
	/* while building: the headers a walk already sketched */
	const struct tree_sketches *pre;
	size_t read, from_walk;    /* headers read by the build, taken
				      from pre (tree_types_build_stats()) */
};

/*
 * Headers sketched from the buffers of a walk that read them anyway
 * (tree_sketches_add()): the build takes a header's names from here
 * instead of opening and reading it a second time (issue #35: the
 * sketch's read of the 25,000 headers of a kernel tree, 3-4 % of an
 * audit, after the pre-pass had read each of them).  By path, as
 * spelled.
 */
struct sketched {
	char *path;
	size_t len;       /* the header's size when it was read */
	char *names;      /* NUL-terminated each, in the sketch's order */
	size_t nr_names;
};

struct tree_sketches {
	pthread_mutex_t lock;
	struct sketched *slot; /* open addressing, size a power of two */
	size_t nr, size;
};

#define MAX_PARSED 8192   /* headers kept; past that, parsed per use */

#define MAX_VARIANTS 64   /* architectures a name may fork into */
#define MAX_HEADERS 12    /* headers added for one variant */
#define MAX_BUILDS 256    /* index builds for one query */

/* The resolved names (defs_of()): gone when the entries change. */
static void forget_defs(struct tree_types *tt)
{
	struct lazy_state *z = tt->lazy;

	if (z->by_first)
		for (size_t i = 0; i < tt->nr; i++)
			if (z->by_first[i]) {
				free(z->by_first[i]->header);
				free(z->by_first[i]);
			}
	free(z->by_first);
	z->by_first = NULL;
}

static void add_name(struct tree_types *tt, const char *buf,
		     const struct token *t, uint32_t header)
{
	ALLOC_GROW(tt->e, tt->nr + 1, tt->alloc);
	tt->e[tt->nr].name = xstrndup(buf + t->off, t->len);
	tt->e[tt->nr].header = header;
	tt->nr++;
}

/*
 * The declarator names of the typedef whose keyword is token i, as
 * scan_header() takes them: the last identifier before each ';' or ','
 * outside brackets, or NAME in "(*NAME)".  Returns the token where the
 * scan stopped (the ';', an unmatched closer, or the EOF token).
 */
static size_t typedef_names(struct tree_types *tt, const char *buf,
			    const struct token_list *l, size_t i,
			    uint32_t header)
{
	size_t eof = l->nr - 1, k = i + 1, d = 0, last = 0;

	for (; k < eof; k++) {
		if (l->tok[k].flags & TF_DIRECTIVE)
			continue;
		if (tok_punct(buf, l, k, "(") ||
		    tok_punct(buf, l, k, "[") ||
		    tok_punct(buf, l, k, "{")) {
			/* "(*name)": a function pointer */
			if (!d && tok_punct(buf, l, k, "(") &&
			    k + 2 < eof &&
			    tok_punct(buf, l, k + 1, "*") &&
			    l->tok[k + 2].kind == TOK_IDENT)
				last = k + 2;
			d++;
		} else if (tok_punct(buf, l, k, ")") ||
			   tok_punct(buf, l, k, "]") ||
			   tok_punct(buf, l, k, "}")) {
			if (!d)
				break;
			d--;
		} else if (!d && l->tok[k].kind == TOK_IDENT &&
			   !tok_ident(buf, l, k, "__attribute__")) {
			last = k;
		} else if (!d && (tok_punct(buf, l, k, ";") ||
				  tok_punct(buf, l, k, ","))) {
			if (last)
				add_name(tt, buf, &l->tok[last], header);
			last = 0;
			if (tok_punct(buf, l, k, ";"))
				break;
		}
	}
	return k;
}

/*
 * The names one header defines: "struct TAG {", "union TAG {" anywhere,
 * and the declarator of each file-scope "typedef ... NAME;" (the last
 * identifier before ';' or ',', or the name in "(*NAME)(...)").
 */
static void scan_header(struct tree_types *tt, const char *buf,
			const struct token_list *l, uint32_t header)
{
	size_t eof = l->nr - 1, depth = 0;

	for (size_t i = 0; i < eof; i++) {
		const struct token *t = &l->tok[i];

		if (t->flags & TF_DIRECTIVE)
			continue;
		if (tok_punct(buf, l, i, "{")) {
			depth++;
		} else if (tok_punct(buf, l, i, "}")) {
			depth -= depth > 0;
		} else if ((tok_ident(buf, l, i, "struct") ||
			    tok_ident(buf, l, i, "union")) && i + 2 < eof &&
			   l->tok[i + 1].kind == TOK_IDENT &&
			   tok_punct(buf, l, i + 2, "{")) {
			add_name(tt, buf, &l->tok[i + 1], header);
		} else if (!depth && tok_ident(buf, l, i, "typedef")) {
			size_t k = typedef_names(tt, buf, l, i, header);

			i = k > i ? k - 1 : i;
		}
	}
}

/* ---- the sketch: the names a header may define, without lexing it ---- */

static int ident_byte(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$';
}

/*
 * Does buf hold a backslash-newline splice inside a token (an identifier
 * byte on both sides)?  token_is() reads "str\<newline>uct" as struct,
 * which no byte search finds: such a header is scanned exactly.
 */
static int splice_in_token(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	while ((p = memchr(p, '\\', (size_t)(end - p)))) {
		const char *q = p + 1;

		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q < end && *q == '\r')
			q++;
		if (q < end && *q == '\n' && p > buf && q + 1 < end &&
		    (ident_byte((unsigned char)p[-1]) ||
		     (unsigned char)p[-1] >= 0x80) &&
		    (ident_byte((unsigned char)q[1]) || q[1] == '\\' ||
		     (unsigned char)q[1] >= 0x80))
			return 1;
		p++;
	}
	return 0;
}

/*
 * The tokens of buf from `off`, up to the end of the line where at
 * least `want` bytes are in (a window ends after a newline, so that no
 * token but the last one, which callers never trust, is cut): 1 when
 * the window reaches the end of buf.
 */
static int lex_window(const char *buf, size_t len, size_t off, size_t want,
		      struct token_list *l)
{
	size_t end = off + want;
	const char *nl;

	if (end >= len) {
		end = len;
	} else if ((nl = memchr(buf + end, '\n', len - end))) {
		end = (size_t)(nl - buf) + 1;
	} else {
		end = len;
	}
	l->nr = 0;
	lex_buffer(buf + off, end - off, l);
	return end == len;
}

/*
 * "struct NAME {" or "union NAME {" at off, where scan_header() would
 * take NAME: read from the bytes when they are plain (blanks, an
 * identifier of ASCII letters, a brace), else from the tokens of a
 * window.  Adding a name the exact scan would not (the word in a comment,
 * a string, a directive) is harmless; missing one is not.
 */
static void sketch_tag(struct tree_types *tt, const char *buf, size_t len,
		       size_t off, size_t wlen, uint32_t header,
		       struct token_list *l)
{
	size_t p = off + wlen, name, name_end;
	int c;

	if (p < len && (ident_byte((unsigned char)buf[p]) ||
			(unsigned char)buf[p] >= 0x80))
		return; /* "structure": another word */
	for (; p < len; p++) {
		c = (unsigned char)buf[p];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\v' || c == '\f')
			continue;
		if (c == '/' || c == '\\')
			goto tokens; /* a comment, a splice */
		break;
	}
	if (p >= len)
		return;
	c = (unsigned char)buf[p];
	if (c >= 0x80)
		goto tokens;
	if (!ident_byte(c) || (c >= '0' && c <= '9'))
		return; /* no identifier next */
	name = p;
	while (p < len && ident_byte((unsigned char)buf[p]))
		p++;
	name_end = p;
	if (p < len && ((unsigned char)buf[p] >= 0x80 || buf[p] == '\\'))
		goto tokens; /* more of the identifier, or a splice */
	for (; p < len; p++) {
		c = (unsigned char)buf[p];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\v' || c == '\f')
			continue;
		if (c == '/' || c == '\\' || c == '<')
			goto tokens; /* a comment, a splice, "<%" */
		break;
	}
	if (p < len && buf[p] == '{') {
		ALLOC_GROW(tt->e, tt->nr + 1, tt->alloc);
		tt->e[tt->nr].name = xstrndup(buf + name, name_end - name);
		tt->e[tt->nr].header = header;
		tt->nr++;
	}
	return;
tokens:
	for (size_t want = 256;; want *= 4) {
		int whole = lex_window(buf, len, off, want, l);
		const char *w = buf + off;

		/* three tokens and one more, so that none of them is cut */
		if (l->nr - 1 >= 4 || whole) {
			if (l->nr - 1 >= 3 && l->tok[0].kind == TOK_IDENT &&
			    l->tok[1].kind == TOK_IDENT &&
			    tok_punct(w, l, 2, "{"))
				add_name(tt, w, &l->tok[1], header);
			return;
		}
	}
}

/*
 * The names of a "typedef" at off, as scan_header() reads them: the
 * tokens from there on (a window grown until the declaration ends in
 * it) are the file's tokens whenever the word is the file's keyword.
 */
static void sketch_typedef(struct tree_types *tt, const char *buf,
			   size_t len, size_t off, uint32_t header,
			   struct token_list *l)
{
	if (off + 7 < len && (ident_byte((unsigned char)buf[off + 7]) ||
			      (unsigned char)buf[off + 7] >= 0x80))
		return; /* "typedefs": another word */
	for (size_t want = 1024;; want *= 4) {
		int whole = lex_window(buf, len, off, want, l);
		const char *w = buf + off;
		size_t before = tt->nr, k;

		if (!tok_ident(w, l, 0, "typedef"))
			return;
		k = typedef_names(tt, w, l, 0, header);
		/* it ended before the window's last token: exact */
		if (whole || k + 2 < l->nr)
			return;
		while (tt->nr > before)
			free(tt->e[--tt->nr].name);
	}
}

/* Every occurrence of word in buf, handed to fn; *any set when one is. */
#define EACH_WORD(word, any, fn)					\
	for (const char *at = buf;					\
	     (at = mem_find(at, (size_t)(buf + len - at), word,		\
			  sizeof(word) - 1)); at += sizeof(word) - 1)	\
		*(any) = 1, fn

/*
 * A superset of the names scan_header() finds in buf, as entries of
 * header: each "struct"/"union" followed by a name and a brace, each
 * "typedef" read from its tokens.  A header that says none of the three
 * words defines nothing (and is not lexed, as before the sketch); one
 * where a splice may join a keyword is scanned exactly.
 */
static void sketch_header(struct tree_types *tt, const char *buf, size_t len,
			  uint32_t header)
{
	struct token_list l = TOKEN_LIST_INIT;
	size_t before = tt->nr;
	int any = 0;

	EACH_WORD("typedef", &any, sketch_typedef(tt, buf, len,
						  (size_t)(at - buf), header,
						  &l));
	EACH_WORD("struct", &any, sketch_tag(tt, buf, len, (size_t)(at - buf),
					     6, header, &l));
	EACH_WORD("union", &any, sketch_tag(tt, buf, len, (size_t)(at - buf),
					    5, header, &l));
	if (any && splice_in_token(buf, len)) {
		while (tt->nr > before)
			free(tt->e[--tt->nr].name);
		lex_buffer(buf, len, &l);
		scan_header(tt, buf, &l, header);
	}
	token_list_release(&l);
}

/* Record the names header `path` (its contents buf/len) defines; the
 * header is kept only when it defines something.  Unsorted. */
static void add_buffer(struct tree_types *tt, const char *path,
		       const char *buf, size_t len)
{
	struct token_list l = TOKEN_LIST_INIT;
	size_t before = tt->nr;

	lex_buffer(buf, len, &l);
	scan_header(tt, buf, &l, (uint32_t)tt->headers.nr);
	token_list_release(&l);
	if (tt->nr > before)
		strlist_push(&tt->headers, path);
}

static int entry_order(const void *a_, const void *b_)
{
	const struct tt_entry *a = a_, *b = b_;
	int c = strcmp(a->name, b->name);

	return c ? c : (a->header > b->header) - (a->header < b->header);
}

void tree_types_add_buffer(struct tree_types *tt, const char *path,
			   const char *buf, size_t len)
{
	/* an empty sketch is an empty exact index (tree_types_build(NULL,
	 * 0) then buffers: the tests and the fuzz harness) */
	if (tt->sketch && (tt->nr || tt->headers.nr))
		die("BUG: tree_types_add_buffer() on a sketched tree");
	tt->sketch = 0;
	forget_defs(tt);
	add_buffer(tt, path, buf, len);
	if (tt->nr > 1)
		sane_qsort(tt->e, tt->nr, sizeof(*tt->e), entry_order);
}

size_t tree_types_nr_names(const struct tree_types *tt)
{
	return tt->nr;
}

const char *tree_types_name(const struct tree_types *tt, size_t i)
{
	return tt->e[i].name;
}

static int ends_in_h(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && name[n - 2] == '.' && name[n - 1] == 'h';
}

/* A header (at most 4 MiB) that defines something is recorded. */
static void scan_file(struct tree_types *tt, const char *p, const struct stat *st)
{
	size_t len;
	char *buf;

	if (!S_ISREG(st->st_mode) || !ends_in_h(p) || st->st_size > (4 << 20))
		return;
	buf = read_file(p, &len);
	tt->read++;
	if (buf && len && tt->sketch) {
		size_t before = tt->nr;

		sketch_header(tt, buf, len, (uint32_t)tt->headers.nr);
		if (tt->nr > before)
			strlist_push(&tt->headers, p);
	} else if (buf && len && (memmem(buf, len, "typedef", 7) ||
				  memmem(buf, len, "struct", 6) ||
				  memmem(buf, len, "union", 5))) {
		/* most headers define something; the rest are not lexed */
		add_buffer(tt, p, buf, len);
	}
	free(buf);
}

static size_t sketch_slot(const struct tree_sketches *s, const char *path)
{
	size_t h = 2166136261u;

	for (const char *c = path; *c; c++)
		h = (h ^ (unsigned char)*c) * 16777619u;
	for (h &= s->size - 1;
	     s->slot[h].path && strcmp(s->slot[h].path, path);
	     h = (h + 1) & (s->size - 1))
		;
	return h;
}

struct tree_sketches *tree_sketches_new(void)
{
	struct tree_sketches *s = xcalloc(1, sizeof(*s));

	pthread_mutex_init(&s->lock, NULL);
	return s;
}

void tree_sketches_add(struct tree_sketches *s, const char *path,
		       const char *buf, size_t len)
{
	struct tree_types one;
	struct sketched k;
	struct strbuf names = STRBUF_INIT;

	/* what scan_file() would sketch: a header of at most 4 MiB (an
	 * empty one defines nothing) */
	if (!ends_in_h(path) || len > (4 << 20))
		return;
	memset(&one, 0, sizeof(one));
	if (len)
		sketch_header(&one, buf, len, 0);
	for (size_t i = 0; i < one.nr; i++) {
		strbuf_add(&names, one.e[i].name, strlen(one.e[i].name) + 1);
		free(one.e[i].name);
	}
	free(one.e);
	k.path = xstrdup(path);
	k.len = len;
	k.nr_names = one.nr;
	k.names = strbuf_detach(&names);
	pthread_mutex_lock(&s->lock);
	if (2 * (s->nr + 1) > s->size) {
		struct sketched *old = s->slot;
		size_t n = s->size;

		s->size = n ? 2 * n : 1024;
		s->slot = xcalloc(s->size, sizeof(*s->slot));
		for (size_t i = 0; i < n; i++)
			if (old[i].path)
				s->slot[sketch_slot(s, old[i].path)] = old[i];
		free(old);
	}
	{
		size_t at = sketch_slot(s, k.path);

		if (s->slot[at].path) { /* offered twice: the first kept */
			free(k.path);
			free(k.names);
		} else {
			s->slot[at] = k;
			s->nr++;
		}
	}
	pthread_mutex_unlock(&s->lock);
}

void tree_sketches_free(struct tree_sketches *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->size; i++) {
		free(s->slot[i].path);
		free(s->slot[i].names);
	}
	free(s->slot);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

/* The regular file p (readdir said so), a header: its names from the
 * walk's sketch when the walk read it -- what sketch_header() gives for
 * the same bytes; 0 when it did not. */
static int from_walk(struct tree_types *tt, const char *p)
{
	const struct sketched *k;
	const char *name;

	if (!tt->pre || !tt->pre->nr)
		return 0;
	k = &tt->pre->slot[sketch_slot(tt->pre, p)];
	if (!k->path)
		return 0;
	name = k->names;
	for (size_t i = 0; i < k->nr_names; i++) {
		size_t n = strlen(name);

		ALLOC_GROW(tt->e, tt->nr + 1, tt->alloc);
		tt->e[tt->nr].name = xstrndup(name, n);
		tt->e[tt->nr].header = (uint32_t)tt->headers.nr;
		tt->nr++;
		name += n + 1;
	}
	if (k->nr_names)
		strlist_push(&tt->headers, p);
	tt->from_walk++;
	return 1;
}

static void scan_dir(struct tree_types *tt, const char *dir, int depth)
{
	DIR *d;
	struct dirent *de;

	if (depth > 64 || !(d = opendir(dir)))
		return;
	while ((de = readdir(d))) {
		char *p;
		struct stat st;

		if (de->d_name[0] == '.')
			continue; /* ., .., .git and other hidden folders */
		/* the type readdir gives spares an lstat per .c file and
		 * per folder (a kernel tree has 86,000 entries, 25,000 of
		 * them headers) */
		if (de->d_type == DT_REG && !ends_in_h(de->d_name))
			continue;
		p = xasprintf("%s/%s", dir, de->d_name);
		/* a header the walk read: no lstat, no read */
		if (de->d_type == DT_REG && tt->sketch && from_walk(tt, p)) {
			free(p);
			continue;
		}
		if (de->d_type == DT_DIR) {
			scan_dir(tt, p, depth + 1);
			free(p);
			continue;
		}
		if (lstat(p, &st) < 0) {
			free(p);
			continue;
		}
		if (S_ISDIR(st.st_mode))
			scan_dir(tt, p, depth + 1);
		else
			scan_file(tt, p, &st);
		free(p);
	}
	closedir(d);
}

static size_t slot_of(const struct parse_cache *c, const char *path,
		      int side)
{
	size_t h = ((size_t)(uintptr_t)path >> 3) * 0x9e3779b97f4a7c15ull +
		   (size_t)side;

	for (h &= c->size - 1;; h = (h + 1) & (c->size - 1))
		if (!c->slot[h].path ||
		    (c->slot[h].path == path && c->slot[h].side == side))
			return h;
}

/* Keep ti as the parse of (path, side); the caller holds the lock. */
static void cache_put(struct parse_cache *c, const char *path, int side,
		      struct type_index *ti)
{
	size_t k;

	if (2 * (c->nr + 1) > c->size) {
		struct parsed *old = c->slot;
		size_t n = c->size;

		c->size = n ? 2 * n : 256;
		c->slot = xcalloc(c->size, sizeof(*c->slot));
		for (size_t i = 0; i < n; i++)
			if (old[i].path)
				c->slot[slot_of(c, old[i].path, old[i].side)] = old[i];
		free(old);
	}
	k = slot_of(c, path, side);
	c->slot[k].path = path;
	c->slot[k].side = side;
	c->slot[k].ti = ti;
	c->nr++;
}

/*
 * Add header `path` (a pointer from tt->headers) to ti, one side of its
 * conditionals, parsing it only the first time in the run.  A kept parse
 * lives as long as tt, so ti borrows its strings (the index a lookup
 * returns is freed before tt, and a variant's entries go at the rewind);
 * one past MAX_PARSED is copied and freed.
 */
static void add_header(const struct tree_types *tt, struct type_index *ti,
		       const char *path, int side)
{
	struct parse_cache *c = tt->cache;
	struct type_index *h = NULL, *kept = NULL;
	int found = 0;

	pthread_mutex_lock(&c->lock);
	if (c->size) {
		size_t k = slot_of(c, path, side);

		if (c->slot[k].path) {
			found = 1;
			h = c->slot[k].ti;
			c->hits++;
		}
	}
	pthread_mutex_unlock(&c->lock);
	if (found) {
		if (h)
			type_index_merge_borrowed(ti, h);
		return;
	}
	/* Parsed outside the lock: two workers may both parse a header the
	 * first time; the second copy is dropped. */
	h = type_index_header(path, side);
	pthread_mutex_lock(&c->lock);
	c->misses++;
	if (c->size && c->slot[slot_of(c, path, side)].path) {
		found = 1;
		kept = c->slot[slot_of(c, path, side)].ti;
	} else if (c->nr < MAX_PARSED) {
		cache_put(c, path, side, h);
		found = 1;
		kept = h;
		h = NULL;
	}
	pthread_mutex_unlock(&c->lock);
	if (found) {
		if (kept)
			type_index_merge_borrowed(ti, kept);
	} else if (h) {
		type_index_merge(ti, h);
	}
	type_index_free(h);
}

void tree_types_cache_stats(const struct tree_types *tt, size_t *parsed,
			    size_t *hits, size_t *misses)
{
	pthread_mutex_lock(&tt->cache->lock);
	*parsed = tt->cache->nr;
	*hits = tt->cache->hits;
	*misses = tt->cache->misses;
	pthread_mutex_unlock(&tt->cache->lock);
}

static struct tree_types *tree_types_new(void)
{
	struct tree_types *tt = xcalloc(1, sizeof(*tt));

	tt->cache = xcalloc(1, sizeof(*tt->cache));
	pthread_mutex_init(&tt->cache->lock, NULL);
	tt->lazy = xcalloc(1, sizeof(*tt->lazy));
	pthread_mutex_init(&tt->lazy->lock, NULL);
	return tt;
}

static struct tree_types *build(const char *const *roots, size_t nr,
				int sketch, const struct tree_sketches *pre)
{
	struct tree_types *tt = tree_types_new();

	tt->sketch = sketch;
	tt->pre = pre;
	for (size_t i = 0; i < nr; i++) {
		struct stat st;
		char *root = xstrdup(roots[i]);
		size_t n = strlen(root);

		while (n > 1 && root[n - 1] == '/')
			root[--n] = '\0';
		if (stat(root, &st) == 0 && S_ISDIR(st.st_mode))
			scan_dir(tt, root, 0);
		else if (stat(root, &st) == 0)
			scan_file(tt, root, &st); /* a header named: in too */
		free(root);
	}
	if (tt->nr > 1)
		sane_qsort(tt->e, tt->nr, sizeof(*tt->e), entry_order);
	tt->pre = NULL; /* the caller's: it may go now */
	if (sketch) {
		tt->lazy->nr_exact = tt->headers.nr;
		tt->lazy->exact = xcalloc(tt->headers.nr + 1,
					  sizeof(*tt->lazy->exact));
	}
	return tt;
}

struct tree_types *tree_types_build(const char *const *roots, size_t nr)
{
	return build(roots, nr, 1, NULL);
}

struct tree_types *tree_types_build_sketched(const char *const *roots,
					     size_t nr,
					     const struct tree_sketches *pre)
{
	return build(roots, nr, 1, pre);
}

struct tree_types *tree_types_build_exact(const char *const *roots, size_t nr)
{
	return build(roots, nr, 0, NULL);
}

void tree_types_free(struct tree_types *tt)
{
	if (!tt)
		return;
	for (size_t i = 0; i < tt->cache->size; i++)
		type_index_free(tt->cache->slot[i].ti);
	free(tt->cache->slot);
	pthread_mutex_destroy(&tt->cache->lock);
	free(tt->cache);
	forget_defs(tt);
	if (tt->lazy->exact)
		for (size_t h = 0; h < tt->lazy->nr_exact; h++) {
			struct exact_names *x = &tt->lazy->exact[h];

			for (size_t k = 0; k < x->nr; k++)
				free(x->name[k]);
			free(x->name);
		}
	free(tt->lazy->exact);
	pthread_mutex_destroy(&tt->lazy->lock);
	free(tt->lazy);
	for (size_t i = 0; i < tt->nr; i++)
		free(tt->e[i].name);
	free(tt->e);
	strlist_clear(&tt->headers);
	free(tt);
}

void tree_types_stats(const struct tree_types *tt, size_t *headers,
		      size_t *names)
{
	*headers = tt->headers.nr;
	*names = tt->nr;
}

void tree_types_build_stats(const struct tree_types *tt, size_t *read,
			    size_t *from_walk)
{
	*read = tt->read;
	*from_walk = tt->from_walk;
}

/* The first entry named `name`, or tt->nr. */
static size_t first_entry(const struct tree_types *tt, const char *name)
{
	size_t lo = 0, hi = tt->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(tt->e[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < tt->nr && !strcmp(tt->e[lo].name, name) ? lo : tt->nr;
}

/* What header h (of a sketch) really defines: lexed and scanned once,
 * under the lazy lock. */
static const struct exact_names *exact_of(const struct tree_types *tt,
					  uint32_t h)
{
	struct exact_names *x = &tt->lazy->exact[h];
	struct tree_types one;
	struct token_list l = TOKEN_LIST_INIT;
	size_t len;
	char *buf;

	if (x->done)
		return x;
	x->done = 1;
	memset(&one, 0, sizeof(one));
	buf = read_file(tt->headers.items[h], &len);
	if (!buf)
		return x; /* gone since: it defines nothing now */
	lex_buffer(buf, len, &l);
	scan_header(&one, buf, &l, 0);
	token_list_release(&l);
	free(buf);
	x->name = xcalloc(one.nr + 1, sizeof(*x->name));
	for (size_t k = 0; k < one.nr; k++)
		x->name[k] = one.e[k].name;
	x->nr = one.nr;
	free(one.e);
	tt->lazy->headers_lexed++;
	return x;
}

/*
 * The headers that define `name`, in the tree's order, one per
 * definition (a header that defines it twice is there twice): the
 * entries themselves for an exact tree, the sketch's headers checked by
 * exact_of() otherwise.  Resolved once per name, then shared.
 */
static const struct defs *defs_of(const struct tree_types *tt,
				  const char *name)
{
	static const struct defs none;
	struct lazy_state *z = tt->lazy;
	size_t first = first_entry(tt, name);
	struct defs *d;

	if (first == tt->nr)
		return &none;
	pthread_mutex_lock(&z->lock);
	if (!z->by_first)
		z->by_first = xcalloc(tt->nr, sizeof(*z->by_first));
	d = z->by_first[first];
	if (!d) {
		size_t alloc = 0;

		d = xcalloc(1, sizeof(*d));
		for (size_t i = first;
		     i < tt->nr && !strcmp(tt->e[i].name, name); i++) {
			uint32_t h = tt->e[i].header;
			size_t times = 1;

			if (tt->sketch) {
				const struct exact_names *x;

				if (i > first && tt->e[i - 1].header == h)
					continue; /* the sketch's repeats */
				x = exact_of(tt, h);
				times = 0;
				for (size_t k = 0; k < x->nr; k++)
					times += !strcmp(x->name[k], name);
			}
			while (times--) {
				ALLOC_GROW(d->header, d->nr + 1, alloc);
				d->header[d->nr++] = h;
			}
		}
		z->by_first[first] = d;
	}
	pthread_mutex_unlock(&z->lock);
	return d;
}

size_t tree_types_defining(const struct tree_types *tt, const char *name,
			   const char **out, size_t max)
{
	const struct defs *d = defs_of(tt, name);

	for (size_t i = 0; i < d->nr && i < max; i++)
		out[i] = tt->headers.items[d->header[i]];
	return d->nr;
}

size_t tree_types_headers_lexed(const struct tree_types *tt)
{
	size_t n;

	pthread_mutex_lock(&tt->lazy->lock);
	n = tt->lazy->headers_lexed;
	pthread_mutex_unlock(&tt->lazy->lock);
	return n;
}

/*
 * The architecture of a path: NAME in ".../arch/NAME/...", copied into
 * out (size n); "asm-generic" for include/asm-generic/ (the definitions
 * some architectures take instead of their own, so one more
 * architecture to generic code); "" otherwise.
 */
static void arch_of(const char *path, char *out, size_t n)
{
	const char *p = path, *hit = NULL;

	out[0] = '\0';
	if (strstr(path, "include/asm-generic/")) {
		snprintf(out, n, "%s", "asm-generic");
		return;
	}
	while ((p = strstr(p, "arch/"))) {
		if (p == path || p[-1] == '/')
			hit = p + 5;
		p += 5;
	}
	if (hit) {
		size_t len = strcspn(hit, "/");

		if (hit[len] == '/' && len && len < n) {
			memcpy(out, hit, len);
			out[len] = '\0';
		}
	}
}

/* Length of the common folder prefix of two paths. */
static size_t common_dirs(const char *a, const char *b)
{
	size_t i = 0, last = 0;

	while (a[i] && a[i] == b[i]) {
		if (a[i] == '/')
			last = i + 1;
		i++;
	}
	return last;
}

struct variant {
	char label[48];
	const char *headers[MAX_HEADERS];
	unsigned char side[MAX_HEADERS]; /* enum branch_side of each */
	size_t nr;
};

/*
 * The header of v, read with both sides of its conditionals, that
 * defines `name` (which the index found defined two ways): its position
 * in v, or -1.
 */
static int two_way_header(const struct tree_types *tt,
			  const struct variant *v, const char *name)
{
	const struct defs *d = defs_of(tt, name);

	for (size_t i = 0; i < d->nr; i++)
		for (size_t k = 0; k < v->nr; k++)
			if (v->side[k] == BRANCH_BOTH &&
			    v->headers[k] == tt->headers.items[d->header[i]])
				return (int)k;
	return -1;
}

static int has_header(const struct variant *v, const char *h)
{
	for (size_t i = 0; i < v->nr; i++)
		if (v->headers[i] == h)
			return 1;
	return 0;
}

/*
 * The file's #include lines (treetypes.h): the token of each one's header
 * name, in order -- distance() asks about every candidate header of
 * every variant, and walking all the file's tokens for each was 1-2 % of
 * an audit of the kernel (issue #35).
 */
static void find_includes(const char *buf, const struct token_list *l,
			  struct tree_includes *inc)
{
	inc->found = 1;
	for (size_t i = 0; i + 2 < l->nr; i++) {
		const struct token *t = &l->tok[i + 2];

		if (l->tok[i].kind != TOK_HASH ||
		    !tok_ident(buf, l, i + 1, "include") ||
		    (t->kind != TOK_HEADER && t->kind != TOK_STRING) ||
		    t->len < 3)
			continue;
		ALLOC_GROW(inc->tok, inc->nr + 1, inc->alloc);
		inc->tok[inc->nr++] = i + 2;
	}
}

/*
 * Does the file include header h: "#include <linux/X.h>" names
 * .../include/linux/X.h, "#include <asm/X.h>" every
 * arch/NAME/include/asm/X.h, "#include "x.h"" a path ending in x.h?
 */
static int file_includes(const char *buf, const struct token_list *l,
			 const struct tree_includes *inc, const char *h)
{
	size_t hn = strlen(h);

	for (size_t k = 0; k < inc->nr; k++) {
		const struct token *t = &l->tok[inc->tok[k]];
		size_t n;
		const char *p;

		p = buf + t->off + 1;
		n = t->len - 2;
		if (n >= hn || memcmp(h + hn - n, p, n) || h[hn - n - 1] != '/')
			continue;
		if (t->kind == TOK_STRING ||
		    (hn - n >= 8 && !memcmp(h + hn - n - 8, "include/", 8)))
			return 1;
	}
	return 0;
}

/*
 * How near header h is to the file at path, the smaller the nearer:
 * same arch/NAME/ subtree first, then generic headers (not under arch/),
 * then other architectures'; within the first two, one the file includes
 * comes first, then the longest common folder prefix.
 */
static long distance(const char *path, const char *fa, const char *buf,
		     const struct token_list *l, const struct tree_includes *inc,
		     const char *h)
{
	char ca[48];
	int tier;

	arch_of(h, ca, sizeof(ca));
	tier = fa[0] && !strcmp(fa, ca) ? 0 : !ca[0] ? 1 : 2;
	if (tier == 2)
		return 2L << 24; /* every architecture is as near as another */
	return ((long)tier << 24) +
	       (file_includes(buf, l, inc, h) ? 0 : 1L << 23) +
	       ((1L << 22) - (long)common_dirs(h, path));
}

/*
 * The headers to try next for the missing name in variant v of the file
 * at path: the nearest ones (distance above), and for generic code every
 * architecture's as well; several fork the variant.  Returns how many
 * were put in cand.
 */
static size_t candidates(const struct tree_types *tt, const char *path,
			 const char *buf, const struct token_list *l,
			 const struct tree_includes *inc,
			 const struct variant *v, const char *name,
			 const char **cand, size_t max)
{
	const long other_arch = 2L << 24;
	char fa[48];
	const struct defs *defs = defs_of(tt, name);
	size_t nr = 0;
	long best = -1;

	arch_of(path, fa, sizeof(fa));
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < defs->nr; i++) {
			const char *h = tt->headers.items[defs->header[i]];
			long d;

			if (has_header(v, h) || !strcmp(h, path))
				continue;
			d = distance(path, fa, buf, l, inc, h);
			if (!pass) { /* the nearest */
				if (best < 0 || d < best)
					best = d;
				continue;
			}
			/* Generic code is built for every architecture: each
			 * one's definition counts besides the nearest
			 * generic one. */
			if (d != best && !(!fa[0] && d == other_arch))
				continue;
			if ((nr && cand[nr - 1] == h) || nr == max)
				continue; /* a header defining the name twice */
			cand[nr++] = h;
		}
	}
	return nr;
}

static void add_answer(struct tree_answer *out, size_t *nr, size_t max,
		       const char *label, int known,
		       const struct type_answer *ty,
		       const struct type_units *units)
{
	for (size_t i = 0; i < *nr; i++)
		if (!strcmp(out[i].label, label) && out[i].known == known &&
		    (!known || (out[i].ty.cls == ty->cls &&
				!strcmp(out[i].ty.canonical, ty->canonical))))
			return;
	if (*nr == max)
		return;
	memset(&out[*nr], 0, sizeof(out[*nr]));
	snprintf(out[*nr].label, sizeof(out[*nr].label), "%s", label);
	out[*nr].known = known;
	if (known)
		out[*nr].ty = *ty;
	if (known && units) {
		out[*nr].units_known = 1;
		out[*nr].units = *units;
	}
	(*nr)++;
}

/*
 * The name a tree lookup should look for next, in missing (size n): the
 * typedef or tag type_index_expr() needed, or -- the type known but its
 * members not -- the tag of a struct or union the file only names
 * ("struct ticket lock;" with the members in a header it includes with
 * <asm/...>, which the file's index does not read).  "" when none.
 */
static void next_missing(const struct type_index *ti, int known,
			 const struct type_answer *ty, char *missing, size_t n)
{
	const char *tag;

	missing[0] = '\0';
	if (!known) {
		if (type_index_missing(ti))
			snprintf(missing, n, "%s", type_index_missing(ti));
		return;
	}
	if ((ty->cls != TC_STRUCT && ty->cls != TC_UNION) || ty->def_line)
		return;
	tag = strrchr(ty->canonical, ' ');
	tag = tag ? tag + 1 : ty->canonical;
	if ((strstr(ty->canonical, "struct ") || strstr(ty->canonical, "union ")) &&
	    *tag && strlen(tag) < n && !strpbrk(tag, "*[]()"))
		memcpy(missing, tag, strlen(tag) + 1);
}

/* The file's index with its local headers: what every variant starts
 * from. */
static struct type_index *file_index(const char *path, const char *buf,
				     const struct token_list *l)
{
	struct type_index *ti = type_index_build(buf, l);

	type_index_add_local_headers(ti, path);
	return ti;
}

void tree_includes_release(struct tree_includes *inc)
{
	free(inc->tok);
	memset(inc, 0, sizeof(*inc));
}

size_t tree_types_resolve(const struct tree_types *tt, const char *path,
			  const char *buf, const struct token_list *l,
			  struct type_index *file_ti, struct tree_includes *inc,
			  struct tok_range r, struct tree_answer *out,
			  size_t max, size_t max_builds, size_t *used)
{
	struct type_index_mark mark;
	struct tree_includes own_inc = { NULL, 0, 0, 0 };
	struct variant *v = xcalloc(MAX_VARIANTS, sizeof(*v));
	size_t nv = 1, nr = 0, builds = 0;
	struct type_index *own = NULL;
	int helped = 0;

	if (max_builds > MAX_BUILDS)
		max_builds = MAX_BUILDS;
	/* Depth-first over the variants: each is a set of headers. */
	while (nv && builds < max_builds) {
		struct variant cur = v[--nv];
		struct type_index *ti;
		struct type_answer ty;
		const char *cand[MAX_VARIANTS];
		char missing[64] = "", twice[64] = "";
		struct type_units units;
		size_t nc;
		int known, k2, units_known = 0;

		/* a "build" is still one per variant: the run's budget
		 * (rules-lexical.c) counts them */
		builds++;
		if (!file_ti)
			file_ti = own = file_index(path, buf, l);
		if (builds == 1)
			type_index_set_mark(file_ti, &mark);
		ti = file_ti;
		for (size_t i = 0; i < cur.nr; i++)
			add_header(tt, ti, cur.headers[i], cur.side[i]);
		known = type_index_expr(ti, buf, l, r, &ty);
		if (known)
			units_known = type_index_expr_units(ti, buf, l, r, &units);
		if (!units_known)
			next_missing(ti, known, &ty, missing, sizeof(missing));
		if (!known && type_index_conflicted(ti))
			snprintf(twice, sizeof(twice), "%s",
				 type_index_conflicted(ti));
		type_index_rewind(ti, &mark);
		/* Defined on both sides of an #if in a header: one variant
		 * per side ("arm #if", "arm #else"). */
		if (twice[0] && (k2 = two_way_header(tt, &cur, twice)) >= 0 &&
		    nv + 2 <= MAX_VARIANTS) {
			static const char *const word[] = { "", "#if", "#else" };

			for (int side = BRANCH_FIRST; side <= BRANCH_OTHER; side++) {
				struct variant *n = &v[nv++];
				char base[48];

				*n = cur;
				n->side[k2] = (unsigned char)side;
				if (!cur.label[0])
					arch_of(cur.headers[k2], base, sizeof(base));
				else
					snprintf(base, sizeof(base), "%s", cur.label);
				/* One "#if"/"#else" per label: deeper splits of
				 * the same configuration read the same. */
				if (strchr(base, '#'))
					snprintf(n->label, sizeof(n->label), "%s", base);
				else
					snprintf(n->label, sizeof(n->label), "%.38s%s%s",
						 base, base[0] ? " " : "", word[side]);
			}
			continue;
		}
		if (!missing[0] || cur.nr == MAX_HEADERS) {
			add_answer(out, &nr, max, cur.label, known, &ty,
				   units_known ? &units : NULL);
			continue;
		}
		if (!inc)
			inc = &own_inc;
		if (!inc->found)
			find_includes(buf, l, inc);
		nc = candidates(tt, path, buf, l, inc, &cur, missing, cand,
				MAX_VARIANTS);
		if (!nc) {
			add_answer(out, &nr, max, cur.label, known, &ty, NULL);
			continue;
		}
		helped = 1;
		for (size_t k = 0; k < nc && nv < MAX_VARIANTS; k++) {
			struct variant *n = &v[nv++];

			*n = cur;
			n->side[n->nr] = BRANCH_BOTH;
			n->headers[n->nr++] = cand[k];
			if (!n->label[0] && nc > 1) {
				/* An architecture, or a generic header's name
				 * (asm-generic/, several configurations). */
				const char *base = strrchr(cand[k], '/');

				arch_of(cand[k], n->label, sizeof(n->label));
				if (!n->label[0])
					snprintf(n->label, sizeof(n->label),
						 "%s", base ? base + 1 : cand[k]);
			}
		}
	}
	free(v);
	free(own_inc.tok);
	type_index_free(own);
	*used = builds;
	return helped ? nr : 0;
}

struct type_index *tree_types_index_for(const struct tree_types *tt,
					const char *path, const char *buf,
					const struct token_list *l,
					struct tok_range r)
{
	struct variant cur;
	struct type_index *base = file_index(path, buf, l);
	struct tree_includes inc = { NULL, 0, 0, 0 };

	memset(&cur, 0, sizeof(cur));
	find_includes(buf, l, &inc);
	for (;;) {
		struct type_index *ti = type_index_clone(base);
		struct type_answer ty;
		struct type_units units;
		const char *cand[MAX_VARIANTS];
		char missing[64], fa[48];
		size_t nc, best = 0;
		int known;

		for (size_t i = 0; i < cur.nr; i++)
			add_header(tt, ti, cur.headers[i], cur.side[i]);
		known = type_index_expr(ti, buf, l, r, &ty);
		if (known && type_index_expr_units(ti, buf, l, r, &units)) {
			type_index_free(base);
			free(inc.tok);
			return ti;
		}
		next_missing(ti, known, &ty, missing, sizeof(missing));
		nc = !tt || !missing[0] || cur.nr == MAX_HEADERS ? 0 :
			candidates(tt, path, buf, l, &inc, &cur, missing,
				   cand, MAX_VARIANTS);
		if (!nc && known) {
			type_index_free(base);
			free(inc.tok);
			return ti; /* the type, without its members */
		}
		type_index_free(ti);
		if (!nc) {
			type_index_free(base);
			free(inc.tok);
			return NULL;
		}
		/* The nearest definition only: one configuration (for
		 * generic code candidates() gives every architecture's
		 * too, in the tree's order). */
		arch_of(path, fa, sizeof(fa));
		for (size_t k = 1; k < nc; k++)
			if (distance(path, fa, buf, l, &inc, cand[k]) <
			    distance(path, fa, buf, l, &inc, cand[best]))
				best = k;
		cur.side[cur.nr] = BRANCH_BOTH;
		cur.headers[cur.nr++] = cand[best];
	}
}
