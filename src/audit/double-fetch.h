/*
 * The double-fetch rule of the lexical engine: one function reads the
 * same location twice through a plain pointer into memory that another
 * agent may change, and uses both values as one (the pattern of the
 * amdgpu commit in the seeds: `*rptr` printed, then `*rptr` returned).
 */
#ifndef RWONCE_AUDIT_DOUBLE_FETCH_H
#define RWONCE_AUDIT_DOUBLE_FETCH_H

#include "audit/rules-lexical.h"
#include "cfront/typeindex.h"

/* The second shape, a volatile object checked then used
 * (double-fetch-checked.c), over one function body. */
void double_fetch_checked(const struct lexical_options *o, const char *path,
			  const char *buf, const struct token_list *l,
			  struct type_index *ti, struct tok_range body,
			  struct finding_list *out);

void double_fetch_file(const struct lexical_options *o, const char *path,
		       const char *buf, const struct token_list *l,
		       struct type_index *ti, struct finding_list *out);

#endif
