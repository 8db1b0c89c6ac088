/*
 * The C lexer of `rwonce audit` and `rwonce fix` (see lexer.h).
 *
 * One pass over raw bytes, no allocation per token (the token array grows
 * geometrically).  Every step consumes at least one byte, so the scan ends
 * on every input; nothing is an error, odd bytes become TOK_OTHER and
 * unfinished literals and comments get TF_UNTERMINATED.
 *
 * Backslash-newline splices (also "\\\r\n" and, as GCC accepts with a
 * warning, a backslash followed by blanks and a newline) may appear
 * anywhere, even inside a punctuator or an identifier; the cursor skips
 * them whenever it looks at the next logical character.
 */
#include "cfront/lexer.h"
#include "cfront/ident-mask.h"
#include "lib/utf8.h"

#include <stdlib.h>
#include <string.h>

struct lexer {
	const char *buf;
	size_t len;
	size_t pos;        /* next byte to look at */
	size_t tok_end;    /* one past the last byte consumed by the token */
	unsigned line;     /* physical line of buf[pos] */
	size_t line_start; /* offset of the first byte of that line */
	int pending_splice;/* a splice was skipped since the last consumed byte */
	int tok_spliced;   /* the current token contains a splice */
	struct token_list *out;
	int any_spliced;   /* some token contained one (lex_buffer()'s
			      answer; a comment's may count too) */
	int odd;           /* a TOK_OTHER or an unterminated literal was
			      emitted (token_list.odd) */
};

int lex_word_spliced(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	while (p < end && (p = memchr(p, '\\', (size_t)(end - p)))) {
		size_t at = (size_t)(p - buf), q = at, n;

		while (q < len && buf[q] == '\\' &&
		       (n = lex_splice_len(buf, len, q)))
			q += n;
		if (q > at && at && ident_words_byte((unsigned char)buf[at - 1]) &&
		    q < len && ident_words_byte((unsigned char)buf[q]))
			return 1;
		p = buf + (q > at ? q : at + 1);
	}
	return 0;
}

static void skip_splices(struct lexer *lx)
{
	while (lx->pos < lx->len && lx->buf[lx->pos] == '\\') {
		size_t n = lex_splice_len(lx->buf, lx->len, lx->pos);

		if (!n)
			return;
		lx->pos += n;
		lx->line++;
		lx->line_start = lx->pos;
		lx->pending_splice = 1;
	}
}

/* The next logical character, or -1 at the end. */
static inline int peek(struct lexer *lx)
{
	if (lx->pos < lx->len && lx->buf[lx->pos] == '\\')
		skip_splices(lx);
	return lx->pos < lx->len ? (unsigned char)lx->buf[lx->pos] : -1;
}

/* The logical character after the one peek() returns, without moving. */
static int peek2(struct lexer *lx)
{
	size_t p;

	if (peek(lx) < 0)
		return -1;
	p = lx->pos + 1;
	while (p < lx->len && lx->buf[p] == '\\') {
		size_t n = lex_splice_len(lx->buf, lx->len, p);

		if (!n)
			break;
		p += n;
	}
	return p < lx->len ? (unsigned char)lx->buf[p] : -1;
}

/* Consume the character peek() returned (which must not be -1). */
static inline void advance(struct lexer *lx)
{
	if (lx->buf[lx->pos] == '\\')
		skip_splices(lx);
	if (lx->pending_splice) {
		lx->tok_spliced = 1;
		lx->any_spliced = 1;
		lx->pending_splice = 0;
	}
	if (lx->buf[lx->pos] == '\n') {
		lx->line++;
		lx->line_start = lx->pos + 1;
	}
	lx->pos++;
	lx->tok_end = lx->pos;
}

/* Consume c if it comes next. */
static inline int accept(struct lexer *lx, int c)
{
	if (peek(lx) == c) {
		advance(lx);
		return 1;
	}
	return 0;
}

/*
 * What each byte may be, looked up once instead of a chain of compares
 * per byte (the lexer reads every byte fix and audit lex: half of them
 * in identifiers, issue #35).
 */
enum {
	CL_IDENT_START = 1, /* [A-Za-z_$] */
	CL_DIGIT = 2,       /* [0-9] */
	CL_PUNCT = 4,       /* the first byte of a punctuator */
	CL_BLANK = 8,       /* white space but the newline */
};

#define L_ CL_IDENT_START
#define D_ CL_DIGIT
#define P_ CL_PUNCT
#define B_ CL_BLANK
static const unsigned char lex_class[256] = {
	['\t'] = B_, ['\v'] = B_, ['\f'] = B_, ['\r'] = B_, [' '] = B_,
	['!'] = P_, ['#'] = P_, ['$'] = L_, ['%'] = P_, ['&'] = P_,
	['('] = P_, [')'] = P_, ['*'] = P_, ['+'] = P_, [','] = P_,
	['-'] = P_, ['.'] = P_, ['/'] = P_,
	['0'] = D_, ['1'] = D_, ['2'] = D_, ['3'] = D_, ['4'] = D_,
	['5'] = D_, ['6'] = D_, ['7'] = D_, ['8'] = D_, ['9'] = D_,
	[':'] = P_, [';'] = P_, ['<'] = P_, ['='] = P_, ['>'] = P_,
	['?'] = P_,
	['A'] = L_, ['B'] = L_, ['C'] = L_, ['D'] = L_, ['E'] = L_,
	['F'] = L_, ['G'] = L_, ['H'] = L_, ['I'] = L_, ['J'] = L_,
	['K'] = L_, ['L'] = L_, ['M'] = L_, ['N'] = L_, ['O'] = L_,
	['P'] = L_, ['Q'] = L_, ['R'] = L_, ['S'] = L_, ['T'] = L_,
	['U'] = L_, ['V'] = L_, ['W'] = L_, ['X'] = L_, ['Y'] = L_,
	['Z'] = L_, ['['] = P_, [']'] = P_, ['^'] = P_, ['_'] = L_,
	['a'] = L_, ['b'] = L_, ['c'] = L_, ['d'] = L_, ['e'] = L_,
	['f'] = L_, ['g'] = L_, ['h'] = L_, ['i'] = L_, ['j'] = L_,
	['k'] = L_, ['l'] = L_, ['m'] = L_, ['n'] = L_, ['o'] = L_,
	['p'] = L_, ['q'] = L_, ['r'] = L_, ['s'] = L_, ['t'] = L_,
	['u'] = L_, ['v'] = L_, ['w'] = L_, ['x'] = L_, ['y'] = L_,
	['z'] = L_, ['{'] = P_, ['|'] = P_, ['}'] = P_, ['~'] = P_,
};
#undef L_
#undef D_
#undef P_
#undef B_

/* c is a byte, or -1 at the end */
static inline int byte_is(int c, unsigned cl)
{
	return c >= 0 && (lex_class[c] & cl);
}

static inline int is_ident_start(int c)
{
	return byte_is(c, CL_IDENT_START);
}

static inline int is_digit(int c)
{
	return byte_is(c, CL_DIGIT);
}

static inline int is_ident_char(int c)
{
	return byte_is(c, CL_IDENT_START | CL_DIGIT);
}

/* Length of the well-formed UTF-8 sequence at buf[p], or 0. */
static size_t utf8_len(const char *buf, size_t len, size_t p)
{
	return utf8_sequence((const unsigned char *)buf + p, len - p);
}

/* Inlined into lex_buffer(): a call per token was 13 % of the lexer's
 * time (perf, 11,399 files of Linux 4.14.5), and the token list's
 * pointers stay in registers. */
static inline __attribute__((always_inline)) void
emit(struct lexer *lx, enum token_kind kind, unsigned flags, size_t start,
     unsigned line, unsigned col)
{
	struct token_list *l = lx->out;
	struct token *t;

	ALLOC_GROW(l->tok, l->nr + 1, l->alloc);
	t = &l->tok[l->nr++];
	t->kind = kind;
	t->flags = flags | (lx->tok_spliced ? TF_SPLICED : 0);
	t->off = start;
	t->len = lx->tok_end - start;
	t->line = line;
	t->col = col;
}

static int runs_bytewise; /* lex_ident_runs_bytewise() */

void lex_ident_runs_bytewise(int on)
{
	runs_bytewise = on;
}

/* The end of the run of plain identifier bytes ([A-Za-z0-9_$]) that
 * starts at buf[p]: 16 bytes at a time while a load stays inside (most
 * identifiers end in the first block; 12-15 % of the lexer's time on
 * 6.12's amdgpu went to the byte loop), then byte by byte. */
static inline size_t ident_run(const char *buf, size_t len, size_t p)
{
#ifdef __SSE2__
	for (; !runs_bytewise && p + 16 <= len; p += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(buf + p));
		unsigned id = ident_mask_in_range(
				      _mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 'z') |
			      ident_mask_in_range(v, '0', '9') |
			      (unsigned)_mm_movemask_epi8(_mm_or_si128(
				      _mm_cmpeq_epi8(v, _mm_set1_epi8('_')),
				      _mm_cmpeq_epi8(v, _mm_set1_epi8('$'))));

		if (id != 0xffff)
			return p + (unsigned)__builtin_ctz(~id);
	}
#endif
	while (p < len && is_ident_char((unsigned char)buf[p]))
		p++;
	return p;
}

/* Identifier characters, including UTF-8 letters and \u / \U escapes. */
static void lex_ident_rest(struct lexer *lx)
{
	for (;;) {
		int c;
		size_t n;

		/*
		 * The common case first: a run of plain identifier bytes,
		 * none of which is a newline or starts a splice, so the
		 * position moves without peek()/advance() bookkeeping.
		 */
		if (!lx->pending_splice) {
			size_t p = ident_run(lx->buf, lx->len, lx->pos);

			if (p != lx->pos)
				lx->pos = lx->tok_end = p;
		}
		c = peek(lx);
		if (is_ident_char(c)) {
			advance(lx);
		} else if (c >= 0x80 &&
			   (n = utf8_len(lx->buf, lx->len, lx->pos)) != 0) {
			while (n--)
				advance(lx);
		} else if (c == '\\' && (peek2(lx) == 'u' || peek2(lx) == 'U')) {
			advance(lx);
			advance(lx);
		} else {
			return;
		}
	}
}

/* A pp-number; the first character is already consumed. */
static void lex_number_rest(struct lexer *lx)
{
	for (;;) {
		int c = peek(lx);

		if (c == 'e' || c == 'E' || c == 'p' || c == 'P') {
			advance(lx);
			c = peek(lx);
			if (c == '+' || c == '-')
				advance(lx);
		} else if (is_ident_char(c) || c == '.') {
			advance(lx);
		} else if (c == '\'' && is_ident_char(peek2(lx))) {
			/* C23 digit separator: 1'000'000 */
			advance(lx);
		} else {
			return;
		}
	}
}

/* A quoted literal; the opening quote is consumed.  Stops at a newline. */
static unsigned lex_quoted_rest(struct lexer *lx, int quote)
{
	for (;;) {
		int c = peek(lx);

		if (c < 0 || c == '\n')
			return TF_UNTERMINATED;
		advance(lx);
		if (c == quote)
			return 0;
		if (c == '\\') {
			c = peek(lx);
			if (c < 0 || c == '\n')
				return TF_UNTERMINATED;
			advance(lx);
		}
	}
}

/*
 * A raw string R"delim( ... )delim" (GCC accepts them in gnu modes); the
 * R and the quote are consumed.  Returns -1 if the delimiter is not valid
 * (then the caller lexes the quote as an ordinary string).
 */
static int lex_raw_string_rest(struct lexer *lx, unsigned *flags)
{
	const char *buf = lx->buf;
	size_t d = lx->pos, dlen, p;

	while (d < lx->len && d - lx->pos <= 16 && buf[d] != '(') {
		char c = buf[d];

		if (c == ' ' || c == ')' || c == '\\' || c == '\t' ||
		    c == '\v' || c == '\f' || c == '\n' || c == '"')
			return -1;
		d++;
	}
	if (d >= lx->len || buf[d] != '(')
		return -1;
	dlen = d - lx->pos;
	for (p = d + 1; p < lx->len; p++) {
		if (buf[p] == ')' && p + 1 + dlen < lx->len &&
		    !memcmp(buf + p + 1, buf + lx->pos, dlen) &&
		    buf[p + 1 + dlen] == '"') {
			p += dlen + 2;
			break;
		}
	}
	if (p >= lx->len) {
		p = lx->len;
		*flags |= TF_UNTERMINATED;
	}
	while (lx->pos < p) { /* keeps the line count right */
		if (buf[lx->pos] == '\n') {
			lx->line++;
			lx->line_start = lx->pos + 1;
		}
		lx->pos++;
	}
	lx->tok_end = lx->pos;
	return 0;
}

/* A block comment; the slash and star are consumed.  1 if terminated. */
static int skip_block_comment(struct lexer *lx)
{
	const char *buf = lx->buf;

	while (lx->pos < lx->len) {
		/* from star to star with memchr(), counting the lines */
		const char *star = memchr(buf + lx->pos, '*', lx->len - lx->pos);
		size_t to = star ? (size_t)(star - buf) : lx->len;
		const char *nl;

		while ((nl = memchr(buf + lx->pos, '\n', to - lx->pos))) {
			lx->line++;
			lx->pos = lx->line_start = (size_t)(nl - buf) + 1;
		}
		lx->pos = to;
		if (star) {
			lx->pos++;
			skip_splices(lx);
			if (lx->pos < lx->len && buf[lx->pos] == '/') {
				lx->pos++;
				lx->pending_splice = 0;
				return 1;
			}
		}
	}
	lx->pending_splice = 0;
	return 0;
}

/* A line comment; the two slashes are consumed.  Stops before the newline. */
static void skip_line_comment(struct lexer *lx)
{
	const char *buf = lx->buf;

	for (;;) {
		const char *nl = memchr(buf + lx->pos, '\n', lx->len - lx->pos);
		size_t p, q;

		if (!nl) {
			lx->pos = lx->len;
			return;
		}
		p = (size_t)(nl - buf);
		/* Is this newline the end of a splice? */
		q = p;
		if (q > lx->pos && buf[q - 1] == '\r')
			q--;
		while (q > lx->pos && (buf[q - 1] == ' ' || buf[q - 1] == '\t'))
			q--;
		if (q > lx->pos && buf[q - 1] == '\\') {
			lx->pos = p + 1;
			lx->line++;
			lx->line_start = lx->pos;
			continue;
		}
		lx->pos = p;
		return;
	}
}

/* The longest punctuator starting with c (already peeked, not consumed). */
static void lex_punct(struct lexer *lx, int c)
{
	advance(lx);
	switch (c) {
	case '.':
		if (peek(lx) == '.' && peek2(lx) == '.') {
			advance(lx);
			advance(lx);
		}
		return;
	case '-':
		if (accept(lx, '>') || accept(lx, '-') || accept(lx, '='))
			return;
		return;
	case '+':
		if (accept(lx, '+') || accept(lx, '='))
			return;
		return;
	case '&':
		if (accept(lx, '&') || accept(lx, '='))
			return;
		return;
	case '|':
		if (accept(lx, '|') || accept(lx, '='))
			return;
		return;
	case '<':
		if (accept(lx, '<')) {
			accept(lx, '=');
			return;
		}
		if (accept(lx, '=') || accept(lx, ':') || accept(lx, '%'))
			return;
		return;
	case '>':
		if (accept(lx, '>')) {
			accept(lx, '=');
			return;
		}
		accept(lx, '=');
		return;
	case '#':
		accept(lx, '#');
		return;
	case '%':
		if (accept(lx, '=') || accept(lx, '>'))
			return;
		if (accept(lx, ':')) {
			/* %:%: is the digraph of ## */
			if (peek(lx) == '%' && peek2(lx) == ':') {
				advance(lx);
				advance(lx);
			}
			return;
		}
		return;
	case ':':
		if (accept(lx, '>') || accept(lx, ':'))
			return;
		return;
	case '*': case '/': case '=': case '!': case '^':
		accept(lx, '=');
		return;
	default: /* ( ) [ ] { } , ; ? ~ */
		return;
	}
}

static int is_punct_start(int c)
{
	return byte_is(c, CL_PUNCT);
}

/* Where a directive is, so #include gets its header and #define its body. */
enum dir_state {
	DIR_NONE,     /* ordinary code */
	DIR_NAME,     /* after '#': the directive name comes next */
	DIR_INCLUDE,  /* after include: a <header> may come next */
	DIR_DEF_NAME, /* after define: the macro name comes next */
	DIR_DEF_AFTER,/* just after the macro name: '(' here opens parameters */
	DIR_DEF_PARAMS, /* inside the parameter list */
	DIR_DEF_BODY, /* the replacement list */
	DIR_OTHER,    /* any other directive */
};

static int is_include_name(const char *buf, const struct token *t)
{
	return token_is(buf, t, "include") || token_is(buf, t, "include_next") ||
	       token_is(buf, t, "import");
}

/* <header> after #include: up to '>' on the same line, else not a header. */
static int lex_header(struct lexer *lx)
{
	size_t p = lx->pos + 1;

	while (p < lx->len && lx->buf[p] != '>' && lx->buf[p] != '\n')
		p++;
	if (p >= lx->len || lx->buf[p] != '>')
		return 0;
	lx->pos = p + 1;
	lx->tok_end = lx->pos;
	lx->pending_splice = 0;
	return 1;
}

int lex_buffer(const char *buf, size_t len, struct token_list *out)
{
	struct lexer lx = { buf, len, 0, 0, 1, 0, 0, 0, out, 0, 0 };
	unsigned pending = TF_BOL; /* flags for the next token */
	enum dir_state dir = DIR_NONE;

	if (!out->nr)
		out->odd = 0;
	/* room for a token per five bytes at once, where the list doubled
	 * its way up from sixteen, a copy each time, for every header the
	 * type index parses (C has about one per five bytes; a list that
	 * needs more still grows) */
	ALLOC_GROW(out->tok, out->nr + len / 5 + 1, out->alloc);
	/* A byte order mark is neither a token nor white space before the
	 * first one (a '#' after it starts a directive), nor a column. */
	lx.pos = lx.line_start = lex_bom_len(buf, len);

	for (;;) {
		size_t start;
		unsigned line, col, flags;
		enum token_kind kind;
		int c = peek(&lx);

		/* White space, comments and newlines between tokens. */
		if (byte_is(c, CL_BLANK)) {
			/* the run of blanks up to a newline, a splice or a token */
			do
				lx.pos++;
			while (lx.pos < len &&
			       (lex_class[(unsigned char)buf[lx.pos]] & CL_BLANK));
			pending |= TF_SPACE_BEFORE;
			continue;
		}
		if (c == '\n') {
			lx.pos++;
			lx.line++;
			lx.line_start = lx.pos;
			pending = TF_BOL;
			dir = DIR_NONE;
			continue;
		}
		start = lx.pos;
		line = lx.line;
		col = (unsigned)(lx.pos - lx.line_start + 1);
		lx.tok_spliced = 0;
		lx.pending_splice = 0;
		if (c == '/' && peek2(&lx) == '*') {
			advance(&lx);
			advance(&lx);
			if (!skip_block_comment(&lx)) {
				/* Unterminated: keep it visible as a token. */
				lx.tok_end = lx.pos;
				lx.odd = 1;
				emit(&lx, TOK_OTHER, pending | TF_UNTERMINATED |
				     (dir ? TF_DIRECTIVE : 0), start, line, col);
				break;
			}
			pending |= TF_SPACE_BEFORE;
			continue;
		}
		if (c == '/' && peek2(&lx) == '/') {
			advance(&lx);
			advance(&lx);
			skip_line_comment(&lx);
			pending |= TF_SPACE_BEFORE;
			continue;
		}
		if (c < 0)
			break;

		flags = pending;
		pending = 0;
		if (dir != DIR_NONE)
			flags |= TF_DIRECTIVE;
		if (dir == DIR_DEF_BODY)
			flags |= TF_DEFINE_BODY;

		if (c == '#' && (flags & TF_BOL)) {
			advance(&lx);
			emit(&lx, TOK_HASH, flags | TF_DIRECTIVE, start, line, col);
			dir = DIR_NAME;
			continue;
		}
		if (c == '%' && peek2(&lx) == ':' && (flags & TF_BOL) &&
		    !(lx.pos + 3 < len && buf[lx.pos + 2] == '%' &&
		      buf[lx.pos + 3] == ':')) {
			advance(&lx);
			advance(&lx);
			emit(&lx, TOK_HASH, flags | TF_DIRECTIVE, start, line, col);
			dir = DIR_NAME;
			continue;
		}
		if (c == '<' && dir == DIR_INCLUDE && lex_header(&lx)) {
			emit(&lx, TOK_HEADER, flags, start, line, col);
			dir = DIR_OTHER;
			continue;
		}

		kind = TOK_PUNCT;
		/*
		 * The common tokens without the general path's bookkeeping
		 * (issue #35: the lexer is a fifth of `fix`): an identifier
		 * of plain bytes that no backslash or byte from 0x80 on
		 * follows -- what lex_ident_rest() would end at the same
		 * byte -- and a punctuator of one byte that no other can
		 * extend.  Neither starts at a splice (peek() skipped those
		 * before start) nor holds one or a newline.
		 */
		if (is_ident_start(c) && c != 'L' && c != 'u' && c != 'U' &&
		    c != 'R') {
			size_t p = ident_run(buf, len, lx.pos + 1);

			if (p == len || (buf[p] != '\\' &&
					 (unsigned char)buf[p] < 0x80)) {
				lx.pos = lx.tok_end = p;
				kind = TOK_IDENT;
				emit(&lx, kind, flags, start, line, col);
				goto emitted;
			}
		} else if (c == '(' || c == ')' || c == ',' || c == ';' ||
			   c == '{' || c == '}' || c == '[' || c == ']') {
			lx.pos = lx.tok_end = lx.pos + 1;
			emit(&lx, kind, flags, start, line, col);
			goto emitted;
		}
		if (is_ident_start(c) || c >= 0x80 ||
		    (c == '\\' && (peek2(&lx) == 'u' || peek2(&lx) == 'U'))) {
			size_t n = c >= 0x80 ? utf8_len(buf, len, lx.pos) : 1;

			if (c >= 0x80 && !n) {
				/* Invalid UTF-8: one TOK_OTHER per run of bad bytes. */
				do {
					advance(&lx);
					c = peek(&lx);
				} while (c >= 0x80 && !utf8_len(buf, len, lx.pos));
				kind = TOK_OTHER;
			} else {
				int prefix = c == 'L' || c == 'u' || c == 'U' || c == 'R';

				if (c == '\\')
					advance(&lx);
				while (n--)
					advance(&lx);
				/* L"", u"", U"", u8"", and raw R"x()x" forms. */
				if (prefix) {
					int q, raw = c == 'R';

					if (c == 'u' && peek(&lx) == '8' &&
					    (peek2(&lx) == '"' || peek2(&lx) == '\'' ||
					     peek2(&lx) == 'R'))
						advance(&lx);
					if (!raw && c != 'R' && peek(&lx) == 'R' &&
					    peek2(&lx) == '"') {
						advance(&lx);
						raw = 1;
					}
					q = peek(&lx);
					if (raw && q == '"') {
						size_t save_pos = lx.pos, save_end = lx.tok_end;

						advance(&lx);
						if (lex_raw_string_rest(&lx, &flags) == 0) {
							lx.odd |= (flags & TF_UNTERMINATED) != 0;
							emit(&lx, TOK_STRING, flags, start, line, col);
							continue;
						}
						lx.pos = save_pos; /* the quote is on this line */
						lx.tok_end = save_end;
					}
					if ((q == '"' || q == '\'') &&
					    lx.tok_end - start <= 3) {
						advance(&lx);
						flags |= lex_quoted_rest(&lx, q);
						lx.odd |= (flags & TF_UNTERMINATED) != 0;
						emit(&lx, q == '"' ? TOK_STRING : TOK_CHAR,
						     flags, start, line, col);
						continue;
					}
				}
				lex_ident_rest(&lx);
				kind = TOK_IDENT;
			}
		} else if (is_digit(c) || (c == '.' && is_digit(peek2(&lx)))) {
			advance(&lx);
			lex_number_rest(&lx);
			kind = TOK_NUMBER;
		} else if (c == '"' || c == '\'') {
			advance(&lx);
			flags |= lex_quoted_rest(&lx, c);
			kind = c == '"' ? TOK_STRING : TOK_CHAR;
		} else if (is_punct_start(c)) {
			lex_punct(&lx, c);
		} else {
			/* NUL, @, `, a stray backslash, control bytes: one run. */
			do {
				advance(&lx);
				c = peek(&lx);
			} while (c >= 0 && c < 0x80 && !is_ident_char(c) &&
				 !is_punct_start(c) && c != '"' && c != '\'' &&
				 c != ' ' && c != '\t' && c != '\n' && c != '\r' &&
				 c != '\f' && c != '\v' &&
				 !(c == '\\' && (peek2(&lx) == 'u' || peek2(&lx) == 'U')));
			kind = TOK_OTHER;
		}
		/* the slow path is the only one that makes these */
		lx.odd |= kind == TOK_OTHER || (flags & TF_UNTERMINATED);
		emit(&lx, kind, flags, start, line, col);
emitted:
		/* Follow the directive, now that the token is known. */
		switch (dir) {
		case DIR_NONE:
		case DIR_OTHER:
		case DIR_DEF_BODY:
			break;
		case DIR_NAME:
			if (kind != TOK_IDENT)
				dir = DIR_OTHER;
			else if (token_is(buf, &out->tok[out->nr - 1], "define"))
				dir = DIR_DEF_NAME;
			else if (is_include_name(buf, &out->tok[out->nr - 1]))
				dir = DIR_INCLUDE;
			else
				dir = DIR_OTHER;
			break;
		case DIR_INCLUDE:
			dir = DIR_OTHER;
			break;
		case DIR_DEF_NAME:
			dir = kind == TOK_IDENT ? DIR_DEF_AFTER : DIR_OTHER;
			break;
		case DIR_DEF_AFTER:
			/* Function-like only when '(' touches the name. */
			if (kind == TOK_PUNCT && !(flags & TF_SPACE_BEFORE) &&
			    token_is(buf, &out->tok[out->nr - 1], "(")) {
				dir = DIR_DEF_PARAMS;
			} else {
				out->tok[out->nr - 1].flags |= TF_DEFINE_BODY;
				dir = DIR_DEF_BODY;
			}
			break;
		case DIR_DEF_PARAMS:
			if (token_is(buf, &out->tok[out->nr - 1], ")"))
				dir = DIR_DEF_BODY;
			break;
		}
	}

	lx.tok_spliced = 0;
	lx.tok_end = len;
	ALLOC_GROW(out->tok, out->nr + 1, out->alloc);
	out->tok[out->nr].kind = TOK_EOF;
	out->tok[out->nr].flags = pending;
	out->tok[out->nr].off = len;
	out->tok[out->nr].len = 0;
	out->tok[out->nr].line = lx.line;
	out->tok[out->nr].col = (unsigned)(len - lx.line_start + 1);
	out->nr++;
	out->odd |= lx.odd;
	return lx.any_spliced;
}

void token_list_clear(struct token_list *l)
{
	if (l->alloc > (1u << 22))
		token_list_release(l);
	l->nr = 0;
	l->odd = 0;
}

void token_list_release(struct token_list *l)
{
	free(l->tok);
	l->tok = NULL;
	l->nr = l->alloc = 0;
}

/* Copy the bytes of t, leaving out every splice. */
void token_spelling(const char *buf, const struct token *t, struct strbuf *sb)
{
	size_t p = t->off, end = t->off + t->len;

	if (!(t->flags & TF_SPLICED)) {
		strbuf_add(sb, buf + p, t->len);
		return;
	}
	while (p < end) {
		size_t n = buf[p] == '\\' ? lex_splice_len(buf, end, p) : 0;

		if (n) {
			p += n;
			continue;
		}
		strbuf_addch(sb, buf[p]);
		p++;
	}
}

int token_is_spliced(const char *buf, const struct token *t, const char *s)
{
	size_t p = t->off, end = t->off + t->len;

	while (p < end) {
		size_t n = buf[p] == '\\' ? lex_splice_len(buf, end, p) : 0;

		if (n) {
			p += n;
			continue;
		}
		if (!*s || *s != buf[p])
			return 0;
		s++;
		p++;
	}
	return *s == '\0';
}
