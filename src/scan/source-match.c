/* The evidence that a source is the one a build was made from
 * (source-match.h). */
#include "scan/source-match.h"
#include "lib/util.h"

#include <nettle/md5.h>
#include <stdlib.h>
#include <string.h>

void source_match_md5(struct source_match *m, const char *buf, size_t len)
{
	struct md5_ctx ctx;

	md5_init(&ctx);
	md5_update(&ctx, len, (const uint8_t *)buf);
	md5_digest(&ctx, sizeof(m->md5), m->md5);
	m->has_md5 = 1;
}

void source_match_init(struct source_match *m, const struct token_list *l)
{
	size_t ntok;
	unsigned line = 0;

	memset(m, 0, sizeof(*m));
	if (!l || l->nr < 2)
		return;
	ntok = l->nr - 1; /* without the EOF token */
	m->nlines = l->tok[ntok - 1].line;
	m->line_first = xcalloc((size_t)m->nlines + 1, sizeof(*m->line_first));
	m->tok_col = xcalloc(ntok, sizeof(*m->tok_col));
	for (size_t i = 0; i < ntok; i++) {
		const struct token *t = &l->tok[i];

		while (line < t->line && line <= m->nlines)
			m->line_first[line++] = (unsigned)i;
		m->tok_col[i] = (uint16_t)(t->col < UINT16_MAX ? t->col : UINT16_MAX);
	}
	while (line <= m->nlines)
		m->line_first[line++] = (unsigned)ntok;
}

void source_match_release(struct source_match *m)
{
	free(m->line_first);
	free(m->tok_col);
	memset(m, 0, sizeof(*m));
}

int source_match_token_at(const struct source_match *m, unsigned line,
			  unsigned col)
{
	unsigned lo, hi;

	if (!m->line_first || !col || !line)
		return -1;
	if (line > m->nlines)
		return 0;
	lo = m->line_first[line - 1];
	hi = m->line_first[line];
	while (lo < hi) { /* the columns of a line are in order */
		unsigned mid = lo + (hi - lo) / 2;

		if (m->tok_col[mid] == col)
			return 1;
		if (m->tok_col[mid] < col)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

int source_match_md5_same(const unsigned char *recorded,
			  const unsigned char *computed)
{
	size_t i;

	if (!memcmp(recorded, computed, 16))
		return 1;
	for (i = 0; i < 16 && recorded[i] == computed[15 - i]; i++)
		;
	return i == 16;
}
