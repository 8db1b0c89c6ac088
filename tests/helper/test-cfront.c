/*
 * A small driver for the audit lexer, for tests and the fuzz corpus:
 *
 *   cfront-test dump FILE       one line per token: line:col kind flags text
 *   cfront-test check FILE...   check the lexer's invariants, print
 *                                    "ok FILE" or what is broken; exit 1 if any
 *   cfront-test args FILE NAME  the arguments of every NAME(...) call
 *   cfront-test count FILE...   lex only, print the number of tokens
 *   cfront-test idioms FILE     every ACCESS_ONCE call and volatile cast:
 *                                    its use, the assigned value, its spans
 *   cfront-test type FILE L:C...  the type-index answer for the unary
 *                                    expression that starts at line L, col C
 *   cfront-test alias FILE L:C:SIZE[:OF]...  the scalar a once-access of
 *                                    that expression (or of its member OF)
 *                                    can be spelled on (type_index_scalar_alias)
 *   cfront-test rewind FILE HEADER L:C...  the type answers (and the
 *                                    name found missing) three times: the
 *                                    file alone, with HEADER merged after
 *                                    a mark, and after type_index_rewind()
 *   cfront-test directives-only FILE...  the byte scan that finds a
 *                                    header of directives only, against
 *                                    the lexer
 *   cfront-test lazy-check FILE...  the type index that parses a
 *                                    function when asked against the one
 *                                    that parses all at once: tables and
 *                                    every operand's answers
 *   cfront-test expand FILE     every invocation of the file's own macros
 *                                    that defines a function, expanded
 *                                    (macro-expand.h), and which of
 *                                    those functions are once-accessors
 *   cfront-test define-runs     ident_run_end() and blank_run_end()
 *                                    (ident-mask.h) against byte loops
 *   cfront-test cast-prefilter N  N generated buffers of casts and
 *                                    token soup (volatile, brackets of
 *                                    every kind, typeof, comments,
 *                                    splices, directives): wherever
 *                                    rewrite_file() finds a volatile
 *                                    cast site or note,
 *                                    volatile_cast_may_be_in() must not
 *                                    say no
 *   cfront-test includers FILE BASE...  the file's #include "..." lines
 *                                    whose name ends in each BASE
 *                                    (rewrite/includers.h): "LINE NAME"
 *   cfront-test macro-set N     N names defined, each defined again,
 *                                    every other one undefined
 *                                    (macro-expand.h), checked against a
 *                                    plain list with the same moves:
 *                                    "ok N KEPT index-writes W", or the
 *                                    first difference
 *
 * The invariants: tokens are non-empty, in order, inside the buffer, with
 * the right line:col; the bytes between tokens lex to nothing (only white
 * space, comments and splices); each token alone lexes back to itself.
 */
#include "test-tool.h"
#include "cfront/branches.h"
#include "cfront/lexer.h"
#include "cfront/ident-mask.h"
#include "cfront/idioms.h"
#include "cfront/macro-expand.h"
#include "cfront/once-accessor.h"
#include "cfront/once-discover.h"
#include "cfront/prepass-words.h"
#include "cfront/word-filter.h"
#include "cfront/tokscan.h"
#include "cfront/treetypes.h"
#include "cfront/typeindex.h"
#include "cfront/walk.h"
#include "lib/memfind.h"
#include "rewrite/includers.h"
#include "rewrite/rewrite.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const char *kind_name[] = {
	"eof", "ident", "number", "string", "char", "punct", "hash", "header",
	"other",
};

static void put_text(const char *buf, const struct token *t)
{
	struct strbuf sb = STRBUF_INIT;

	token_spelling(buf, t, &sb);
	for (size_t i = 0; i < sb.len; i++) {
		unsigned char c = (unsigned char)sb.buf[i];

		if (c < 0x20 || c >= 0x7f || c == '\\')
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	strbuf_release(&sb);
}

static void dump(const char *buf, const struct token_list *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		const struct token *t = &l->tok[i];

		printf("%u:%u %s %s%s%s%s%s%s ", t->line, t->col,
		       kind_name[t->kind],
		       t->flags & TF_BOL ? "B" : "-",
		       t->flags & TF_SPACE_BEFORE ? "S" : "-",
		       t->flags & TF_DIRECTIVE ? "D" : "-",
		       t->flags & TF_DEFINE_BODY ? "M" : "-",
		       t->flags & TF_UNTERMINATED ? "U" : "-",
		       t->flags & TF_SPLICED ? "J" : "-");
		put_text(buf, t);
		putchar('\n');
	}
}

static int check(const char *path, const char *buf, size_t len,
		 const struct token_list *l)
{
	/* line 1 starts after a byte order mark (lexer.h) */
	size_t prev_end = 0, line_off = lex_bom_len(buf, len);
	unsigned line = 1;
	size_t scanned = 0;

	if (!l->nr || l->tok[l->nr - 1].kind != TOK_EOF) {
		printf("FAIL %s: no EOF token at the end\n", path);
		return 1;
	}
	for (size_t i = 0; i < l->nr; i++) {
		const struct token *t = &l->tok[i];
		struct token_list sub = TOKEN_LIST_INIT;

		if (t->off < prev_end || t->off + t->len > len ||
		    (t->kind != TOK_EOF && !t->len) ||
		    (t->kind == TOK_EOF && i != l->nr - 1)) {
			printf("FAIL %s: token %zu at [%zu,+%zu) out of order\n",
			       path, i, t->off, t->len);
			return 1;
		}
		for (; scanned < t->off; scanned++)
			if (buf[scanned] == '\n') {
				line++;
				line_off = scanned + 1;
			}
		if (t->line != line || t->col != t->off - line_off + 1) {
			printf("FAIL %s: token %zu says %u:%u, is %u:%zu\n", path,
			       i, t->line, t->col, line, t->off - line_off + 1);
			return 1;
		}
		/* The gap before the token holds no token. */
		lex_buffer(buf + prev_end, t->off - prev_end, &sub);
		if (sub.nr != 1) {
			printf("FAIL %s: bytes [%zu,%zu) before token %zu "
			       "lex to %zu tokens\n", path, prev_end, t->off, i,
			       sub.nr - 1);
			return 1;
		}
		sub.nr = 0;
		/* A header needs its #include, and ## alone starts a line.
		 * A token that starts with U+FEFF's bytes (EF BB BF) alone
		 * is a buffer that starts with a byte order mark, which is
		 * no token (lexer.h): 1 in 100 random files has one. */
		if (t->kind != TOK_EOF && t->kind != TOK_HEADER &&
		    !(t->kind == TOK_PUNCT &&
		      (buf[t->off] == '#' || buf[t->off] == '%')) &&
		    !lex_bom_len(buf + t->off, t->len)) {
			lex_buffer(buf + t->off, t->len, &sub);
			if (sub.nr != 2 || sub.tok[0].kind != t->kind ||
			    sub.tok[0].len != t->len) {
				printf("FAIL %s: token %zu (%u:%u) does not lex "
				       "back to itself\n", path, i, t->line,
				       t->col);
				return 1;
			}
		}
		token_list_release(&sub);
		prev_end = t->off + t->len;
	}
	/* The tok_match cache gives the same answers as the scan. */
	{
		size_t *scan = xmalloc(l->nr * sizeof(*scan));

		for (size_t i = 0; i + 1 < l->nr; i++)
			scan[i] = tok_match(buf, l, i);
		tok_match_cache(buf, l);
		for (size_t i = 0; i + 1 < l->nr; i++) {
			if (tok_match(buf, l, i) != scan[i]) {
				printf("FAIL %s: tok_match cache differs at token "
				       "%zu (%u:%u)\n", path, i, l->tok[i].line,
				       l->tok[i].col);
				tok_match_cache_drop();
				free(scan);
				return 1;
			}
		}
		tok_match_cache_drop();
		free(scan);
	}
	/* tok_match_cache_lazy_in(): the same answers as the scan, forward
	 * and back, asked as a list's first question (a scan of a few
	 * hundred tokens, or the table made then) and after others -- about
	 * the brackets only (another token's answer never comes from the
	 * table, and its scan would make this check quadratic) */
	{
		size_t *fwd = xcalloc(l->nr, sizeof(*fwd));
		size_t *back = xcalloc(l->nr, sizeof(*back));
		char *kind = xcalloc(l->nr, 1); /* 1 opens, 2 closes */
		struct tok_match_room room = TOK_MATCH_ROOM_INIT;
		size_t bad = l->nr, asked = 0;

		for (size_t i = 0; i + 1 < l->nr; i++) {
			const struct token *t = &l->tok[i];
			const char *b = buf + t->off;

			if (t->kind != TOK_PUNCT)
				continue;
			if ((b[0] && strchr("([{", b[0])) ||
			    (t->len == 2 && b[0] == '<'))
				kind[i] = 1;
			else if ((b[0] && strchr(")]}", b[0])) ||
				 (t->len == 2 && b[1] == '>'))
				kind[i] = 2;
			if (kind[i] == 1)
				fwd[i] = tok_match(buf, l, i);
			else if (kind[i] == 2)
				back[i] = tok_match_back(buf, l, i);
		}
		for (size_t i = 0; i + 1 < l->nr && bad == l->nr; i++) {
			if (!kind[i] || (asked++ >= 2048 && i % 61))
				continue;
			tok_match_cache_lazy_in(buf, l, &room);
			if (kind[i] == 1 ? tok_match(buf, l, i) != fwd[i] :
			    tok_match_back(buf, l, i) != back[i])
				bad = i;
			tok_match_cache_drop();
		}
		tok_match_cache_lazy_in(buf, l, &room);
		for (size_t i = 0; i + 1 < l->nr && bad == l->nr; i++)
			if (kind[i] && (kind[i] == 1 ?
					tok_match(buf, l, i) != fwd[i] :
					tok_match_back(buf, l, i) != back[i]))
				bad = i;
		tok_match_cache_drop();
		tok_match_room_release(&room);
		free(fwd);
		free(back);
		free(kind);
		if (bad != l->nr) {
			printf("FAIL %s: the lazy tok_match table differs at "
			       "token %zu (%u:%u)\n", path, bad,
			       l->tok[bad].line, l->tok[bad].col);
			return 1;
		}
	}
	printf("ok %s\n", path);
	return 0;
}


static void answer_at(const struct type_index *ti, const char *buf,
		      const struct token_list *l, const char *pos)
{
	unsigned line, col;
	size_t i;
	struct type_answer a;

	if (sscanf(pos, "%u:%u", &line, &col) != 2)
		die("bad position '%s'", pos);
	if ((i = tok_at(l, line, col)) == l->nr) {
		printf("%s: no token\n", pos);
		return;
	}
	if (type_index_expr(ti, buf, l, (struct tok_range){ i,
			    unary_expr_end(buf, l, i) }, &a))
		printf("%s: %s '%s' '%s'\n", pos, type_class_name(a.cls),
		       a.spelled, a.canonical);
	else
		printf("%s: unknown, missing '%s'\n", pos,
		       type_index_missing(ti) ? type_index_missing(ti) : "");
}

/* A header merged after a mark and taken out again: the index must
 * answer as before (the tree lookup's variants, issue #35). */
static void rewind_cmd(const char *buf, const struct token_list *l,
		       const char *header, const char **pos, int n)
{
	struct type_index *ti = type_index_build(buf, l);
	struct type_index_mark mark;
	static const char *const stage[] = { "alone", "merged", "rewound" };

	for (int s = 0; s < 3; s++) {
		if (s == 1) {
			type_index_set_mark(ti, &mark);
			if (type_index_add_header(ti, header) < 0)
				die("cannot read %s", header);
		} else if (s == 2) {
			type_index_rewind(ti, &mark);
		}
		for (int k = 0; k < n; k++) {
			printf("%s ", stage[s]);
			answer_at(ti, buf, l, pos[k]);
		}
	}
	type_index_free(ti);
}

static void types(const char *buf, const struct token_list *l, const char **pos,
		  int n)
{
	struct type_index *ti = type_index_build(buf, l);

	for (int k = 0; k < n; k++) {
		unsigned line, col;
		size_t i;
		struct type_answer a;

		if (sscanf(pos[k], "%u:%u", &line, &col) != 2)
			die("bad position '%s'", pos[k]);
		if ((i = tok_at(l, line, col)) == l->nr) {
			printf("%s: no token\n", pos[k]);
			continue;
		}
		if (type_index_expr(ti, buf, l, (struct tok_range){ i,
				    unary_expr_end(buf, l, i) }, &a))
			printf("%s: %s '%s' '%s'\n", pos[k], type_class_name(a.cls),
			       a.spelled, a.canonical);
		else
			printf("%s: unknown\n", pos[k]);
	}
	type_index_free(ti);
}

/* LINE:COL:SIZE[:OF] -- the expression at LINE:COL (with OF: the one
 * token there) and the scalar type_index_scalar_alias() finds. */
static void aliases(const char *buf, const struct token_list *l, const char **pos,
		    int n)
{
	struct type_index *ti = type_index_build(buf, l);

	for (int k = 0; k < n; k++) {
		unsigned line, col, size;
		char of[64] = "", name[64];
		size_t i;
		struct tok_range r;

		if (sscanf(pos[k], "%u:%u:%u:%63s", &line, &col, &size, of) < 3)
			die("bad position '%s'", pos[k]);
		if ((i = tok_at(l, line, col)) == l->nr) {
			printf("%s: no token\n", pos[k]);
			continue;
		}
		r.begin = i;
		r.end = of[0] ? i + 1 : unary_expr_end(buf, l, i);
		if (type_index_scalar_alias(ti, buf, l, r, of[0] ? of : NULL,
					    size, name, sizeof(name)))
			printf("%s: %s\n", pos[k], name);
		else
			printf("%s: none\n", pos[k]);
	}
	type_index_free(ti);
}

/* The layout of the expression starting at each LINE:COL under data
 * model dm: "LINE:COL: size N align A" (and " attr" when a layout
 * attribute is on the way), or "LINE:COL: unknown". */
static void layouts(const char *buf, const struct token_list *l,
		    enum data_model dm, const char **pos, int n)
{
	struct type_index *ti = type_index_build(buf, l);

	for (int k = 0; k < n; k++) {
		unsigned line, col;
		struct type_layout lay;
		struct tok_range r;
		size_t i;

		if (sscanf(pos[k], "%u:%u", &line, &col) != 2)
			die("bad position '%s'", pos[k]);
		if ((i = tok_at(l, line, col)) == l->nr) {
			printf("%s: no token\n", pos[k]);
			continue;
		}
		r.begin = i;
		r.end = unary_expr_end(buf, l, i);
		if (type_index_expr_layout_in(ti, buf, l, r, dm, &lay))
			printf("%s: size %u align %u%s\n", pos[k], lay.size,
			       lay.align, lay.attr ? " attr" : "");
		else
			printf("%s: unknown\n", pos[k]);
	}
	type_index_free(ti);
}

static void range_print(const char *buf, const struct token_list *l,
			struct tok_range r)
{
	for (size_t j = r.begin; j < r.end; j++) {
		if (j > r.begin)
			putchar(' ');
		put_text(buf, &l->tok[j]);
	}
}

static void idioms(const char *buf, const struct token_list *l)
{
	static const char *const form[] = { "deref", "arrow", "index" };

	tok_match_cache(buf, l);
	for (size_t i = 0; i + 1 < l->nr; i++) {
		struct tok_range a[2], v;
		struct volatile_cast vc;
		size_t n, close;
		enum once_use u;

		if (tok_ident(buf, l, i, "ACCESS_ONCE") &&
		    !tok_call_args(buf, l, i, a, 2, &n, &close)) {
			u = once_use_classify(buf, l, i, close + 1);
			printf("%u:%u ACCESS_ONCE %s [", l->tok[i].line,
			       l->tok[i].col, once_use_name(u));
			range_print(buf, l, a[0]);
			printf("]");
			if (u == ONCE_WRITE &&
			    !once_assigned_value(buf, l, close + 1, &v)) {
				printf(" = [");
				range_print(buf, l, v);
				printf("]");
			}
			putchar('\n');
		} else if (l->tok[i].kind == TOK_PUNCT &&
			   find_volatile_cast(buf, l, i, &vc)) {
			u = once_use_classify(buf, l, vc.begin, vc.end);
			printf("%u:%u cast %s %s type [", l->tok[i].line,
			       l->tok[i].col, form[vc.form], once_use_name(u));
			range_print(buf, l, vc.type);
			printf("] operand [");
			range_print(buf, l, vc.operand);
			printf("] member [");
			range_print(buf, l, vc.member);
			printf("]");
			if (u == ONCE_WRITE &&
			    !once_assigned_value(buf, l, vc.end, &v)) {
				printf(" = [");
				range_print(buf, l, v);
				printf("]");
			}
			putchar('\n');
		}
	}
	tok_match_cache_drop();
}

static void args(const char *buf, const struct token_list *l, const char *name)
{
	for (size_t i = 0; i + 1 < l->nr; i++) {
		struct tok_range a[8];
		size_t n, close;

		if (!tok_ident(buf, l, i, name))
			continue;
		if (tok_call_args(buf, l, i, a, ARRAY_SIZE(a), &n, &close)) {
			printf("%u:%u %s: not a call\n", l->tok[i].line,
			       l->tok[i].col, name);
			continue;
		}
		printf("%u:%u %s: %zu args, ) at %u:%u\n", l->tok[i].line,
		       l->tok[i].col, name, n, l->tok[close].line,
		       l->tok[close].col);
		for (size_t k = 0; k < n && k < ARRAY_SIZE(a); k++) {
			printf("  [%zu]", k);
			for (size_t j = a[k].begin; j < a[k].end; j++) {
				putchar(' ');
				put_text(buf, &l->tok[j]);
			}
			putchar('\n');
		}
	}
}

/*
 * The once-macros the files define (once-discover.h), one line each:
 * "NAME kind [volatile-cast] object=N value=N at FILE:LINE: WHAT".
 * RWONCE_TEST_DISCOVER_STATS set: first, how many definitions were
 * lexed to decide and how many were not (once_discovery_stats()).
 */
static int macros(const char **files, int n)
{
	struct once_discovery *d = once_discovery_new();
	struct once_macros t;

	once_macros_init(&t);
	for (int i = 0; i < n; i++)
		if (once_discovery_add_file(d, files[i]))
			die_errno("cannot read '%s'", files[i]);
	once_discovery_finish(d, &t);
	if (getenv("RWONCE_TEST_DISCOVER_STATS")) {
		struct once_discovery_stats st;

		once_discovery_stats(d, &st);
		printf("definitions: %zu lexed, %zu not\n", st.texts_lexed,
		       st.texts_not_lexed);
	}
	for (size_t i = 0; i < t.nr; i++) {
		const struct once_macro *m = &t.items[i];

		if (!m->def_path)
			continue;
		printf("%s %s%s%s%s object=%d value=%d at %s:%u: %s\n", m->name,
		       once_macro_kind_name(m->kind),
		       m->flags & OMF_VOLATILE_CAST ? " volatile-cast" : "",
		       m->flags & OMF_POINTER_OBJECT ? " pointer" : "",
		       m->flags & OMF_DISCOVERED ? "" : " (known name)",
		       m->object_arg, m->value_arg, m->def_path, m->def_line,
		       m->def_what);
		if (m->object)
			printf("  object %s\n", m->object);
	}
	once_macros_release(&t);
	once_discovery_free(d);
	return 0;
}

static int say_found(const struct once_macro *m, void *ctx)
{
	(void)m;
	(void)ctx;
	return 1;
}

/* Do two token lists hold the same tokens? */
static int same_tokens(const struct token_list *a, const struct token_list *b)
{
	if (a->nr != b->nr)
		return 0;
	for (size_t i = 0; i < a->nr; i++)
		if (a->tok[i].kind != b->tok[i].kind ||
		    a->tok[i].flags != b->tok[i].flags ||
		    a->tok[i].off != b->tok[i].off ||
		    a->tok[i].len != b->tok[i].len ||
		    a->tok[i].line != b->tok[i].line ||
		    a->tok[i].col != b->tok[i].col)
			return 0;
	return 1;
}

/*
 * The lexer's identifiers with their plain runs taken 16 bytes at a
 * time and byte by byte: random buffers of 0-120 bytes over identifier
 * bytes ('$' and digits too), blanks, a splice's backslash and newline,
 * the two bytes of a UTF-8 letter, '\\u' and punctuators, each lexed
 * both ways, in place and placed so that it ends where an unreadable
 * page begins.  "ident runs: N buffers, M differ".
 */
/* "define-runs": ident_run_end() and blank_run_end() (ident-mask.h)
 * against byte loops, from every start to every stop of random buffers
 * of identifier bytes, blanks and others, placed so that they end where
 * an unreadable page begins. */
static int define_runs(void)
{
	static const char alphabet[] = "aZ_09q \t\t (\n#\x80\xc3.-\r";
	unsigned seed = 35;
	size_t runs = 0, differ = 0, page = (size_t)sysconf(_SC_PAGESIZE);
	char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE))
		die_errno("mmap");
	for (int round = 0; round < 3000; round++) {
		size_t n = (size_t)(rand_r(&seed) % 100);
		char *buf = map + page - n;
		int kind = rand_r(&seed) % 3; /* long runs of one class */

		for (size_t i = 0; i < n; i++)
			buf[i] = kind == 0 ? alphabet[rand_r(&seed) %
						      (sizeof(alphabet) - 1)] :
				 kind == 1 ? (rand_r(&seed) % 20 ? "a_Z9"[rand_r(&seed) % 4] : ' ') :
				 (rand_r(&seed) % 20 ? " \t"[rand_r(&seed) % 2] : 'x');
		for (size_t at = 0; at <= n; at++)
			for (size_t stop = at; stop <= n; stop++) {
				const char *p = buf + at, *e = buf + stop, *q;

				for (q = p; q < e && (*q == '_' ||
				     (*q >= 'a' && *q <= 'z') ||
				     (*q >= 'A' && *q <= 'Z') ||
				     (*q >= '0' && *q <= '9')); q++)
					;
				runs++;
				if (ident_run_end(p, e) != q && !differ++)
					printf("differ: ident run at %zu to %zu "
					       "of %zu\n", at, stop, n);
				for (q = p; q < e && (*q == ' ' || *q == '\t'); q++)
					;
				runs++;
				if (blank_run_end(p, e) != q && !differ++)
					printf("differ: blank run at %zu to %zu "
					       "of %zu\n", at, stop, n);
			}
	}
	munmap(map, 2 * page);
	printf("define runs: %zu runs, %zu differ\n", runs, differ);
	return differ != 0;
}

/* out[0..cap) filled with pieces drawn at random, the last cut short
 * ("": one NUL byte); cap. */
static size_t from_pieces(char *out, size_t cap, const char *const *piece,
			  size_t npiece, unsigned *seed)
{
	size_t n = 0;

	while (n < cap) {
		const char *p = piece[rand_r(seed) % npiece];
		size_t m = strlen(p) ? strlen(p) : 1;

		if (n + m > cap)
			m = cap - n;
		memcpy(out + n, p, m);
		n += m;
	}
	return n;
}

/*
 * "prepass-words [--sse2]": prepass_words_scan() (cfront/prepass-words.h)
 * against mem_find() loops (every "include", every "define") and
 * mem_find_either() ("_MSC_VER", "__cplusplus"), on random buffers of
 * 0-300 bytes made of the words, pieces and near misses of them
 * ("includ", "definE", "_MSC_VEr", "includefine") and other bytes, from
 * every start, placed so that they end where an unreadable page begins.
 * "N scans, M differ".
 */
static int prepass_words_check(int sse2_only)
{
	static const char *const piece[] = {
		"include", "define", "_MSC_VER", "__cplusplus", "includefine",
		"includ", "nclude", "efine", "defin", "definE", "_MSC_VEr",
		"__cplusplu", "_cplusplus", "i", "d", "e", "_", "R", "s",
		" ", "\n", "#", "x", "ee", "__", "\0",
	};
	unsigned seed = 35;
	size_t scans = 0, differ = 0, page = (size_t)sysconf(_SC_PAGESIZE);
	struct prepass_words w;
	char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char tmp[320];

	if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE))
		die_errno("mmap");
	memset(&w, 0, sizeof(w));
	prepass_words_force(sse2_only);
	for (int round = 0; round < 12000; round++) {
		size_t n, cap = (size_t)(rand_r(&seed) % 301);
		char *buf;

		n = from_pieces(tmp, cap, piece, ARRAY_SIZE(piece), &seed);
		buf = map + page - n;
		memcpy(buf, tmp, n);
		for (size_t off = 0; off <= n; off++) {
			const char *h = buf + off, *e = buf + n, *at;
			size_t ni = 0, nd = 0, bad = 0;
			int foreign = mem_find_either(h, n - off, "_MSC_VER", 8,
						      "__cplusplus", 11);

			prepass_words_scan(&w, h, n - off);
			for (at = h; at < e && (at = mem_find(at, (size_t)(e - at),
							      "include", 7)); at++)
				bad |= ni >= w.nr_includes ||
				       w.includes[ni++] != (size_t)(at - h);
			for (at = h; at < e && (at = mem_find(at, (size_t)(e - at),
							      "define", 6)); at++)
				bad |= nd >= w.nr_defines ||
				       w.defines[nd++] != (size_t)(at - h);
			bad |= ni != w.nr_includes || nd != w.nr_defines ||
			       foreign != w.foreign;
			scans++;
			if (bad && !differ++)
				printf("differ: n=%zu off=%zu: includes %zu/%zu, "
				       "defines %zu/%zu, foreign %d/%d\n", n, off,
				       ni, w.nr_includes, nd, w.nr_defines,
				       foreign, w.foreign);
		}
	}
	prepass_words_force(0);
	prepass_words_release(&w);
	munmap(map, 2 * page);
	printf("%zu scans, %zu differ%s\n", scans, differ,
	       sse2_only ? " (16 positions at a time)" : "");
	return differ != 0;
}

/*
 * "word-filter-paths": word_filter_build() with AVX2 (the classes of a
 * block from two table lookups, each word's bits without a branch) and
 * with SSE2's masks and ident_calls_next(), on random buffers of 0-400
 * bytes -- words of 1-80 bytes (runs across 64-byte blocks), digits
 * first, blanks and runs of them up to a block's end, '(', '/', a
 * backslash, '$', bytes from 0x80 on, NUL -- from every start, placed
 * so that they end where an unreadable page begins: the same bits and
 * size.  "N filters, M differ"; without AVX2, "no AVX2".
 */
static int word_filter_paths(void)
{
	static const char *const piece[] = {
		"a", "Zq_9", "abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMNOPQRSTUVWXYZ",
		"x0123456789", "0abc", "9", "_", "(", "/", "\\", " ", "\t",
		"\n", "\r\n", "\v\f", "                                ",
		"\t\t\t\t\t\t\t\t", "$", "\xc3\xa9", "\xff", "\x80", ")", ";",
		"*", "\0", "[", "{", "`", "@", "^", "~",
	};
	unsigned seed = 35;
	size_t filters = 0, differ = 0, page = (size_t)sysconf(_SC_PAGESIZE);
	struct word_filter_scratch sc = WORD_FILTER_SCRATCH_INIT;
	char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char tmp[480];

	if (!mem_find_avx2()) {
		printf("no AVX2: one way to build only\n");
		return 0;
	}
	if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE))
		die_errno("mmap");
	for (int round = 0; round < 6000; round++) {
		size_t n, cap = (size_t)(rand_r(&seed) % 401);
		char *buf;

		n = from_pieces(tmp, cap, piece, ARRAY_SIZE(piece), &seed);
		buf = map + page - n;
		memcpy(buf, tmp, n);
		for (size_t off = 0; off <= n; off++) {
			struct word_filter a, b;

			word_filter_force(0);
			word_filter_build(&a, buf + off, n - off, &sc);
			word_filter_force(1);
			word_filter_build(&b, buf + off, n - off, &sc);
			filters++;
			if ((a.shift != b.shift ||
			     memcmp(a.bits, b.bits, word_filter_bytes(&a))) &&
			    !differ++)
				printf("differ: n=%zu off=%zu\n", n, off);
			word_filter_release(&a);
			word_filter_release(&b);
		}
	}
	word_filter_force(0);
	word_filter_scratch_release(&sc);
	munmap(map, 2 * page);
	printf("%zu filters, %zu differ\n", filters, differ);
	return differ != 0;
}

/*
 * "macro-find": once_macros_find() against a search of every name, for
 * tables of 1-300 random names of 1-40 bytes (identifier bytes mostly,
 * some others and bytes from 0x80 up) and words that are the names,
 * their starts and ends, one byte changed, and random ones: the filter
 * the lookup asks first (once-macros.c) must never turn a name away.
 * "N lookups, M differ".
 */
static int macro_find_check(void)
{
	static const char bytes[] = "_aZq09$eE.\x80\xc3 ";
	unsigned seed = 35;
	size_t lookups = 0, differ = 0;
	char word[64];

	for (int round = 0; round < 400; round++) {
		struct once_macros t;
		size_t nr = 1 + (size_t)rand_r(&seed) % 300;

		once_macros_init(&t);
		for (size_t i = 0; i < nr; i++) {
			size_t n = 1 + (size_t)rand_r(&seed) % 40;

			for (size_t k = 0; k < n; k++)
				word[k] = rand_r(&seed) % 4 ?
					"abcdefghij_XYZ"[rand_r(&seed) % 14] :
					bytes[rand_r(&seed) % (sizeof(bytes) - 1)];
			once_macros_add(&t, word, n, OMK_READ);
		}
		for (int ask = 0; ask < 3000; ask++) {
			const struct once_macro *m = &t.items[(size_t)rand_r(&seed) %
							     t.nr];
			size_t n = strlen(m->name), from = 0, want_i;
			const struct once_macro *got, *want = NULL;

			memcpy(word, m->name, n);
			switch (rand_r(&seed) % 5) {
			case 0: /* a start */
				n = (size_t)rand_r(&seed) % (n + 1);
				break;
			case 1: /* an end */
				from = (size_t)rand_r(&seed) % (n + 1);
				break;
			case 2: /* one byte changed */
				word[(size_t)rand_r(&seed) % n] ^= 1;
				break;
			case 3: /* random */
				n = (size_t)rand_r(&seed) % 41;
				for (size_t k = 0; k < n; k++)
					word[k] = "abcdefghij_XYZ"[rand_r(&seed) % 14];
				break;
			default: /* the name */
				break;
			}
			for (want_i = 0; want_i < t.nr; want_i++)
				if (strlen(t.items[want_i].name) == n - from &&
				    !memcmp(t.items[want_i].name, word + from,
					    n - from)) {
					want = &t.items[want_i];
					break;
				}
			got = once_macros_find(&t, word + from, n - from);
			lookups++;
			if (got != want && !differ++)
				printf("differ: \"%.*s\": %s, found %s\n",
				       (int)(n - from), word + from,
				       want ? want->name : "(none)",
				       got ? got->name : "(none)");
		}
		once_macros_release(&t);
	}
	printf("macro find: %zu lookups, %zu differ\n", lookups, differ);
	return differ != 0;
}

/*
 * lex_buffer()'s answer on 20,000 random buffers of pieces that splice
 * lines inside tokens, between them and in comments: 0 must mean that
 * no token holds a splice (TF_SPLICED), since audit then takes a word
 * missing from the bytes for missing from the tokens.  "spliced answers:
 * N buffers, Y yes, T with a spliced token, W wrong".
 */
static int spliced_answers(void)
{
	static const char *const pieces[] = {
		"vola", "tile", "a", "_", "9", " ", "\\\n", "\\ \n", "\\\r\n",
		"\n", "(", "*", "/*", "*/", "//", "\"", "'", "#", "0x1f", "\\",
	};
	unsigned seed = 2583;
	size_t buffers = 0, yes = 0, with = 0, wrong = 0;
	char buf[2048];

	for (int round = 0; round < 20000; round++) {
		struct token_list l = TOKEN_LIST_INIT;
		size_t n = 0, parts = (size_t)(rand_r(&seed) % 40);
		int answer, spliced = 0;

		for (size_t k = 0; k < parts; k++) {
			const char *p = pieces[rand_r(&seed) %
					       (sizeof(pieces) / sizeof(*pieces))];

			memcpy(buf + n, p, strlen(p));
			n += strlen(p);
		}
		answer = lex_buffer(buf, n, &l);
		for (size_t i = 0; i < l.nr; i++)
			spliced |= (l.tok[i].flags & TF_SPLICED) != 0;
		buffers++;
		yes += answer != 0;
		with += spliced;
		if (spliced && !answer && !wrong++)
			printf("wrong: %.*s\n", (int)n, buf);
		token_list_release(&l);
	}
	printf("spliced answers: %zu buffers, %zu yes, %zu with a spliced "
	       "token, %zu wrong\n", buffers, yes, with, wrong);
	return wrong != 0;
}

static int ident_runs(void)
{
	static const char *const pieces[] = {
		"a", "Z", "_", "$", "9", "q", "abcdefghijklmnop", " ", "\\\n",
		"\n", "\xc3\xa9", "\\u00e9", "(", "-", ".", "'", "\"",
		"/*", "*/", "#", "0x1f",
	};
	unsigned seed = 35;
	size_t buffers = 0, differ = 0, page = (size_t)sysconf(_SC_PAGESIZE);
	char buf[2048];
	char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE))
		die_errno("mmap");
	for (int round = 0; round < 20000; round++) {
		struct token_list a = TOKEN_LIST_INIT, b = TOKEN_LIST_INIT,
				  c = TOKEN_LIST_INIT;
		size_t n = 0, parts = (size_t)(rand_r(&seed) % 40);
		char *end;

		for (size_t k = 0; k < parts; k++) {
			const char *p = pieces[rand_r(&seed) %
					       (sizeof(pieces) / sizeof(*pieces))];

			memcpy(buf + n, p, strlen(p));
			n += strlen(p);
		}
		end = map + page - n;
		memcpy(end, buf, n);
		lex_ident_runs_bytewise(1);
		lex_buffer(buf, n, &a);
		lex_ident_runs_bytewise(0);
		lex_buffer(buf, n, &b);
		lex_buffer(end, n, &c);
		buffers++;
		if ((!same_tokens(&a, &b) || !same_tokens(&a, &c)) && !differ++)
			printf("differ: %.*s\n", (int)n, buf);
		token_list_release(&a);
		token_list_release(&b);
		token_list_release(&c);
	}
	munmap(map, 2 * page);
	printf("ident runs: %zu buffers, %zu differ\n", buffers, differ);
	return differ != 0;
}

/* once_macros_any() with AVX2 (where the processor has it) and with
 * SSE2 alone: how many of the two differ from the plain scan's want. */
static int any_paths_differ(const struct once_macros *t, const char *buf,
			    size_t len, int want)
{
	int differ = 0;

	for (int sse2_only = 0; sse2_only < 2; sse2_only++) {
		mem_find_without_avx2(sse2_only);
		differ += once_macros_any(t, buf, len) != want;
	}
	mem_find_without_avx2(0);
	return differ;
}

/*
 * Does the file name a once-macro (the built-in ones and NAMEs)?  The
 * answer of once_macros_any() and of the plain once_macros_scan(), for
 * the whole file ("file: yes|no"), then for every window buf[o..e) with
 * o and e within 160 bytes of the start and the end (so that words meet
 * every place of a 64-byte block): "windows: N, differ: M" -- each
 * window asked with AVX2 (where the processor has it) and with SSE2
 * alone.  Then the file copied so that it ends where an unreadable page
 * begins, each window buf[o..len) asked there, and so that it starts
 * right after one, each window buf[0..e): "page windows: N, differ: M"
 * (a read past either end would crash).
 */
static int names_any(const char *path, const char **names, int n)
{
	struct once_macros t;
	size_t len, windows = 0, differ = 0, pwindows = 0, pdiffer = 0;
	char *buf = read_file(path, &len);
	size_t page = (size_t)sysconf(_SC_PAGESIZE), span;
	char *map;
	int any, scan;

	if (!buf)
		die_errno("cannot read '%s'", path);
	once_macros_init(&t);
	for (int i = 0; i < n; i++)
		once_macros_add(&t, names[i], strlen(names[i]), OMK_READ);
	any = once_macros_any(&t, buf, len);
	scan = once_macros_scan(&t, buf, len, say_found, NULL) != 0;
	printf("file: %s%s\n", any ? "yes" : "no",
	       any != scan ? " (the plain scan differs)" : "");
	for (size_t o = 0; o < len && o < 160; o++)
		for (size_t e = len; e > o && e + 160 > len; e--) {
			windows++;
			differ += any_paths_differ(&t, buf + o, e - o,
				once_macros_scan(&t, buf + o, e - o,
						 say_found, NULL) != 0);
		}
	printf("windows: %zu, differ: %zu\n", windows, differ);
	span = (len + page - 1) / page * page;
	map = mmap(NULL, span + 2 * page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		die_errno("mmap");
	if (mprotect(map, page, PROT_NONE) ||
	    mprotect(map + page + span, page, PROT_NONE))
		die_errno("mprotect");
	memcpy(map + page + span - len, buf, len);
	for (size_t o = 0; o < len; o++) {
		const char *w = map + page + span - len + o;

		pwindows++;
		pdiffer += any_paths_differ(&t, w, len - o,
			once_macros_scan(&t, w, len - o, say_found, NULL) != 0);
	}
	memset(map + page, 0, span);
	memcpy(map + page, buf, len);
	for (size_t e = len; e > 0; e--) {
		pwindows++;
		pdiffer += any_paths_differ(&t, map + page, e,
			once_macros_scan(&t, map + page, e, say_found,
					 NULL) != 0);
	}
	munmap(map, span + 2 * page);
	printf("page windows: %zu, differ: %zu\n", pwindows, pdiffer);
	once_macros_release(&t);
	free(buf);
	return differ || pdiffer || any != scan;
}

static void put_expansion(const char *text, size_t len, unsigned line,
			  const char *invocation, void *ctx)
{
	(void)ctx;
	printf("%u: %s\n  => %.*s\n", line, invocation, (int)len, text);
}

/* The generator macros' expansions of a file, then the once-accessors
 * they make: "NAME read|write asm|volatile|atomic *PARAM of POINTEE at
 * LINE by INVOCATION". */
static int expand(const char *path)
{
	struct token_list l = TOKEN_LIST_INIT;
	struct once_accessor_list acc = ONCE_ACCESSOR_LIST_INIT;
	static const char *const how[] = { "volatile", "asm", "atomic" };
	size_t len;
	char *buf = read_file(path, &len);

	if (!buf)
		die_errno("cannot read '%s'", path);
	lex_buffer(buf, len, &l);
	macro_expand_invocations(buf, &l, put_expansion, NULL);
	once_accessors_generated(buf, len, &l, &acc);
	for (size_t i = 0; i < acc.nr; i++) {
		const struct once_accessor *a = &acc.items[i];

		printf("accessor %s %s %s *%s of %s at %u by %s\n", a->name,
		       a->kind == OMK_READ ? "read" : a->kind == OMK_WRITE ?
		       "write" : "access", how[a->how], a->param_name,
		       a->pointee ? a->pointee : "?", a->line, a->generated_by);
	}
	once_accessor_list_release(&acc);
	token_list_release(&l);
	free(buf);
	return 0;
}

/*
 * "lazy-check FILE...": the type index of each file, whose functions
 * are parsed when a query first needs them, against the one that parsed
 * every function at once (type_index_check_lazy(): the same tables in
 * the same order); then, with the file's "local.h" headers merged into
 * both, at every unary expression inside a function body of a file that
 * says volatile or _ONCE (the operands audit and fix ask about), every
 * answer: the type, the name found missing or defined twice, the
 * storage units, the layout on the three data models, the local's
 * storage.  One line per file that differs, then a summary; exit 1 when
 * any differs.
 */
struct lazy_totals {
	size_t files, operands, differ, functions, late;
};

static int same_answer(int a, const struct type_answer *x, int b,
		       const struct type_answer *y)
{
	return a == b && (!a || (x->cls == y->cls &&
				 x->is_volatile == y->is_volatile &&
				 x->volatile_base == y->volatile_base &&
				 !strcmp(x->spelled, y->spelled) &&
				 !strcmp(x->canonical, y->canonical) &&
				 !strcmp(x->def_file, y->def_file) &&
				 x->def_line == y->def_line &&
				 x->def_end_line == y->def_end_line));
}

static int same_name(const char *a, const char *b)
{
	return a && b ? !strcmp(a, b) : a == b;
}

/* Every answer about r from the two indexes: 1 when one differs. */
static int lazy_operand_differs(struct type_index *e, struct type_index *z,
				const char *buf, const struct token_list *l,
				struct tok_range r)
{
	struct type_answer x, y;
	struct type_units u, v;
	struct type_layout p, q;
	int a = type_index_expr(e, buf, l, r, &x);
	int b = type_index_expr(z, buf, l, r, &y);

	if (!same_answer(a, &x, b, &y) ||
	    !same_name(type_index_missing(e), type_index_missing(z)) ||
	    !same_name(type_index_conflicted(e), type_index_conflicted(z)))
		return 1;
	a = type_index_expr_units(e, buf, l, r, &u);
	b = type_index_expr_units(z, buf, l, r, &v);
	if (a != b || (a && memcmp(&u, &v, sizeof(u))))
		return 1;
	for (int dm = 0; dm < DM_NR; dm++) {
		a = type_index_expr_layout_in(e, buf, l, r, dm, &p);
		b = type_index_expr_layout_in(z, buf, l, r, dm, &q);
		if (a != b || (a && memcmp(&p, &q, sizeof(p))))
			return 1;
	}
	return type_index_local_storage(e, r.begin) !=
	       type_index_local_storage(z, r.begin);
}

static int lazy_check(const char *path, const char *buf, size_t len,
		      const struct token_list *l, struct lazy_totals *tot)
{
	struct strbuf why = STRBUF_INIT;
	struct type_index *e, *z;
	int bad = type_index_check_lazy(buf, l, &why);

	tot->files++;
	if (bad) {
		printf("DIFF %s: %s\n", path, why.buf);
		strbuf_release(&why);
		tot->differ++;
		return 1;
	}
	{
		size_t fns, late;

		if (sscanf(why.buf, "%zu functions, %zu parsed late", &fns,
			   &late) == 2) {
			tot->functions += fns;
			tot->late += late;
		}
	}
	strbuf_release(&why);
	if (!mem_find(buf, len, "volatile", 8) && !mem_find(buf, len, "_ONCE", 5))
		return 0;
	e = type_index_build_eager(buf, l);
	z = type_index_build(buf, l);
	type_index_add_local_headers(e, path);
	type_index_add_local_headers(z, path);
	for (size_t i = 0; i + 1 < l->nr && !bad; i++) {
		struct tok_range r;

		if (l->tok[i].kind != TOK_IDENT ||
		    (l->tok[i].flags & TF_DIRECTIVE) ||
		    !type_index_function_at(e, i) ||
		    (i && (tok_punct(buf, l, i - 1, ".") ||
			   tok_punct(buf, l, i - 1, "->"))))
			continue;
		r.begin = i;
		r.end = unary_expr_end(buf, l, i);
		if (r.end <= r.begin)
			continue;
		tot->operands++;
		if (lazy_operand_differs(e, z, buf, l, r)) {
			printf("DIFF %s:%u:%u: the answers differ\n", path,
			       l->tok[i].line, l->tok[i].col);
			bad = 1;
		}
	}
	tot->differ += (size_t)bad;
	type_index_free(e);
	type_index_free(z);
	return bad;
}

/*
 * "directives-only FILE...": for each header (as type_index_header()
 * reads it: both sides of its conditionals, what it decides itself
 * blanked), whether the byte scan says it holds only directives and
 * comments, against the lexer: no identifier outside a directive, and
 * an empty index.  A "yes" the lexer contradicts is printed (WRONG) and
 * makes the exit status 1; the summary counts both answers.
 */
struct directive_totals {
	size_t files, only, wrong, missed;
};

static int directives_only(const char *path, char *buf, size_t len,
			   struct directive_totals *tot)
{
	struct token_list l = TOKEN_LIST_INIT;
	struct type_index *ti;
	int says, truth = 1;

	if (len > (4u << 20) || memchr(buf, '\0', len < 8000 ? len : 8000))
		return 0; /* type_index_header() refuses it */
	tot->files++;
	branch_keep(buf, len, BRANCH_BOTH);
	says = type_index_directives_only(buf, len);
	lex_buffer(buf, len, &l);
	for (size_t i = 0; i + 1 < l.nr && truth; i++)
		if (l.tok[i].kind == TOK_IDENT &&
		    !(l.tok[i].flags & TF_DIRECTIVE))
			truth = 0;
	ti = type_index_build(buf, &l);
	if (truth && !type_index_empty(ti))
		truth = 0;
	type_index_free(ti);
	token_list_release(&l);
	tot->only += (size_t)says;
	tot->missed += (size_t)(truth && !says);
	if (says && !truth) {
		printf("WRONG %s: directives only, but the lexer finds code\n",
		       path);
		tot->wrong++;
		return 1;
	}
	return 0;
}

/*
 * "tree-names [--exact | --walked] [--name NAME] ROOT...": every name the
 * tree type index gives a definition of (or only NAME), one line per
 * definition ("name path"), from the index a run builds (a sketch,
 * resolved by name), with --exact from one that lexed every header,
 * with --walked from a sketch whose headers come from a walk of the
 * roots first (walk.h; the sketches of its buffers, as audit's
 * pre-pass makes them); the three must print the same lines.  stderr:
 * how many headers were lexed to resolve, and read by the build.
 */
static void walked_none(const struct walk_file *f, void *worker,
			void *ctx)
{
	(void)f;
	(void)worker;
	(void)ctx;
}

static void walked_sketch(const struct walk_file *f, void *sketches)
{
	tree_sketches_add(sketches, f->path, f->buf, f->len);
}

static int tree_names(const char **roots, int n)
{
	int exact = 0, walked = 0;
	struct tree_sketches *sk = NULL;
	size_t read, from_walk;
	const char *only = NULL;
	struct tree_types *tt;
	const char *defs[256];
	size_t nr, headers, names;

	for (; n > 0 && roots[0][0] == '-'; roots++, n--) {
		if (!strcmp(roots[0], "--exact"))
			exact = 1;
		else if (!strcmp(roots[0], "--walked"))
			walked = 1;
		else if (!strcmp(roots[0], "--name") && n > 1)
			only = (++roots, --n, roots[0]);
		else
			die("tree-names: unknown option '%s'", roots[0]);
	}
	if (walked) {
		struct walk_options wo;
		struct walk_stats st;

		memset(&wo, 0, sizeof(wo));
		wo.jobs = 2;
		wo.quiet = 1;
		wo.fn = walked_none;
		wo.also = walked_sketch;
		wo.also_ctx = sk = tree_sketches_new();
		(void)walk_paths(roots, (size_t)n, &wo, &st);
	}
	tt = exact ? tree_types_build_exact(roots, (size_t)n) :
		walked ? tree_types_build_sketched(roots, (size_t)n, sk) :
		tree_types_build(roots, (size_t)n);
	tree_sketches_free(sk);
	nr = tree_types_nr_names(tt);
	for (size_t i = 0; i < (only ? 1 : nr); i++) {
		const char *name = only ? only : tree_types_name(tt, i);
		size_t k;

		if (!only && i && !strcmp(tree_types_name(tt, i - 1), name))
			continue;
		k = tree_types_defining(tt, name, defs, ARRAY_SIZE(defs));
		for (size_t j = 0; j < k && j < ARRAY_SIZE(defs); j++)
			printf("%s %s\n", name, defs[j]);
	}
	tree_types_stats(tt, &headers, &names);
	tree_types_build_stats(tt, &read, &from_walk);
	fprintf(stderr, "%zu headers, %zu names, %zu headers lexed to "
		"resolve them; %zu read, %zu sketched by the walk\n", headers,
		names, tree_types_headers_lexed(tt), read, from_walk);
	tree_types_free(tt);
	return 0;
}

static void put_edge(void *ctx, const char *from, const char *name,
		     unsigned line)
{
	(void)from;
	strbuf_addf(ctx, "%u %s\n", line, name);
}

/* The #include "..." lines of a file that include_edges_scan() keeps,
 * asked by the names' last parts; and the same from
 * include_edges_scan_at() given the offsets of "include" (the
 * pre-pass's way), which must be the same lines. */
static int includers(const char *path, const char **bases, int n)
{
	struct include_edges *e = include_edges_new(), *e2 = include_edges_new();
	struct strbuf one = STRBUF_INIT, two = STRBUF_INIT;
	size_t len, *at = xcalloc(1, sizeof(*at)), nr = 0, alloc = 1;
	char *buf = read_file(path, &len);
	int differ;

	if (!buf)
		die_errno("cannot read '%s'", path);
	include_edges_scan(e, path, buf, len);
	for (const char *p = buf; (p = mem_find(p, (size_t)(buf + len - p),
						"include", 7)); p += 7) {
		ALLOC_GROW(at, nr + 1, alloc);
		at[nr++] = (size_t)(p - buf);
	}
	include_edges_scan_at(e2, path, buf, len, at, nr);
	for (int i = 0; i < n; i++) {
		include_edges_each(e, bases[i], put_edge, &one);
		include_edges_each(e2, bases[i], put_edge, &two);
	}
	fputs(one.buf ? one.buf : "", stdout);
	differ = strcmp(one.buf ? one.buf : "", two.buf ? two.buf : "");
	if (differ)
		printf("differ: given the offsets:\n%s", two.buf);
	strbuf_release(&one);
	strbuf_release(&two);
	include_edges_free(e);
	include_edges_free(e2);
	free(at);
	free(buf);
	return differ;
}

/* A macro set under thousands of defines and undefs, against a plain
 * list that moves its items the same way (the last into the place of
 * one taken out); the index's writes counted (t2520). */
static int macro_set_check(const char *arg)
{
	struct macro_set s = MACRO_SET_INIT;
	size_t n = (size_t)strtoul(arg, NULL, 10), nr = 0;
	char **model = xcalloc(n + 1, sizeof(*model));
	int bad = 0;

	for (int round = 0; round < 2; round++)
		for (size_t i = 0; i < n; i++) {
			struct macro_def d;
			size_t k;

			memset(&d, 0, sizeof(d));
			d.name = xasprintf("m%zu", i);
			d.body = xstrdup(round ? "two" : "one");
			for (k = 0; k < nr && strcmp(model[k], d.name); k++)
				;
			if (k < nr) { /* defined again: out, then in last */
				free(model[k]);
				model[k] = model[--nr];
			}
			model[nr++] = xstrdup(d.name);
			macro_set_define(&s, &d);
		}
	for (size_t i = 0; i < n; i += 2) {
		char *name = xasprintf("m%zu", i);
		size_t k;

		for (k = 0; k < nr && strcmp(model[k], name); k++)
			;
		if (k < nr) {
			free(model[k]);
			model[k] = model[--nr];
		}
		macro_set_undef(&s, name, strlen(name));
		free(name);
	}
	if (s.nr != nr) {
		printf("differ: %zu items, the list %zu\n", s.nr, nr);
		bad = 1;
	}
	for (size_t k = 0; !bad && k < nr; k++) {
		const struct macro_def *d = macro_set_find(&s, model[k],
							   strlen(model[k]));

		if (strcmp(s.items[k].name, model[k]) || d != &s.items[k] ||
		    strcmp(d->body, "two")) {
			printf("differ at %zu: %s, the list %s\n", k,
			       s.items[k].name, model[k]);
			bad = 1;
		}
	}
	for (size_t i = 0; !bad && i < n; i += 2) {
		char *name = xasprintf("m%zu", i);

		if (macro_set_find(&s, name, strlen(name))) {
			printf("differ: %s still defined\n", name);
			bad = 1;
		}
		free(name);
	}
	if (!bad)
		printf("ok %zu %zu index-writes %zu\n", n, nr, s.index_writes);
	for (size_t k = 0; k < nr; k++)
		free(model[k]);
	free(model);
	macro_set_release(&s);
	return bad;
}

/* The pieces cast_prefilter() builds its buffers of. */
static const char *const cast_outer[] = {
	"x = *(", "return *((", "y = ((", "*(", "a * (", "if (a) *(",
	"#define R(p) *(",
};
static const char *const cast_inner[] = {
	"volatile", "__volatile", "__volatile__", "int", "u32", "*", " ",
	"\n", "/* c */", "// c\n", "\\\n", "typeof(x)", "__typeof__(*p)",
	"const", "void", "\n#if X\n", "\n#endif\n", "struct s", "(", ")",
	"]", "}", "[", "{", ":>", "%>", "<:", "<%", "typeof(x]",
	"typeof(x}", "volatile", "int", "*", "volatile (", "__volatile__(",
	"asm ", "volatile_x(", "_Atomic(int)", "* (",
};
static const char *const cast_close[] = {
	"*)p;", "*)&x;", "*)p)->f;", "*)p)[1];", "**)pp;", " *) p ;",
	"*)(p) + 1);", "*]p;", "*}p;", "*:>p;", "*%>p;", "*)p]->f;",
};
static const char *const cast_soup[] = {
	"volatile", "__volatile__", "(", ")", "*", " ", "\n", "int", "x", "p",
	"&", "=", ";", "{", "}", "/* c */", "// c\n", "\\\n", "#define M ",
	"typeof", "__typeof__(x)", "void", "const", "+", "->f", "[0]",
	"return ", "if (a) ", ",", "sizeof", "\t", "struct s", "u32", "**",
	"volatile*", ")*", "(*", "]", "[", ":>", "%>", "<:", "<%",
	"asm volatile(", "__asm__ __volatile__ (", "volatile (", "_Atomic",
};

static unsigned cast_rand(unsigned long long *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(*state >> 33);
}

#define PICK(a, st) ((a)[cast_rand(st) % ARRAY_SIZE(a)])

static int cast_prefilter(unsigned long n)
{
	unsigned long long st = 1;
	unsigned long sites = 0, no = 0, bad = 0;
	struct once_macros none;
	struct rewrite_opts o;

	memset(&none, 0, sizeof(none)); /* only volatile casts are sites */
	rewrite_opts_init(&o);
	o.macros = &none;
	for (unsigned long r = 0; r < n; r++) {
		struct token_list l = TOKEN_LIST_INIT;
		struct rewrite_result res = REWRITE_RESULT_INIT;
		struct strbuf sb = STRBUF_INIT;
		int may, found;

		if (cast_rand(&st) % 2) {
			unsigned k = 1 + cast_rand(&st) % 5;

			strbuf_addstr(&sb, PICK(cast_outer, &st));
			while (k--) {
				strbuf_addstr(&sb, PICK(cast_inner, &st));
				if (cast_rand(&st) % 2)
					strbuf_addch(&sb, ' ');
			}
			strbuf_addstr(&sb, PICK(cast_close, &st));
		} else {
			unsigned k = 1 + cast_rand(&st) % 40;

			while (k--)
				strbuf_addstr(&sb, PICK(cast_soup, &st));
		}
		may = volatile_cast_may_be_in(sb.buf, sb.len);
		lex_buffer(sb.buf, sb.len, &l);
		tok_match_cache(sb.buf, &l);
		(void)rewrite_file("f.c", NULL, sb.buf, sb.len, &l, &o, &res);
		found = res.sites_nr || res.notes_nr || res.edits.nr;
		sites += found;
		no += !may;
		if (!may && found && ++bad <= 5)
			printf("told no, has a site: [%s]\n", sb.buf);
		tok_match_cache_drop();
		rewrite_result_release(&res);
		token_list_release(&l);
		strbuf_release(&sb);
	}
	rewrite_opts_release(&o);
	printf("cast prefilter: %lu buffers, %lu with a site, %lu told no, "
	       "%lu told no with a site\n", n, sites, no, bad);
	return bad != 0;
}

int cmd__cfront(int argc, const char **argv)
{
	int bad = 0;
	size_t total = 0;
	struct lazy_totals lazy = { 0, 0, 0, 0, 0 };
	struct directive_totals dirs = { 0, 0, 0, 0 };

	if (argc == 2 && !strcmp(argv[1], "ident-runs"))
		return ident_runs();
	if (argc == 2 && !strcmp(argv[1], "spliced-answers"))
		return spliced_answers();
	if (argc == 2 && !strcmp(argv[1], "define-runs"))
		return define_runs();
	if (argc == 2 && !strcmp(argv[1], "macro-find"))
		return macro_find_check();
	if (argc == 2 && !strcmp(argv[1], "word-filter-paths"))
		return word_filter_paths();
	if (argc >= 2 && !strcmp(argv[1], "prepass-words"))
		return prepass_words_check(argc == 3 &&
					   !strcmp(argv[2], "--sse2"));
	if (argc == 3 && !strcmp(argv[1], "cast-prefilter"))
		return cast_prefilter(strtoul(argv[2], NULL, 10));
	if (argc < 3) {
		fprintf(stderr, "usage: cfront-test dump|check|args|count|idioms|type|lazy-check|directives-only|rewind|alias|layout|layout-arm32|layout-i386|macros|expand|macro-set|includers|names-any|ident-runs|define-runs|prepass-words|macro-find|word-filter-paths|cast-prefilter|tree-names FILE...\n");
		return 2;
	}
	if (!strcmp(argv[1], "macros"))
		return macros(argv + 2, argc - 2);
	if (!strcmp(argv[1], "expand"))
		return expand(argv[2]);
	if (!strcmp(argv[1], "macro-set"))
		return macro_set_check(argv[2]);
	if (!strcmp(argv[1], "includers"))
		return includers(argv[2], argv + 3, argc - 3);
	if (!strcmp(argv[1], "tree-names"))
		return tree_names(argv + 2, argc - 2);
	if (!strcmp(argv[1], "names-any"))
		return names_any(argv[2], argv + 3, argc - 3);
	for (int i = 2; i < argc; i++) {
		struct token_list l = TOKEN_LIST_INIT;
		size_t len;
		char *buf = read_file(argv[i], &len);

		if (!buf)
			die_errno("cannot read '%s'", argv[i]);
		lex_buffer(buf, len, &l);
		if (!strcmp(argv[1], "dump")) {
			dump(buf, &l);
		} else if (!strcmp(argv[1], "count")) {
			total += l.nr - 1;
		} else if (!strcmp(argv[1], "check")) {
			bad |= check(argv[i], buf, len, &l);
		} else if (!strcmp(argv[1], "idioms")) {
			idioms(buf, &l);
		} else if (!strcmp(argv[1], "type")) {
			types(buf, &l, argv + i + 1, argc - i - 1);
			i = argc;
		} else if (!strcmp(argv[1], "rewind") && i + 1 < argc) {
			rewind_cmd(buf, &l, argv[i + 1], argv + i + 2,
				   argc - i - 2);
			i = argc;
		} else if (!strcmp(argv[1], "alias")) {
			aliases(buf, &l, argv + i + 1, argc - i - 1);
			i = argc;
		} else if (!strcmp(argv[1], "layout") ||
			   !strcmp(argv[1], "layout-arm32") ||
			   !strcmp(argv[1], "layout-i386")) {
			layouts(buf, &l, !strcmp(argv[1], "layout-arm32") ?
				DM_ARM32 : !strcmp(argv[1], "layout-i386") ?
				DM_I386 : DM_LP64, argv + i + 1, argc - i - 1);
			i = argc;
		} else if (!strcmp(argv[1], "directives-only")) {
			bad |= directives_only(argv[i], buf, len, &dirs);
		} else if (!strcmp(argv[1], "lazy-check")) {
			bad |= lazy_check(argv[i], buf, len, &l, &lazy);
		} else if (!strcmp(argv[1], "args") && i + 1 < argc) {
			args(buf, &l, argv[i + 1]);
			i++;
		} else {
			die("unknown mode '%s'", argv[1]);
		}
		token_list_release(&l);
		free(buf);
	}
	if (!strcmp(argv[1], "count"))
		printf("%zu tokens\n", total);
	if (!strcmp(argv[1], "directives-only"))
		printf("directives-only: %zu files, %zu only directives, "
		       "%zu wrong, %zu with only directives not seen\n",
		       dirs.files, dirs.only, dirs.wrong, dirs.missed);
	if (!strcmp(argv[1], "lazy-check"))
		printf("lazy-check: %zu files, %zu operands, %zu differ\n"
		       "lazy-check: %zu functions, %zu parsed late\n",
		       lazy.files, lazy.operands, lazy.differ,
		       lazy.functions, lazy.late);
	return bad;
}
