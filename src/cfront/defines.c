/*
 * Finding a #define from a token of its body (defines.h).  The lexer
 * flags every token of a directive line TF_DIRECTIVE, the first one ('#')
 * TF_BOL, and the replacement list TF_DEFINE_BODY; a line splice does not
 * start a new logical line, so a multi-line macro is one range.
 */
#include "cfront/defines.h"

int define_span_at(const char *buf, const struct token_list *l, size_t i,
		   struct define_span *d)
{
	size_t hash = i, k, eof = l->nr - 1;

	if (i >= eof || !(l->tok[i].flags & TF_DEFINE_BODY))
		return -1;
	while (hash > 0 && !(l->tok[hash].flags & TF_BOL))
		hash--;
	if (l->tok[hash].kind != TOK_HASH || hash + 2 >= eof ||
	    !tok_ident(buf, l, hash + 1, "define") ||
	    l->tok[hash + 2].kind != TOK_IDENT)
		return -1;
	d->name = hash + 2;
	d->function_like = tok_punct(buf, l, hash + 3, "(") &&
			   !(l->tok[hash + 3].flags & TF_DEFINE_BODY);
	for (k = hash + 3; k < i && !(l->tok[k].flags & TF_DEFINE_BODY); k++)
		;
	d->body.begin = k;
	for (k = i + 1; k < eof && (l->tok[k].flags & TF_DEFINE_BODY) &&
			!(l->tok[k].flags & TF_BOL); k++)
		;
	d->body.end = k;
	return 0;
}
