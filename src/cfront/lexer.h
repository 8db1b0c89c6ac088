/*
 * A complete C lexer for `rwonce audit` and `rwonce fix`: works on raw
 * bytes with no preprocessing, so it needs no build configuration.  It
 * never fails and never loops: bad input (unterminated comments, strings,
 * stray bytes, NULs) becomes tokens flagged as such and the scan goes on.
 *
 * Tokens carry their exact byte span in the source buffer (so fix can
 * rewrite spans and keep every other byte), their 1-based line and column
 * (column counts bytes, tabs are one), and flags for context.
 *
 * A UTF-8 byte order mark (EF BB BF) at the start of the buffer is no
 * token and no column: the first character after it is line 1, column 1,
 * as gcc and editors count (clang counts its three bytes).  Its bytes
 * stay in the buffer, before the first token's offset, so a rewrite
 * keeps it first.  A U+FEFF anywhere else is an identifier character,
 * as the lexer takes any well-formed UTF-8.
 */
#ifndef RWONCE_CFRONT_LEXER_H
#define RWONCE_CFRONT_LEXER_H

#include <stddef.h>
#include <string.h>

#include "lib/strbuf.h"

enum token_kind {
	TOK_EOF,
	TOK_IDENT,    /* identifiers and keywords */
	TOK_NUMBER,   /* pp-numbers: 0x1fUL, 1e+5, 1.0f, 0b101 */
	TOK_STRING,   /* "..." with any prefix (L u U u8); includes quotes */
	TOK_CHAR,     /* '...' with any prefix */
	TOK_PUNCT,    /* punctuators, longest match: ->, <<=, ..., ## */
	TOK_HASH,     /* the '#' that starts a preprocessor directive */
	TOK_HEADER,   /* <file.h> after #include */
	TOK_OTHER,    /* a byte that starts no token (@, $ in some code, NUL,
			 invalid UTF-8...): one token per byte run */
};

enum token_flags {
	TF_BOL = 1 << 0,          /* first token on its (logical) line */
	TF_SPACE_BEFORE = 1 << 1, /* white space or a comment before it */
	TF_DIRECTIVE = 1 << 2,    /* inside a preprocessor directive line */
	TF_DEFINE_BODY = 1 << 3,  /* inside the body of a #define */
	TF_UNTERMINATED = 1 << 4, /* string/char/comment ran to end of line/file */
	TF_SPLICED = 1 << 5,      /* contains a backslash-newline splice */
};

struct token {
	enum token_kind kind;
	unsigned flags;
	size_t off, len;    /* bytes [off, off + len) of the buffer */
	unsigned line, col; /* 1-based position of the first byte */
};

struct token_list {
	struct token *tok; /* ends with one TOK_EOF token */
	size_t nr, alloc;
	/* lex_buffer() put in a TOK_OTHER token or an unterminated
	 * literal since the list was last empty: 0 tells a reader of
	 * those (audit's note on bytes that are not C) that none is
	 * there, without a walk of every token */
	int odd;
};
#define TOKEN_LIST_INIT { NULL, 0, 0, 0 }

/*
 * Lex buf[0..len) (need not be NUL-terminated; may contain NUL bytes).
 * Always succeeds; appends to *out and ends it with TOK_EOF.  Returns
 * non-zero when a line splice may be inside a token (TF_SPLICED; a
 * splice in a comment may count too), 0 when no token holds one: then
 * every token is spelled as its bytes are, and a word that is not in
 * the bytes is no token's.
 */
int lex_buffer(const char *buf, size_t len, struct token_list *out);
/*
 * Non-zero when buf[0..len) may hold a word cut by a line splice (an
 * identifier or number byte before the backslash, one after the
 * newline): a word the bytes do not spell may then be a token's.  For
 * the filters that look for words in bytes before they lex.
 */
int lex_word_spliced(const char *buf, size_t len);
/* For tests: identifiers' runs of plain bytes taken byte by byte (1),
 * or 16 at a time where SSE2 is there (0, the default).  Not
 * thread-safe. */
void lex_ident_runs_bytewise(int on);

void token_list_release(struct token_list *l);

/* The length of the UTF-8 byte order mark that starts buf, 3 or 0. */
static inline size_t lex_bom_len(const char *buf, size_t len)
{
	return len >= 3 && (unsigned char)buf[0] == 0xef &&
	       (unsigned char)buf[1] == 0xbb &&
	       (unsigned char)buf[2] == 0xbf ? 3 : 0;
}

/* Empty the list for the next file: its memory is kept for reuse, unless a
 * huge file made it huge (then it is released, not held until the end). */
void token_list_clear(struct token_list *l);

/*
 * Length of the line splice starting at buf[p] (a backslash): it,
 * blanks, an optional \r and the newline, as the lexer reads one; 0 when
 * no splice starts there.  Inline: the lexer asks at every backslash.
 */
static inline size_t lex_splice_len(const char *buf, size_t len, size_t p)
{
	size_t q = p + 1;

	while (q < len && (buf[q] == ' ' || buf[q] == '\t'))
		q++;
	if (q < len && buf[q] == '\r')
		q++;
	if (q < len && buf[q] == '\n')
		return q + 1 - p;
	return 0;
}

/* The token's text with backslash-newline splices removed. */
void token_spelling(const char *buf, const struct token *t, struct strbuf *sb);

/* token_is() for a token that contains a backslash-newline splice. */
int token_is_spliced(const char *buf, const struct token *t, const char *s);

/*
 * Does the token spell exactly s (after removing splices)?  Inline because
 * the scanners call it millions of times with a literal s, whose length and
 * first byte then fold to constants.
 */
static inline int token_is(const char *buf, const struct token *t,
			   const char *s)
{
	if (t->flags & TF_SPLICED)
		return token_is_spliced(buf, t, s);
	/* first byte first: the common miss */
	return t->len && buf[t->off] == s[0] && t->len == strlen(s) &&
	       !memcmp(buf + t->off, s, t->len);
}

#endif
