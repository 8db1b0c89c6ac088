/*
 * libFuzzer harness for the lexer (src/cfront/lexer.c).  Properties, each
 * an abort() that libFuzzer reports with the input:
 *   - it returns (no crash, no hang, no sanitizer report);
 *   - tokens are in order, inside the buffer, never overlapping, and the
 *     list ends with exactly one TOK_EOF;
 *   - lines never go backwards, and a token's line is 1 + the newlines
 *     before it when no splice or CR is involved;
 *   - the same input lexes to the same tokens twice.
 */
#include "cfront/lexer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t newlines_before(const char *buf, size_t off)
{
	size_t n = 0;

	for (size_t i = 0; i < off; i++)
		n += buf[i] == '\n';
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct token_list a = TOKEN_LIST_INIT, b = TOKEN_LIST_INIT;
	size_t end = 0;
	int plain = !memchr(buf, '\\', size) && !memchr(buf, '\r', size);

	lex_buffer(buf, size, &a);
	if (!a.nr || a.tok[a.nr - 1].kind != TOK_EOF)
		abort();
	for (size_t i = 0; i + 1 < a.nr; i++) {
		const struct token *t = &a.tok[i];

		if (t->kind == TOK_EOF || t->off < end || t->off + t->len > size ||
		    !t->len)
			abort();
		if (i && t->line < a.tok[i - 1].line)
			abort();
		/* Only cheap for small inputs: keep the fuzzer fast. */
		if (plain && size < 4096 &&
		    t->line != 1 + newlines_before(buf, t->off))
			abort();
		end = t->off + t->len;
	}
	lex_buffer(buf, size, &b);
	if (a.nr != b.nr || memcmp(a.tok, b.tok, a.nr * sizeof(*a.tok)))
		abort();
	token_list_release(&a);
	token_list_release(&b);
	return 0;
}
