/* Bracket matching and macro arguments over a token list (tokscan.h). */
#include "cfront/tokscan.h"

#include <stdlib.h>
#include <string.h>

#include "lib/memfind.h"
#include "lib/strbuf.h"
#include "lib/util.h"

/* +1 for an opening bracket, -1 for a closing one, 0 otherwise. */
static int bracket(const char *buf, const struct token *t)
{
	char c;

	if (t->kind != TOK_PUNCT)
		return 0;
	c = buf[t->off];
	if (t->len == 1) {
		if (c == '(' || c == '[' || c == '{')
			return 1;
		if (c == ')' || c == ']' || c == '}')
			return -1;
		return 0;
	}
	/* digraphs <: :> <% %> */
	if (t->len == 2 && !(t->flags & TF_SPLICED)) {
		char d = buf[t->off + 1];

		if ((c == '<' && (d == ':' || d == '%')))
			return 1;
		if ((c == ':' && d == '>') || (c == '%' && d == '>'))
			return -1;
	}
	return 0;
}

int tok_digraph_is(const char *buf, const struct token *t, char c)
{
	const char *d = buf + t->off;

	if (t->len != 2 || (t->flags & TF_SPLICED))
		return 0;
	switch (c) {
	case '[': return d[0] == '<' && d[1] == ':';
	case ']': return d[0] == ':' && d[1] == '>';
	case '{': return d[0] == '<' && d[1] == '%';
	case '}': return d[0] == '%' && d[1] == '>';
	}
	return 0;
}

static int ident_among(const char *buf, const struct token_list *l, size_t i,
		       const char *const *words, size_t n)
{
	if (l->tok[i].kind != TOK_IDENT)
		return 0;
	for (size_t k = 0; k < n; k++)
		if (tok_ident(buf, l, i, words[k]))
			return 1;
	return 0;
}

/* The typeof family (tokscan.h): the one list of its spellings. */
static const struct {
	const char *word;
	enum typeof_kind kind;
} typeof_words[] = {
	{ "typeof", TYPEOF_KEEPS_QUALIFIERS },
	{ "__typeof__", TYPEOF_KEEPS_QUALIFIERS },
	{ "__typeof", TYPEOF_KEEPS_QUALIFIERS },
	{ "typeof_unqual", TYPEOF_UNQUAL },
	{ "__typeof_unqual__", TYPEOF_UNQUAL },
	{ "__typeof_unqual", TYPEOF_UNQUAL },
	{ "__unqual_scalar_typeof", TYPEOF_UNQUAL },
};

int token_is_typeof(const char *buf, const struct token *t)
{
	if (t->kind != TOK_IDENT)
		return TYPEOF_NONE;
	for (size_t k = 0; k < ARRAY_SIZE(typeof_words); k++)
		if (token_is(buf, t, typeof_words[k].word))
			return typeof_words[k].kind;
	return TYPEOF_NONE;
}

int word_is_typeof(const char *word)
{
	for (size_t k = 0; k < ARRAY_SIZE(typeof_words); k++)
		if (!strcmp(word, typeof_words[k].word))
			return typeof_words[k].kind;
	return TYPEOF_NONE;
}

int tok_is_typeof(const char *buf, const struct token_list *l, size_t i)
{
	return token_is_typeof(buf, &l->tok[i]);
}

int tok_names_typeof(const char *buf, const struct token_list *l, size_t i)
{
	struct strbuf s = STRBUF_INIT;
	int r;

	if (l->tok[i].kind != TOK_IDENT)
		return 0;
	if (tok_is_typeof(buf, l, i))
		return 1;
	token_spelling(buf, &l->tok[i], &s);
	r = strstr(s.buf, typeof_words[0].word) != NULL;
	strbuf_release(&s);
	return r;
}

static const char *const unevaluated_words[] = {
	"sizeof", "_Alignof", "alignof", "__alignof__", "__alignof",
};

int tok_is_unevaluated_keyword(const char *buf, const struct token_list *l,
			       size_t i)
{
	return ident_among(buf, l, i, unevaluated_words,
			   ARRAY_SIZE(unevaluated_words)) ||
	       tok_is_typeof(buf, l, i);
}

int tok_is_operator_keyword(const char *buf, const struct token_list *l,
			    size_t i)
{
	static const char *const kw[] = {
		"return", "case", "else", "do", "goto", "throw",
	};

	return ident_among(buf, l, i, kw, ARRAY_SIZE(kw)) ||
	       tok_is_unevaluated_keyword(buf, l, i);
}

int tok_is_condition_keyword(const char *buf, const struct token_list *l,
			     size_t i)
{
	static const char *const kw[] = { "if", "while", "for", "switch" };

	return ident_among(buf, l, i, kw, ARRAY_SIZE(kw));
}

int tok_ends_operand(const char *buf, const struct token_list *l, size_t i)
{
	switch (l->tok[i].kind) {
	case TOK_IDENT:
		return !tok_is_operator_keyword(buf, l, i) &&
		       !tok_is_condition_keyword(buf, l, i);
	case TOK_NUMBER:
	case TOK_STRING:
	case TOK_CHAR:
		return 1;
	case TOK_PUNCT:
		return tok_punct(buf, l, i, ")") || tok_punct(buf, l, i, "]") ||
		       tok_punct(buf, l, i, "++") || tok_punct(buf, l, i, "--");
	default:
		return 0;
	}
}

/* The cache of tok_match_cache(): per thread, for one list. */
static __thread const struct token_list *cache_list;
static __thread const struct token *cache_tok;
static __thread size_t cache_nr, cache_alloc;
static __thread size_t *cache_match;
static __thread size_t *cache_stack;
static __thread struct tok_match_room *cache_room; /* owns the arrays */
/* tok_match_cache_lazy_in()'s list, room and text: the table is made
 * for it when a scan first runs long */
static __thread const struct token_list *lazy_list;
static __thread const struct token *lazy_tok;
static __thread size_t lazy_nr;
static __thread const char *lazy_buf;
static __thread struct tok_match_room *lazy_room;

/* The arrays given up: freed unless a room owns them. */
static void cache_detach(void)
{
	if (!cache_room) {
		free(cache_match);
		free(cache_stack);
	}
	cache_match = cache_stack = NULL;
	cache_alloc = 0;
	cache_room = NULL;
	cache_list = NULL;
	cache_tok = NULL;
	lazy_list = NULL;
	lazy_tok = NULL;
	lazy_room = NULL;
}

void tok_match_cache_drop(void)
{
	/* Freed each time (unless a room keeps them): one allocation per
	 * file is cheap, and a thread that ends leaves nothing behind. */
	cache_detach();
}

void tok_match_room_release(struct tok_match_room *room)
{
	free(room->match);
	free(room->stack);
	room->match = room->stack = NULL;
	room->alloc = 0;
}

static void cache_fill(const char *buf, const struct token_list *l);

void tok_match_cache(const char *buf, const struct token_list *l)
{
	if (cache_room)
		cache_detach();
	if (l->nr > cache_alloc) {
		free(cache_match);
		free(cache_stack);
		cache_alloc = l->nr + l->nr / 4;
		cache_match = xmalloc(cache_alloc * sizeof(*cache_match));
		/* two stacks: code from the bottom, the directive line on top */
		cache_stack = xmalloc(cache_alloc * sizeof(*cache_stack));
	}
	cache_fill(buf, l);
}

void tok_match_cache_in(const char *buf, const struct token_list *l,
			struct tok_match_room *room)
{
	if (cache_room != room)
		cache_detach();
	if (l->nr > room->alloc) {
		free(room->match);
		free(room->stack);
		room->alloc = l->nr + l->nr / 4;
		room->match = xmalloc(room->alloc * sizeof(*room->match));
		room->stack = xmalloc(room->alloc * sizeof(*room->stack));
	}
	cache_room = room;
	cache_match = room->match;
	cache_stack = room->stack;
	cache_alloc = room->alloc;
	cache_fill(buf, l);
}

void tok_match_cache_lazy_in(const char *buf, const struct token_list *l,
			     struct tok_match_room *room)
{
	if (cache_room != room)
		cache_detach();
	/* no table of a list before this one is this list's, even where
	 * the list reuses its tokens' array at the same length */
	cache_list = NULL;
	cache_tok = NULL;
	lazy_list = l;
	lazy_tok = l->tok;
	lazy_nr = l->nr;
	lazy_buf = buf;
	lazy_room = room;
}

/* Is l the list of tok_match_cache_lazy_in() whose table is not made? */
static int lazy_for(const struct token_list *l)
{
	return lazy_list == l && lazy_tok == l->tok && lazy_nr == l->nr;
}

/* Make the table of tok_match_cache_lazy_in()'s list now. */
static void lazy_fill(void)
{
	const struct token_list *l = lazy_list;
	const char *buf = lazy_buf;
	struct tok_match_room *room = lazy_room;

	tok_match_cache_in(buf, l, room);
	lazy_list = NULL;
}

/* The tokens a scan of a lazy list's brackets looks at before the table
 * is made: most questions are about a call's few arguments (issue #35:
 * the passes over a macro's uses made a table of every file's brackets
 * for them) */
#define LAZY_SCAN 256
#define LONG ((size_t)-1)

/* The table of l's brackets into cache_match (cache_alloc >= l->nr). */
static void cache_fill(const char *buf, const struct token_list *l)
{
	size_t eof = l->nr - 1, sp = 0, dsp = 0, dbase = 0;

	for (size_t i = 0; i < l->nr; i++)
		cache_match[i] = eof;
	/*
	 * Code brackets pair across directive lines (which are skipped);
	 * brackets inside a directive pair only within that line.  The code
	 * stack grows from 0, the current directive line's from dbase = sp.
	 */
	for (size_t i = 0; i < eof; i++) {
		const struct token *t = &l->tok[i];
		int b = bracket(buf, t);

		if (t->flags & TF_DIRECTIVE) {
			if (t->kind == TOK_HASH || (t->flags & TF_BOL)) {
				dbase = sp; /* a new directive line */
				dsp = 0;
			}
			if (b > 0) {
				cache_stack[dbase + dsp++] = i;
			} else if (b < 0 && dsp) {
				cache_match[cache_stack[dbase + --dsp]] = i;
				cache_match[i] = cache_stack[dbase + dsp];
			}
			continue;
		}
		if (b > 0) {
			cache_stack[sp++] = i;
		} else if (b < 0 && sp) {
			cache_match[cache_stack[--sp]] = i;
			cache_match[i] = cache_stack[sp];
		}
	}
	cache_list = l;
	cache_tok = l->tok;
	cache_nr = l->nr;
}

/* tok_match()'s scan, or LONG after `limit` tokens. */
static size_t match_scan(const char *buf, const struct token_list *l,
			 size_t open, size_t limit)
{
	size_t depth = 0, eof = l->nr - 1;
	int in_dir = (l->tok[open].flags & TF_DIRECTIVE) != 0;

	for (size_t i = open; i < eof; i++) {
		const struct token *t = &l->tok[i];
		int b;

		if (i - open >= limit)
			return LONG;
		if (in_dir) {
			/* Stay inside this directive line. */
			if (i > open && (t->flags & TF_BOL))
				return eof;
		} else if (t->flags & TF_DIRECTIVE) {
			continue;
		}
		b = bracket(buf, t);
		if (b > 0) {
			depth++;
		} else if (b < 0) {
			if (--depth == 0)
				return i;
		}
	}
	return eof;
}

size_t tok_match(const char *buf, const struct token_list *l, size_t open)
{
	if (cache_list == l && cache_tok == l->tok && cache_nr == l->nr &&
	    bracket(buf, &l->tok[open]) > 0)
		return cache_match[open];
	if (lazy_for(l) && bracket(buf, &l->tok[open]) > 0) {
		size_t close = match_scan(buf, l, open, LAZY_SCAN);

		if (close != LONG)
			return close;
		lazy_fill();
		return cache_match[open];
	}
	return match_scan(buf, l, open, LONG);
}

/* Is token i the '#' of an #elif or #else line? */
static int alt_group_hash(const char *buf, const struct token_list *l,
			  size_t i)
{
	return l->tok[i].kind == TOK_HASH && (l->tok[i].flags & TF_DIRECTIVE) &&
	       i + 1 < l->nr && (tok_ident(buf, l, i + 1, "elif") ||
				 tok_ident(buf, l, i + 1, "else"));
}

size_t tok_match_body(const char *buf, const struct token_list *l,
		      size_t open)
{
	size_t close = tok_match(buf, l, open), eof = l->nr - 1, k;
	/* per conditional opened since `open` (and one for those opened
	 * before it, at 0): is its current group one after the first */
	unsigned char skip[256];
	size_t cond = 0, skipping = 0, depth = 0;

	/* Most bodies hold no directive at all: their bytes, searched for
	 * a '#' (or the digraph "%:") a block at a time, say so before any
	 * token is looked at (the type index asks this of every body) */
	if (close < eof) {
		const char *b = buf + l->tok[open].off;
		size_t n = l->tok[close].off - l->tok[open].off;

		if (!memchr(b, '#', n) && !mem_find(b, n, "%:", 2))
			return close;
	}
	for (k = open + 1; k < close && k < eof; k++)
		if (alt_group_hash(buf, l, k))
			break;
	if (k >= close || k >= eof)
		return close;
	memset(skip, 0, sizeof(skip));
	for (k = open; k < eof; k++) {
		const struct token *t = &l->tok[k];
		int b;

		if (t->kind == TOK_HASH && (t->flags & TF_DIRECTIVE) &&
		    k + 1 < l->nr) {
			if (tok_ident(buf, l, k + 1, "if") ||
			    tok_ident(buf, l, k + 1, "ifdef") ||
			    tok_ident(buf, l, k + 1, "ifndef")) {
				if (++cond < sizeof(skip))
					skip[cond] = 0;
			} else if (alt_group_hash(buf, l, k)) {
				if (cond < sizeof(skip) && !skip[cond]) {
					skip[cond] = 1;
					skipping++;
				}
			} else if (tok_ident(buf, l, k + 1, "endif")) {
				if (cond < sizeof(skip) && skip[cond]) {
					skip[cond] = 0;
					skipping--;
				}
				if (cond)
					cond--;
			}
			continue;
		}
		if ((t->flags & TF_DIRECTIVE) || skipping)
			continue;
		b = bracket(buf, t);
		if (b > 0)
			depth++;
		else if (b < 0 && --depth == 0)
			return k;
	}
	return eof;
}

/* tok_match_back()'s scan, or LONG after `limit` tokens. */
static size_t match_back_scan(const char *buf, const struct token_list *l,
			      size_t close, size_t limit)
{
	size_t depth = 0, eof = l->nr - 1;
	int in_dir = (l->tok[close].flags & TF_DIRECTIVE) != 0;

	for (size_t i = close + 1; i-- > 0;) {
		const struct token *t = &l->tok[i];
		int b;

		if (close - i >= limit)
			return LONG;

		if (in_dir) {
			if (!(t->flags & TF_DIRECTIVE))
				return eof;
		} else if (t->flags & TF_DIRECTIVE) {
			continue;
		}
		b = bracket(buf, t);
		if (b < 0) {
			depth++;
		} else if (b > 0) {
			if (--depth == 0)
				return i;
		}
		/* a directive line's brackets pair on that line only */
		if (in_dir && (t->flags & TF_BOL))
			return eof;
	}
	return eof;
}

size_t tok_match_back(const char *buf, const struct token_list *l,
		      size_t close)
{
	size_t open;

	if (bracket(buf, &l->tok[close]) >= 0)
		return l->nr - 1;
	if (cache_list == l && cache_tok == l->tok && cache_nr == l->nr)
		return cache_match[close];
	if (lazy_for(l)) {
		open = match_back_scan(buf, l, close, LAZY_SCAN);
		if (open != LONG)
			return open;
		lazy_fill();
		return cache_match[close];
	}
	return match_back_scan(buf, l, close, LONG);
}

int tok_call_args(const char *buf, const struct token_list *l, size_t name,
		  struct tok_range *args, size_t max, size_t *nargs,
		  size_t *close)
{
	size_t open = name + 1, end, n = 0, begin, depth = 0;
	int in_dir;

	if (open >= l->nr || !tok_punct(buf, l, open, "("))
		return -1;
	end = tok_match(buf, l, open);
	if (end == l->nr - 1)
		return -1;
	in_dir = (l->tok[open].flags & TF_DIRECTIVE) != 0;
	begin = open + 1;
	for (size_t i = open + 1; i < end; i++) {
		int b;

		if (!in_dir && (l->tok[i].flags & TF_DIRECTIVE))
			continue;
		b = bracket(buf, &l->tok[i]);
		if (b > 0) {
			/* jump over nested groups (O(1) with the match cache) */
			size_t m = tok_match(buf, l, i);

			if (m < end) {
				i = m;
				continue;
			}
			depth++;
		} else if (b < 0) {
			depth--;
		} else if (depth == 0 && tok_punct(buf, l, i, ",")) {
			if (n < max) {
				args[n].begin = begin;
				args[n].end = i;
			}
			n++;
			begin = i + 1;
		}
	}
	if (n < max) {
		args[n].begin = begin;
		args[n].end = end;
	}
	n++;
	*nargs = n;
	*close = end;
	return 0;
}

size_t tok_at(const struct token_list *l, unsigned line, unsigned col)
{
	for (size_t i = 0; i + 1 < l->nr; i++)
		if (l->tok[i].line == line && l->tok[i].col == col)
			return i;
	return l->nr;
}

int tok_is_qualifier(const char *buf, const struct token_list *l, size_t k)
{
	static const char *const q[] = {
		"const", "__const", "__const__", "volatile", "__volatile",
		"__volatile__", "restrict", "__restrict", "__restrict__",
	};

	for (size_t i = 0; i < ARRAY_SIZE(q); i++)
		if (tok_ident(buf, l, k, q[i]))
			return 1;
	return 0;
}

char *tok_range_text(const char *buf, const struct token_list *l,
		     struct tok_range r, int skip_qualifiers)
{
	struct strbuf sb = STRBUF_INIT, tok = STRBUF_INIT;

	for (size_t k = r.begin; k < r.end; k++) {
		if (skip_qualifiers && tok_is_qualifier(buf, l, k))
			continue;
		strbuf_reset(&tok);
		token_spelling(buf, &l->tok[k], &tok);
		if (sb.len && tok.buf[0] != '*')
			strbuf_addch(&sb, ' ');
		strbuf_add(&sb, tok.buf, tok.len);
	}
	strbuf_release(&tok);
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb);
}

struct tok_range tok_unparen(const char *buf, const struct token_list *l,
			     struct tok_range r)
{
	while (r.end - r.begin >= 2 && tok_punct(buf, l, r.begin, "(") &&
	       tok_punct(buf, l, r.end - 1, ")") &&
	       tok_match(buf, l, r.begin) == r.end - 1) {
		r.begin++;
		r.end--;
	}
	return r;
}
