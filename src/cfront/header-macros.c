/* The macros of a build's headers, and the readings of an expression
 * they allow (header-macros.h). */
#include "cfront/header-macros.h"
#include "cfront/lexer.h"
#include "cfront/macro-expand.h"
#include "lib/strbuf.h"
#include "lib/strset.h"
#include "lib/util.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Names whose choices are multiplied out, at most. */
#define MAX_NAMES 8
/* Rounds of "the readings name another macro": a chain this deep. */
#define MAX_ROUNDS 8
/* Expressions remembered with their readings, at most (a vmlinux's
 * sites ask some thousands). */
#define MEMO_MAX (1u << 15)

/*
 * The readings of each expression asked, by (expression, max): scan
 * asks those of a site's object at every instance of the site (Debian's
 * vmlinux: 30,000 instances of 6,000 sites), and each asking lexed every
 * definition it tried and expanded every combination (2% of the scan,
 * issue 35).  The answer depends on nothing else, so it is given again.
 * Shared by the workers, behind its lock.
 */
struct readings_memo {
	pthread_mutex_t lock;
	struct memo_entry {
		char *expr;        /* NULL: an empty slot */
		size_t hash, max;
		size_t result;
		struct strlist readings;
	} *slot;
	size_t size, nr;   /* size a power of two, at least twice nr */
	size_t worked, remembered;
};

static void memo_release(struct readings_memo *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->size; i++) {
		free(m->slot[i].expr);
		strlist_clear(&m->slot[i].readings);
	}
	free(m->slot);
	pthread_mutex_destroy(&m->lock);
	free(m);
}

static struct memo_entry *memo_slot(struct readings_memo *m,
				    const char *expr, size_t hash,
				    size_t max)
{
	size_t i;

	for (i = hash & (m->size - 1); m->slot[i].expr;
	     i = (i + 1) & (m->size - 1))
		if (m->slot[i].hash == hash && m->slot[i].max == max &&
		    !strcmp(m->slot[i].expr, expr))
			break;
	return &m->slot[i];
}

void header_macros_add(struct header_macros *h, const char *name,
		       const char *text, size_t len, const char *alias_of)
{
	struct header_macro *m;

	ALLOC_GROW(h->items, h->nr + 1, h->alloc);
	m = &h->items[h->nr++];
	m->name = xstrdup(name);
	m->text = alias_of ? NULL : xstrndup(text, len);
	m->alias_of = alias_of ? xstrdup(alias_of) : NULL;
	m->first = NULL;
	m->loop = 0;
	m->holds_loop = 0;
	h->sorted = 0;
	memo_release(h->memo); /* its answers were of the others */
	h->memo = NULL;
}

static int by_name(const void *a, const void *b)
{
	const struct header_macro *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	/* one order whatever the order they were added in (threads) */
	c = strcmp(x->text ? x->text : "", y->text ? y->text : "");
	return c ? c : strcmp(x->alias_of ? x->alias_of : "",
			      y->alias_of ? y->alias_of : "");
}

static size_t find(const struct header_macros *h, const char *name, size_t n,
		   size_t *first);

/* Past blanks, splices and comments of a #define's text. */
static const char *skip_blank(const char *p)
{
	for (;;) {
		if (*p == ' ' || *p == '\t')
			p++;
		else if (p[0] == '\\' && p[1] == '\n')
			p += 2;
		else if (p[0] == '/' && p[1] == '*' && strstr(p + 2, "*/"))
			p = strstr(p + 2, "*/") + 2;
		else
			return p;
	}
}

/* The first word of a function-like #define's body, or NULL. */
static char *body_first_word(const char *text)
{
	const char *p = strchr(text, '('), *q;

	/* "#define NAME(" ... the parameters hold no parenthesis */
	if (!p || !(p = strchr(p, ')')))
		return NULL;
	p = skip_blank(p + 1);
	if (!isalpha((unsigned char)*p) && *p != '_')
		return NULL;
	for (q = p; isalnum((unsigned char)*q) || *q == '_'; q++)
		;
	return xstrndup(p, (size_t)(q - p));
}

static size_t name_hash(const char *name, size_t n)
{
	size_t h = 2166136261u;

	for (size_t k = 0; k < n; k++)
		h = (h ^ (unsigned char)name[k]) * 16777619u;
	return h;
}

/*
 * h's names hashed, for the rounds of header_macros_finish_over(): each
 * round asks, of the words of every definition, which of h's macros
 * they name, and a binary search of the headers' set per word per
 * round was 3% of a vmlinux scan (issue 35).  A slot holds 1 + the
 * index of the name's first definition (h is sorted: they are
 * together); 0: empty.
 */
struct name_runs {
	size_t *slot, size;
};

static void name_runs_build(struct name_runs *t, const struct header_macros *h)
{
	size_t groups = 0;

	for (size_t i = 0; i < h->nr; i++)
		groups += !i || strcmp(h->items[i - 1].name, h->items[i].name);
	for (t->size = 16; t->size < 2 * groups; t->size *= 2)
		;
	t->slot = xcalloc(t->size, sizeof(*t->slot));
	for (size_t i = 0; i < h->nr; i++) {
		size_t at;

		if (i && !strcmp(h->items[i - 1].name, h->items[i].name))
			continue;
		for (at = name_hash(h->items[i].name, strlen(h->items[i].name)) &
			  (t->size - 1);
		     t->slot[at]; at = (at + 1) & (t->size - 1))
			;
		t->slot[at] = i + 1;
	}
}

/* What find() answers: the definitions of name[0..n) in h. */
static size_t name_runs_find(const struct name_runs *t,
			     const struct header_macros *h, const char *name,
			     size_t n, size_t *first)
{
	for (size_t at = name_hash(name, n) & (t->size - 1); t->slot[at];
	     at = (at + 1) & (t->size - 1)) {
		size_t i = t->slot[at] - 1, k = i + 1;
		const char *have = h->items[i].name;

		if (strncmp(have, name, n) || have[n])
			continue;
		while (k < h->nr && !strcmp(h->items[k].name, have))
			k++;
		*first = i;
		return k - i;
	}
	return 0;
}

/* Does another set, finished, have a definition of name[0..n) that
 * opens (HEADER_MACRO_OPENS_LOOP) or holds (HEADER_MACRO_HOLDS_LOOP) a
 * loop?  Its flags are final: its hash of such names answers. */
static int other_kind(const struct header_macros *other, const char *name,
		      size_t n, int kind)
{
	size_t first, count;
	int has = 0;

	if (!other)
		return 0;
	if (other->sorted)
		return (header_macros_loop_kind(other, name, n) & kind) != 0;
	count = find(other, name, n, &first);
	for (size_t k = 0; k < count; k++)
		has |= (kind & HEADER_MACRO_OPENS_LOOP &&
			other->items[first + k].loop) ||
		       (kind & HEADER_MACRO_HOLDS_LOOP &&
			other->items[first + k].holds_loop);
	return has;
}

/* Does a definition of name[0..n) in h open a loop (loop set)? */
static int names_loop(const struct header_macros *h, const char *name,
		      size_t n)
{
	size_t first, count = find(h, name, n, &first);

	for (size_t k = 0; k < count; k++)
		if (h->items[first + k].loop)
			return 1;
	return 0;
}

/*
 * Which bodies open a loop: those that start with for or while (not
 * do: the do { } while (0) of a statement macro takes no statement
 * after it), and those that start with a macro that does -- the
 * kernel's for_each_possible_cpu(cpu) is for_each_cpu(...), which is
 * for_each_set_bit(...), which is a for.
 */
static void find_loop_macros(struct header_macros *h,
			     const struct header_macros *other,
			     const struct name_runs *t)
{
	/* each first word's definitions found once, not once a round;
	 * other's loop flags do not change here */
	size_t (*run)[2] = xcalloc(h->nr ? h->nr : 1, sizeof(*run));
	unsigned char *other_loop = xcalloc(h->nr ? h->nr : 1, 1);
	int grew = 1;

	for (size_t i = 0; i < h->nr; i++) {
		struct header_macro *m = &h->items[i];

		free(m->first);
		m->first = m->alias_of ?
			   xstrndup(m->alias_of, strspn(m->alias_of,
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "abcdefghijklmnopqrstuvwxyz0123456789_")) :
			   body_first_word(m->text);
		m->loop = m->first && (!strcmp(m->first, "for") ||
				       !strcmp(m->first, "while"));
	}
	if (other == h)
		other = NULL;
	for (size_t i = 0; i < h->nr; i++) {
		const struct header_macro *m = &h->items[i];

		if (m->loop || !m->first)
			continue;
		run[i][1] = name_runs_find(t, h, m->first, strlen(m->first),
					   &run[i][0]);
		other_loop[i] = other_kind(other, m->first, strlen(m->first),
					   HEADER_MACRO_OPENS_LOOP);
	}
	for (int round = 0; grew && round < MAX_ROUNDS; round++) {
		grew = 0;
		for (size_t i = 0; i < h->nr; i++) {
			struct header_macro *m = &h->items[i];
			int opens = other_loop[i];

			if (m->loop || !m->first)
				continue;
			for (size_t k = 0; !opens && k < run[i][1]; k++)
				opens = h->items[run[i][0] + k].loop;
			if (!opens)
				continue;
			m->loop = 1;
			grew = 1;
		}
	}
	free(run);
	free(other_loop);
}

/* The next identifier of text at or after p, its length in *n, or
 * NULL: string and character literals and comments skipped (a "for"
 * in a message is no loop). */
static const char *next_word(const char *text, const char *p, size_t *n)
{
	while (*p) {
		if (*p == '"' || *p == '\'') {
			char q = *p++;

			while (*p && *p != q)
				p += p[0] == '\\' && p[1] ? 2 : 1;
			if (*p)
				p++;
		} else if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			p = e ? e + 2 : p + strlen(p);
		} else if ((isalpha((unsigned char)*p) || *p == '_') &&
			   (p == text || !(isalnum((unsigned char)p[-1]) ||
					   p[-1] == '_'))) {
			const char *q = p;

			while (isalnum((unsigned char)*q) || *q == '_')
				q++;
			*n = (size_t)(q - p);
			return p;
		} else {
			p++;
		}
	}
	return NULL;
}

/* Does a function-like #define's text itself hold a loop: a for, or a
 * while that is no do { } while (0)'s? */
static int text_loop(const char *text)
{
	const char *p = strchr(text, ')');
	size_t n;

	while (p && (p = next_word(text, p, &n))) {
		const char *q = skip_blank(p + n);

		if ((n == 3 && !memcmp(p, "for", 3)) ||
		    (n == 5 && !memcmp(p, "while", 5) &&
		     !(q[0] == '(' && (q = skip_blank(q + 1))[0] == '0' &&
		       skip_blank(q + 1)[0] == ')')))
			return 1;
		p += n;
	}
	return 0;
}

/*
 * The definitions a macro's body names, found once: the rounds below
 * ask of the same words again each round, and a search of the sets per
 * word per round was 3% of a vmlinux scan (issue 35).  Each word that
 * names definitions of h adds their run (first, count); other's flags
 * do not change while h's are found, so whether a word names one of
 * other's that holds a loop is one flag.
 */
struct named_runs {
	size_t (*run)[2];  /* (first, count) in h, body order */
	size_t *start;     /* macro i's runs: run[start[i]..start[i + 1]) */
	unsigned char *other_holds;
	size_t nr, alloc;
};

static int run_holds(const struct header_macros *h, size_t first,
		     size_t count)
{
	for (size_t k = 0; k < count; k++)
		if (h->items[first + k].holds_loop)
			return 1;
	return 0;
}

/* The body whose words find_loop_holders() follows, or NULL. */
static const char *holder_body(const struct header_macro *m)
{
	if (m->alias_of)
		return m->alias_of;
	return m->text ? strchr(m->text, ')') : NULL;
}

static void named_runs_find(struct named_runs *r,
			    const struct header_macros *h,
			    const struct header_macros *other,
			    const struct name_runs *t)
{
	r->start = xcalloc(h->nr + 1, sizeof(*r->start));
	r->other_holds = xcalloc(h->nr ? h->nr : 1, 1);
	for (size_t i = 0; i < h->nr; i++) {
		const char *body = holder_body(&h->items[i]), *p = body;
		size_t n, first, count;

		r->start[i] = r->nr;
		if (h->items[i].holds_loop || !body)
			continue;
		while ((p = next_word(body, p, &n))) {
			if ((count = name_runs_find(t, h, p, n, &first))) {
				ALLOC_GROW(r->run, r->nr + 1, r->alloc);
				r->run[r->nr][0] = first;
				r->run[r->nr++][1] = count;
			}
			if (!r->other_holds[i] &&
			    other_kind(other, p, n, HEADER_MACRO_HOLDS_LOOP))
				r->other_holds[i] = 1;
			p += n;
		}
	}
	r->start[h->nr] = r->nr;
}

/* Which expansions hold a loop: the texts that spell one, then those
 * that name a macro whose expansion does, round by round (in place: a
 * macro set in a round is seen by those after it in the same round). */
static void find_loop_holders(struct header_macros *h,
			      const struct header_macros *other,
			      const struct name_runs *t)
{
	struct named_runs r = { 0 };
	int grew = 1;

	for (size_t i = 0; i < h->nr; i++)
		h->items[i].holds_loop = h->items[i].loop ||
			(h->items[i].text && text_loop(h->items[i].text));
	named_runs_find(&r, h, other == h ? NULL : other, t);
	for (int round = 0; grew && round < MAX_ROUNDS; round++) {
		grew = 0;
		for (size_t i = 0; i < h->nr; i++) {
			struct header_macro *m = &h->items[i];
			int holds = r.other_holds[i];

			if (m->holds_loop)
				continue;
			for (size_t k = r.start[i]; !holds && k < r.start[i + 1];
			     k++)
				holds = run_holds(h, r.run[k][0], r.run[k][1]);
			if (!holds)
				continue;
			m->holds_loop = 1;
			grew = 1;
		}
	}
	free(r.run);
	free(r.start);
	free(r.other_holds);
}

/* The hash of the names that open or hold a loop (struct header_macros'
 * loopy), made again. */
static void hash_loopy(struct header_macros *h)
{
	size_t nr = 0;

	free(h->loopy);
	h->loopy = NULL;
	h->loopy_size = 0;
	for (size_t i = 0; i < h->nr; i++)
		nr += h->items[i].loop || h->items[i].holds_loop;
	if (!nr)
		return;
	for (h->loopy_size = 16; h->loopy_size < 2 * nr; h->loopy_size *= 2)
		;
	h->loopy = xcalloc(h->loopy_size, sizeof(*h->loopy));
	for (size_t i = 0; i < h->nr; i++) {
		const struct header_macro *m = &h->items[i];
		size_t at, hash = name_hash(m->name, strlen(m->name));
		int kind = (m->loop ? HEADER_MACRO_OPENS_LOOP : 0) |
			   (m->holds_loop ? HEADER_MACRO_HOLDS_LOOP : 0);

		if (!kind)
			continue;
		for (at = hash & (h->loopy_size - 1);
		     h->loopy[at].name && strcmp(h->loopy[at].name, m->name);
		     at = (at + 1) & (h->loopy_size - 1))
			;
		/* every definition's kind, whatever its place among them */
		h->loopy[at].name = m->name;
		h->loopy[at].hash = hash;
		h->loopy[at].kind |= kind;
	}
}

int header_macros_loop_kind(const struct header_macros *h, const char *name,
			    size_t n)
{
	size_t at, hash;

	if (!h || !h->loopy)
		return 0;
	hash = name_hash(name, n);
	for (at = hash & (h->loopy_size - 1); h->loopy[at].name;
	     at = (at + 1) & (h->loopy_size - 1)) {
		const char *have = h->loopy[at].name;

		if (h->loopy[at].hash == hash && !strncmp(have, name, n) &&
		    !have[n])
			return h->loopy[at].kind;
	}
	return 0;
}

void header_macros_finish(struct header_macros *h)
{
	header_macros_finish_over(h, NULL);
}

void header_macros_finish_over(struct header_macros *h,
			       const struct header_macros *other)
{
	struct name_runs t;

	if (h->nr > 1)
		sane_qsort(h->items, h->nr, sizeof(*h->items), by_name);
	h->sorted = 1;
	name_runs_build(&t, h);
	find_loop_macros(h, other, &t);
	find_loop_holders(h, other, &t);
	free(t.slot);
	hash_loopy(h);
	if (!h->memo) {
		h->memo = xcalloc(1, sizeof(*h->memo));
		pthread_mutex_init(&h->memo->lock, NULL);
		h->memo->size = 1024;
		h->memo->slot = xcalloc(h->memo->size, sizeof(*h->memo->slot));
	}
}

void header_macros_release(struct header_macros *h)
{
	for (size_t i = 0; i < h->nr; i++) {
		free(h->items[i].name);
		free(h->items[i].text);
		free(h->items[i].alias_of);
		free(h->items[i].first);
	}
	free(h->items);
	free(h->loopy);
	memo_release(h->memo);
	member_macros_release(&h->members);
	memset(h, 0, sizeof(*h));
}

/* The definitions of name[0..n): *first and the count. */
static size_t find(const struct header_macros *h, const char *name, size_t n,
		   size_t *first)
{
	size_t lo = 0, hi = h->nr, k;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(h->items[mid].name, name, n);

		if (!c && h->items[mid].name[n])
			c = 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (k = lo; k < h->nr && !strncmp(h->items[k].name, name, n) &&
	     !h->items[k].name[n]; k++)
		;
	*first = lo;
	return k - lo;
}

/* Definition m as the expander takes it; 0, or -1 when it is not one. */
static int read_def(const struct header_macro *m, struct macro_def *d)
{
	struct token_list l = TOKEN_LIST_INIT;
	size_t hash = 0;
	int ret;

	memset(d, 0, sizeof(*d));
	if (m->alias_of) {
		d->name = xstrdup(m->name);
		d->body = xstrdup(m->alias_of);
		d->object_like = 1;
		return 0;
	}
	lex_buffer(m->text, strlen(m->text), &l);
	while (hash + 1 < l.nr && l.tok[hash].kind != TOK_HASH)
		hash++;
	ret = macro_def_read(m->text, &l, hash, d);
	token_list_release(&l);
	return ret;
}

size_t header_macros_defs(const struct header_macros *h, const char *name,
			  size_t n, struct macro_def *defs, size_t max)
{
	size_t first, count = h ? find(h, name, n, &first) : 0, got = 0;

	for (size_t k = 0; k < count && got < max; k++) {
		if (h->items[first + k].alias_of)
			continue;
		if (read_def(&h->items[first + k], &defs[got])) {
			macro_def_release(&defs[got]);
			continue;
		}
		got++;
	}
	return got;
}

static int ident_char(char c);

/* header_macros_body_names(), through at most depth more macros */
static int body_names(const struct header_macros *h, const char *name,
		      size_t n, const char *word, size_t wl, int depth)
{
	size_t first, count = find(h, name, n, &first);

	for (size_t k = 0; k < count; k++) {
		const char *t = h->items[first + k].text, *p;

		if (h->items[first + k].alias_of || !t ||
		    !(t = strchr(t, ')')))
			continue; /* past the parameters */
		for (p = t; *p; p++) {
			const char *w = p;
			size_t first2;

			if (!isalpha((unsigned char)*p) && *p != '_')
				continue;
			while (ident_char(p[1]))
				p++;
			if ((size_t)(p + 1 - w) == wl && !memcmp(w, word, wl))
				return 1;
			/* a macro the body uses: SMP_LOAD_ACQUIRE's READ_ONCE */
			if (depth > 0 && ((size_t)(p + 1 - w) != n ||
					  memcmp(w, name, n)) &&
			    find(h, w, (size_t)(p + 1 - w), &first2) &&
			    body_names(h, w, (size_t)(p + 1 - w), word, wl,
				       depth - 1))
				return 1;
		}
	}
	return 0;
}

int header_macros_body_names(const struct header_macros *h, const char *name,
			     size_t n, const char *word)
{
	size_t wl = strlen(word);

	return h && h->sorted && wl && body_names(h, name, n, word, wl, 3);
}

int header_macros_loop(const struct header_macros *h, const char *name,
		       size_t n, size_t *ndefs)
{
	size_t first;

	*ndefs = h && h->sorted ? find(h, name, n, &first) : 0;
	return *ndefs && names_loop(h, name, n);
}

int header_macros_holds_loop(const struct header_macros *h, const char *name,
			     size_t n)
{
	size_t first, count = h && h->sorted ? find(h, name, n, &first) : 0;

	for (size_t k = 0; k < count; k++)
		if (h->items[first + k].holds_loop)
			return 1;
	return 0;
}

const char *header_macros_first(const struct header_macros *h,
				const char *name, size_t n, size_t k)
{
	size_t first, count = find(h, name, n, &first);

	return k < count ? h->items[first + k].first : NULL;
}

static int ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_';
}

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

struct involved {
	char *name;
	size_t first, count;
};

/* Add to names[] each identifier of text that has definitions. */
static int add_names(const struct header_macros *h, const char *text,
		     struct involved *names, size_t *nnames)
{
	for (const char *p = text; *p;) {
		const char *q = p;
		size_t first, count, k;

		if (!ident_start(*p) || (p > text && ident_char(p[-1]))) {
			p++;
			continue;
		}
		while (ident_char(*q))
			q++;
		count = find(h, p, (size_t)(q - p), &first);
		for (k = 0; count && k < *nnames; k++)
			if (strlen(names[k].name) == (size_t)(q - p) &&
			    !strncmp(names[k].name, p, (size_t)(q - p)))
				break;
		if (count && k == *nnames) {
			if (*nnames == MAX_NAMES)
				return -1;
			names[*nnames].name = xstrndup(p, (size_t)(q - p));
			names[*nnames].first = first;
			names[(*nnames)++].count = count;
		}
		p = q;
	}
	return 0;
}

/* Which of names[0..n) an expansion looked up: bit i for names[i]. */
struct looked_names {
	const struct involved *names;
	size_t n;
	unsigned mask;
};

static void note_looked(const char *name, size_t len, void *arg)
{
	struct looked_names *ln = arg;

	for (size_t i = 0; i < ln->n; i++)
		if (!(ln->mask & (1u << i)) &&
		    !strncmp(ln->names[i].name, name, len) &&
		    !ln->names[i].name[len])
			ln->mask |= 1u << i;
}

/* The reading of expr with choice[i] (count: none) for names[i]; with
 * looked, which of the names the expansion looked up (a bit each). */
static int one_reading(const struct header_macros *h, const char *expr,
		       const struct involved *names, size_t nnames,
		       const size_t *choice, struct strbuf *out,
		       unsigned *looked)
{
	struct macro_set s = MACRO_SET_INIT;
	struct looked_names ln = { names, nnames, 0 };
	int ret = 0;

	for (size_t i = 0; i < nnames && !ret; i++) {
		struct macro_def d;

		if (choice[i] == names[i].count)
			continue;
		if (read_def(&h->items[names[i].first + choice[i]], &d)) {
			macro_def_release(&d);
			ret = -1;
			break;
		}
		macro_set_define(&s, &d);
	}
	strbuf_reset(out);
	if (!ret)
		ret = macro_expand_text_looked(&s, expr, strlen(expr), out,
					       looked ? note_looked : NULL,
					       &ln);
	if (looked)
		*looked = ln.mask;
	macro_set_release(&s);
	return ret;
}

static size_t readings_worked_out(const struct header_macros *h,
				  const char *expr, size_t max,
				  struct strlist *out);

/*
 * The same readings, found by following each expansion rather than
 * multiplying every name's choices out: a name is given its choices
 * (each definition, or none) only where the text expanded with the
 * choices made so far still holds it.  A name the text no longer holds
 * cannot change the reading (the preprocessor expands what the text
 * holds; an operand of # or ## is not expanded either way), so the
 * readings are those of the product -- which counts every name's
 * choices on every path, and gives up on a chain like the kernel's
 * per_cpu_ptr() (per_cpu_ptr's two definitions, __verify_pcpu_ptr,
 * SHIFT_PERCPU_PTR, RELOC_HIDE's three, per_cpu_offset: 192 products
 * for some twenty readings).  Used only where the product gave up, so
 * that every expression read before keeps its readings in their order.
 */
#define MAX_PATH_NAMES 12
/* Expansions tried per expression, at most (each one a macro_expand_text) */
#define MAX_EXPANSIONS 512

struct paths {
	const struct header_macros *h;
	const char *expr;
	size_t max, tried;
	struct involved names[MAX_PATH_NAMES];
	size_t choice[MAX_PATH_NAMES], nnames;
	struct strset seen;
	struct strlist readings;
};

/* The first name of text with definitions and no choice made yet
 * (*first and *count set, its length in *len), or NULL. */
static const char *unchosen_name(const struct paths *p, const char *text,
				 size_t *first, size_t *count, size_t *len)
{
	for (const char *q = text; *q;) {
		const char *e = q;
		size_t k;

		if (!ident_start(*q) || (q > text && ident_char(q[-1]))) {
			q++;
			continue;
		}
		while (ident_char(*e))
			e++;
		*len = (size_t)(e - q);
		*count = find(p->h, q, *len, first);
		for (k = 0; *count && k < p->nnames; k++)
			if (strlen(p->names[k].name) == *len &&
			    !strncmp(p->names[k].name, q, *len))
				break;
		if (*count && k == p->nnames)
			return q;
		q = e;
	}
	return NULL;
}

/* Attributes that say something of a pointer to a checker (sparse's
 * address spaces, BTF's tags) and nothing of any object's size. */
static int no_size_attribute(const char *w, size_t n)
{
	static const char *const names[] = {
		"address_space", "noderef", "force", "btf_type_tag",
		"bitwise", "nocast", "safe",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && !strncmp(names[i], w, n))
			return 1;
	return 0;
}

static int annotation_name(const struct header_macros *h, const char *name,
			   size_t n, int depth);

/* Is body __attribute__((A, B(...))) of such attributes only, or a
 * call of a name that is itself an annotation? */
static int annotation_body(const struct header_macros *h, const char *body,
			   int depth)
{
	const char *p = body, *w;
	int level = 0;

	while (isspace((unsigned char)*p))
		p++;
	w = p;
	while (ident_char(*p))
		p++;
	if (p == w)
		return 0;
	if ((size_t)(p - w) != strlen("__attribute__") ||
	    strncmp(w, "__attribute__", (size_t)(p - w))) {
		/* NAME or NAME(...), nothing after */
		size_t n = (size_t)(p - w);

		while (isspace((unsigned char)*p))
			p++;
		if (*p == '(') {
			for (; *p; p++) {
				level += *p == '(';
				if (*p == ')' && --level == 0)
					break;
			}
			if (*p == ')')
				p++;
			while (isspace((unsigned char)*p))
				p++;
		}
		return !*p && !level &&
		       annotation_name(h, w, n, depth + 1);
	}
	/* the attribute list: every name at level 2 must be harmless */
	for (; *p; p++) {
		if (*p == '(') {
			level++;
			continue;
		}
		if (*p == ')') {
			if (--level == 0)
				break;
			continue;
		}
		if (level == 2 && ident_start(*p) && !ident_char(p[-1])) {
			w = p;
			while (ident_char(p[1]))
				p++;
			if (!no_size_attribute(w, (size_t)(p - w + 1)))
				return 0;
		}
	}
	if (*p != ')')
		return 0;
	for (p++; isspace((unsigned char)*p); p++)
		;
	return !*p;
}

/* Does every definition of name[0..n) stand for annotations of no size
 * (__kernel, __force, __percpu, BTF_TYPE_TAG(percpu))? */
static int annotation_name(const struct header_macros *h, const char *name,
			   size_t n, int depth)
{
	size_t first, count = depth > 4 ? 0 : find(h, name, n, &first);
	int all = count > 0;

	for (size_t k = 0; all && k < count; k++) {
		struct macro_def d;

		if (read_def(&h->items[first + k], &d) || !d.body)
			all = 0;
		else
			all = annotation_body(h, d.body, depth);
		macro_def_release(&d);
	}
	return all;
}

/* Follow the choices made so far to every reading they lead to: -1
 * when there are too many readings or expansions, or one fails. */
static int follow(struct paths *p)
{
	struct strbuf sb = STRBUF_INIT;
	size_t first = 0, count = 0, len = 0;
	const char *name;
	int ret = 0;

	if (++p->tried > MAX_EXPANSIONS ||
	    one_reading(p->h, p->expr, p->names, p->nnames, p->choice, &sb,
			NULL)) {
		strbuf_release(&sb);
		return -1;
	}
	name = unchosen_name(p, sb.buf, &first, &count, &len);
	if (!name) {
		if (strset_add(&p->seen, sb.buf))
			strlist_push(&p->readings, sb.buf);
		strbuf_release(&sb);
		return p->readings.nr > p->max ? -1 : 0;
	}
	/* an annotation of no size is read unexpanded: the readings it
	 * would multiply are those with it, of the same types */
	if (p->nnames < MAX_PATH_NAMES &&
	    annotation_name(p->h, name, len, 0)) {
		p->names[p->nnames].name = xstrndup(name, len);
		p->names[p->nnames].first = first;
		p->names[p->nnames].count = count;
		p->choice[p->nnames++] = count;
		strbuf_release(&sb);
		ret = follow(p);
		p->nnames--;
		free(p->names[p->nnames].name);
		return ret;
	}
	if (p->nnames == MAX_PATH_NAMES) {
		strbuf_release(&sb);
		return -1;
	}
	p->names[p->nnames].name = xstrndup(name, len);
	p->names[p->nnames].first = first;
	p->names[p->nnames].count = count;
	p->nnames++;
	strbuf_release(&sb);
	for (size_t c = 0; c <= count && !ret; c++) {
		p->choice[p->nnames - 1] = c;
		ret = follow(p);
	}
	p->nnames--;
	free(p->names[p->nnames].name);
	return ret;
}

static size_t readings_by_paths(const struct header_macros *h,
				const char *expr, size_t max,
				struct strlist *out)
{
	struct paths p;
	size_t result = 0;

	memset(&p, 0, sizeof(p));
	p.h = h;
	p.expr = expr;
	p.max = max;
	p.seen = (struct strset)STRSET_INIT;
	p.readings = (struct strlist)STRLIST_INIT;
	if (!follow(&p)) {
		for (size_t i = 0; i < p.readings.nr; i++)
			strlist_push(out, p.readings.items[i]);
		result = p.readings.nr;
	}
	strset_release(&p.seen);
	strlist_clear(&p.readings);
	return result;
}

static size_t memo_readings(const struct header_macros *h, const char *expr,
			    size_t max, struct strlist *out);

/*
 * Asked for more than 2 readings (not only whether expr has a macro):
 * worked out once for READINGS_CAP, whatever the max, then given when
 * there are no more than max -- scan asks the same object's readings
 * for the sources' types (16) and for the DWARF's (32).  Where the
 * product of choices (readings_worked_out) stays within 4 * max, it
 * stays within 4 * READINGS_CAP, and gives the same readings in the
 * same order.
 */
#define READINGS_CAP 32
size_t header_macros_readings(const struct header_macros *h, const char *expr,
			      size_t max, struct strlist *out)
{
	struct strlist all = STRLIST_INIT;
	size_t nr;

	if (max <= 2 || max >= READINGS_CAP)
		return memo_readings(h, expr, max, out);
	nr = memo_readings(h, expr, READINGS_CAP, &all);
	if (nr > max)
		nr = 0;
	for (size_t i = 0; i < nr; i++)
		strlist_push(out, all.items[i]);
	strlist_clear(&all);
	return nr;
}

static size_t memo_readings(const struct header_macros *h, const char *expr,
			    size_t max, struct strlist *out)
{
	struct readings_memo *m = h->memo;
	struct strlist got = STRLIST_INIT;
	struct memo_entry *e;
	size_t hash, result;

	if (!m)
		return readings_worked_out(h, expr, max, out);
	hash = strset_hash(expr);
	pthread_mutex_lock(&m->lock);
	e = memo_slot(m, expr, hash, max);
	if (e->expr) {
		for (size_t i = 0; i < e->readings.nr; i++)
			strlist_push(out, e->readings.items[i]);
		result = e->result;
		m->remembered++;
		pthread_mutex_unlock(&m->lock);
		return result;
	}
	m->worked++;
	pthread_mutex_unlock(&m->lock);
	result = readings_worked_out(h, expr, max, &got);
	for (size_t i = 0; i < got.nr; i++)
		strlist_push(out, got.items[i]);
	pthread_mutex_lock(&m->lock);
	if (2 * (m->nr + 1) > m->size && m->nr < MEMO_MAX) {
		struct memo_entry *old = m->slot;
		size_t old_size = m->size;

		m->size *= 2;
		m->slot = xcalloc(m->size, sizeof(*m->slot));
		for (size_t i = 0; i < old_size; i++)
			if (old[i].expr)
				*memo_slot(m, old[i].expr, old[i].hash,
					   old[i].max) = old[i];
		free(old);
	}
	e = memo_slot(m, expr, hash, max);
	/* another worker may have put it in meanwhile: the same answer */
	if (!e->expr && 2 * (m->nr + 1) <= m->size) {
		e->expr = xstrdup(expr);
		e->hash = hash;
		e->max = max;
		e->result = result;
		e->readings = got;
		memset(&got, 0, sizeof(got));
		m->nr++;
	}
	pthread_mutex_unlock(&m->lock);
	strlist_clear(&got);
	return result;
}

void header_macros_memo_stats(const struct header_macros *h,
			      size_t *worked, size_t *remembered)
{
	*worked = *remembered = 0;
	if (!h || !h->memo)
		return;
	pthread_mutex_lock(&h->memo->lock);
	*worked = h->memo->worked;
	*remembered = h->memo->remembered;
	pthread_mutex_unlock(&h->memo->lock);
}

/*
 * A combination of choices expanded in this round, and the names its
 * expansion looked up.  The expansion asks the set of definitions only
 * which definition each name it meets has (macro_expand_text_looked), so
 * a later combination that makes the same choices for those names gives
 * the same reading -- seen already, its names added already -- and is
 * not expanded again, when each definition it chooses reads (one that
 * does not fails the combination whether looked up or not).  Linux's
 * tcp_sk(sk)->field: 15 readings of 128 combinations, each expanded
 * from the start (3 ms an expression, some 20 such on Debian's vmlinux).
 */
struct combo_done {
	size_t choice[MAX_NAMES];
	unsigned looked;
};

/* Does definition choice of names[i] read (read_def)?  Asked once:
 * known[i] bit choice, ok[i] bit choice (count <= 31: more definitions
 * of a name are always read). */
static int def_reads(const struct header_macros *h,
		     const struct involved *names, size_t i, size_t choice,
		     unsigned *known, unsigned *ok)
{
	struct macro_def d;
	int reads;

	if (choice >= 32 || !(known[i] & (1u << choice))) {
		reads = !read_def(&h->items[names[i].first + choice], &d);
		macro_def_release(&d);
		if (choice >= 32)
			return reads;
		known[i] |= 1u << choice;
		ok[i] |= (unsigned)reads << choice;
	}
	return !!(ok[i] & (1u << choice));
}

/* Is choice[0..have) the same reading as a combination done before? */
static int combo_known(const struct header_macros *h,
		       const struct involved *names, size_t have,
		       const size_t *choice, const struct combo_done *done,
		       size_t ndone, unsigned *known, unsigned *ok)
{
	size_t d, i;

	for (d = 0; d < ndone; d++) {
		for (i = 0; i < have; i++)
			if ((done[d].looked & (1u << i)) &&
			    done[d].choice[i] != choice[i])
				break;
		if (i == have)
			break;
	}
	if (d == ndone)
		return 0;
	for (i = 0; i < have; i++)
		if (choice[i] != names[i].count &&
		    !def_reads(h, names, i, choice[i], known, ok))
			return 0; /* expanded: it fails there */
	return 1;
}

/* Combinations expanded and given by one expanded before, over the run
 * (a test hook's counts); and the test hook that turns the latter off. */
static size_t combos_expanded, combos_known;

void header_macros_combo_stats(size_t *expanded, size_t *known)
{
	*expanded = __atomic_load_n(&combos_expanded, __ATOMIC_RELAXED);
	*known = __atomic_load_n(&combos_known, __ATOMIC_RELAXED);
}

/* header_macros_readings() without the memo. */
static size_t readings_worked_out(const struct header_macros *h,
				  const char *expr, size_t max,
				  struct strlist *out)
{
	struct involved names[MAX_NAMES];
	size_t nnames = 0, have = 0, result = 0;
	struct strbuf sb = STRBUF_INIT;
	struct strset seen = STRSET_INIT;
	struct strlist readings = STRLIST_INIT;
	struct combo_done *done = NULL;
	unsigned known[MAX_NAMES] = { 0 }, ok[MAX_NAMES] = { 0 };
	/* Test hook: every combination expanded (the readings must be the
	 * same) */
	const char *hook = getenv("RWONCE_TEST_SCAN_COMBO_MEMO");
	int each = hook && !strcmp(hook, "off");

	if (add_names(h, expr, names, &nnames))
		goto done;
	if (!nnames) {
		strlist_push(out, expr);
		result = 1;
		goto done;
	}
	for (int round = 0; round < MAX_ROUNDS && have != nnames; round++) {
		size_t choice[MAX_NAMES], combos = 1, ndone = 0;

		have = nnames;
		for (size_t i = 0; i < have; i++) {
			combos *= names[i].count + 1;
			if (combos > max * 4)
				goto done;
		}
		strlist_clear(&readings);
		strset_release(&seen);
		memset(choice, 0, sizeof(choice));
		free(done);
		done = xmalloc(combos * sizeof(*done));
		for (size_t c = 0; c < combos; c++) {
			size_t rest = c;

			for (size_t i = 0; i < have; i++) {
				choice[i] = rest % (names[i].count + 1);
				rest /= names[i].count + 1;
			}
			if (!each && combo_known(h, names, have, choice, done,
						 ndone, known, ok)) {
				__atomic_fetch_add(&combos_known, 1,
						   __ATOMIC_RELAXED);
				continue;
			}
			__atomic_fetch_add(&combos_expanded, 1,
					   __ATOMIC_RELAXED);
			if (one_reading(h, expr, names, have, choice, &sb,
					&done[ndone].looked))
				goto done;
			memcpy(done[ndone++].choice, choice, sizeof(choice));
			if (strset_add(&seen, sb.buf))
				strlist_push(&readings, sb.buf);
			/* a definition's body names another macro: its
			 * choices too, next round */
			if (add_names(h, sb.buf, names, &nnames))
				goto done;
		}
	}
	if (have != nnames || readings.nr > max)
		goto done;
	for (size_t i = 0; i < readings.nr; i++)
		strlist_push(out, readings.items[i]);
	result = readings.nr;
done:
	free(done);
	for (size_t i = 0; i < nnames; i++)
		free(names[i].name);
	strbuf_release(&sb);
	strset_release(&seen);
	strlist_clear(&readings);
	/* (asked for at most 2: whether expr has no reading but itself,
	 * which the product tells already) */
	if (!result && nnames && max > 2)
		result = readings_by_paths(h, expr, max, out);
	return result;
}
