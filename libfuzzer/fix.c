/*
 * libFuzzer harness for `rwonce fix` (src/fix/rewrite.c, diff.c).
 * Properties, each an abort() that libFuzzer reports with the input:
 *   - no crash, no hang, no sanitizer report;
 *   - edits are sorted and never overlap;
 *   - token preservation: the fixed text lexes to the original's tokens
 *     outside the rewritten spans (rewrite_check_preserved);
 *   - idempotence: a second run over the fixed text changes nothing;
 *   - all of it with the #include of --add-include added;
 *   - the unified diff, applied to the original by a small patch reader
 *     here, gives exactly the fixed text (hunk headers and
 *     "\ No newline at end of file" included).
 */
#include "fix/diff.h"
#include "rewrite/add-include.h"
#include "cfront/lexer.h"
#include "rewrite/rewrite.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next line of s[*at..len), with its '\n'; returns its length. */
static size_t next_line(const char *s, size_t len, size_t *at,
			const char **line)
{
	const char *nl = memchr(s + *at, '\n', len - *at);
	size_t end = nl ? (size_t)(nl - s) + 1 : len, n = end - *at;

	*line = s + *at;
	*at = end;
	return n;
}

/* Apply diff d to old; 0 and *out on success, -1 when it does not fit. */
static int apply_diff(const char *old, size_t old_len, const char *d,
		      size_t d_len, struct strbuf *out)
{
	size_t dat = 0, oat = 0, oline = 1;
	const char *l;
	size_t n;

	while (dat < d_len) {
		unsigned long a, b, c, e;
		size_t seen_old = 0, seen_new = 0;

		n = next_line(d, d_len, &dat, &l);
		if (n < 2 || l[0] != '@' || l[1] != '@')
			continue; /* file header lines */
		if (sscanf(l, "@@ -%lu,%lu +%lu,%lu @@", &a, &b, &c, &e) != 4) {
			b = e = 1;
			if (sscanf(l, "@@ -%lu,%lu +%lu @@", &a, &b, &c) != 3 &&
			    sscanf(l, "@@ -%lu +%lu,%lu @@", &a, &c, &e) != 3 &&
			    sscanf(l, "@@ -%lu +%lu @@", &a, &c) != 2)
				return -1;
		}
		/* Copy unchanged old lines before the hunk. */
		while (oline < (b ? a : a + 1)) {
			const char *ol;
			size_t on = next_line(old, old_len, &oat, &ol);

			if (!on)
				return -1;
			strbuf_add(out, ol, on);
			oline++;
		}
		while (dat < d_len && (d[dat] == ' ' || d[dat] == '-' ||
				       d[dat] == '+')) {
			char kind;
			size_t body;

			n = next_line(d, d_len, &dat, &l);
			kind = l[0];
			body = n - 1;
			/* A marker line after it: this line has no newline. */
			if (dat < d_len && d[dat] == '\\') {
				const char *m;

				next_line(d, d_len, &dat, &m);
				if (!body || l[n - 1] != '\n')
					return -1;
				body--;
			}
			if (kind != '+') {
				const char *ol;
				size_t on = next_line(old, old_len, &oat, &ol);

				if (on != body || memcmp(ol, l + 1, body))
					return -1;
				oline++;
				seen_old++;
			}
			if (kind != '-') {
				strbuf_add(out, l + 1, body);
				seen_new++;
			}
		}
		if (seen_old != b || seen_new != e)
			return -1;
	}
	strbuf_add(out, old + oat, old_len - oat);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct token_list toks = TOKEN_LIST_INIT, again = TOKEN_LIST_INIT;
	struct rewrite_opts opts;
	struct rewrite_result r1 = REWRITE_RESULT_INIT, r2 = REWRITE_RESULT_INIT;
	struct strbuf fixed = STRBUF_INIT, diff = STRBUF_INIT, applied = STRBUF_INIT;

	struct include_line inc;

	rewrite_opts_init(&opts);
	if (include_line_init(&inc, "rwonce.h") < 0)
		abort();
	lex_buffer(buf, size, &toks);
	if (rewrite_buffer(buf, size, &toks, &opts, &r1) < 0)
		abort(); /* overlapping edits: a bug in rewrite.c */
	if (r1.edits.nr && include_add_edit(&inc, buf, size, &toks, &opts,
					    &r1.edits) &&
	    edit_list_sort(&r1.edits) < 0)
		abort(); /* the #include overlaps an edit */
	edits_apply(buf, size, &r1.edits, &fixed);
	lex_buffer(fixed.buf ? fixed.buf : "", fixed.len, &again);
	if (rewrite_check_preserved(buf, size, &toks, &r1.edits,
				    fixed.buf ? fixed.buf : "", fixed.len,
				    &again))
		abort();
	if (rewrite_buffer(fixed.buf ? fixed.buf : "", fixed.len, &again,
			   &opts, &r2) < 0 || r2.edits.nr)
		abort(); /* not idempotent */
	if (r1.edits.nr) {
		diff_write(&diff, "f.c", buf, size, &r1.edits);
		if (apply_diff(buf, size, diff.buf, diff.len, &applied) < 0 ||
		    applied.len != fixed.len ||
		    memcmp(applied.buf, fixed.buf, fixed.len))
			abort();
	}
	strbuf_release(&fixed);
	strbuf_release(&diff);
	strbuf_release(&applied);
	rewrite_result_release(&r1);
	rewrite_result_release(&r2);
	token_list_release(&toks);
	token_list_release(&again);
	rewrite_opts_release(&opts);
	include_line_release(&inc);
	return 0;
}
