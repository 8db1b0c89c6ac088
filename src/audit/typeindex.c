/* The lexical engine's type index (typeindex.h).  (first cut: knows nothing) */
#include "audit/typeindex.h"
#include "lib/util.h"

#include <stdlib.h>

struct type_index {
	int unused;
};

struct type_index *type_index_build(const char *buf, const struct token_list *l)
{
	(void)buf;
	(void)l;
	return xcalloc(1, sizeof(struct type_index));
}

void type_index_free(struct type_index *ti)
{
	free(ti);
}

int type_index_expr(const struct type_index *ti, const char *buf,
		    const struct token_list *l, struct tok_range r,
		    struct type_answer *out)
{
	(void)ti; (void)buf; (void)l; (void)r;
	out->cls = TC_UNKNOWN;
	return 0;
}

int type_index_type_name(const struct type_index *ti, const char *buf,
			 const struct token_list *l, struct tok_range r,
			 struct type_answer *out)
{
	(void)ti; (void)buf; (void)l; (void)r;
	out->cls = TC_UNKNOWN;
	return 0;
}

size_t type_index_function_at(const struct type_index *ti, size_t i)
{
	(void)ti; (void)i;
	return 0;
}

const char *type_class_name(enum type_class c)
{
	static const char *const names[] = {
		"unknown", "scalar", "pointer", "struct", "union", "array",
		"function",
	};

	return names[c];
}
