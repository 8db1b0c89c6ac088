/*
 * libFuzzer harness for the tree type index (src/cfront/treetypes.c):
 * the input is indexed as a header of an arch/ folder, then resolved
 * from as a file of another architecture and as generic code.
 * Properties, each an abort() that libFuzzer reports with the input:
 *   - no crash, no hang, no sanitizer report;
 *   - every name recorded is an identifier spelled in the input, and the
 *     names come out sorted;
 *   - a resolution gives at most the answers asked for, each labelled
 *     with a NUL-terminated label;
 *   - choosing one side of the conditionals (cfront/branches.c) keeps
 *     the length and every newline, and only ever blanks bytes.
 */
#define _GNU_SOURCE /* memmem */
#include "cfront/treetypes.h"
#include "cfront/branches.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void resolve_some(const struct tree_types *tt, const char *path,
			 const char *buf, const struct token_list *l)
{
	struct tree_answer a[4];
	size_t tries = 0, builds;

	for (size_t i = 0; i + 1 < l->nr && tries < 3; i++) {
		size_t n;

		if (l->tok[i].kind != TOK_IDENT || (l->tok[i].flags & TF_DIRECTIVE))
			continue;
		tries++;
		n = tree_types_resolve(tt, path, buf, l, NULL, NULL,
				       (struct tok_range){ i, i + 1 }, a, 4,
				       64, &builds);
		if (builds > 64)
			abort();
		if (n > 4)
			abort();
		for (size_t k = 0; k < n; k++)
			if (!memchr(a[k].label, '\0', sizeof(a[k].label)))
				abort();
	}
}

static void check_sides(const char *buf, size_t size)
{
	char *copy = malloc(size + 1);

	for (int side = BRANCH_FIRST; side <= BRANCH_OTHER; side++) {
		memcpy(copy, buf, size + 1);
		branch_keep(copy, size, (enum branch_side)side);
		for (size_t i = 0; i < size; i++)
			if (copy[i] != buf[i] &&
			    (copy[i] != ' ' || buf[i] == '\n'))
				abort();
	}
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1);
	struct tree_types *tt = tree_types_build(NULL, 0);
	struct token_list l = TOKEN_LIST_INIT;

	memcpy(buf, data, size);
	buf[size] = '\0';
	/* Not on disk: a resolution that adds it finds nothing to read,
	 * which must end the search too. */
	tree_types_add_buffer(tt, "fuzz/arch/x86/include/asm/h.h", buf, size);
	for (size_t i = 0; i < tree_types_nr_names(tt); i++) {
		const char *n = tree_types_name(tt, i);

		if (!*n || !memmem(buf, size, n, strlen(n)))
			abort();
		if (i && strcmp(tree_types_name(tt, i - 1), n) > 0)
			abort();
	}
	check_sides(buf, size);
	lex_buffer(buf, size, &l);
	resolve_some(tt, "fuzz/arch/arm/kernel/a.c", buf, &l);
	resolve_some(tt, "fuzz/mm/a.c", buf, &l);
	token_list_release(&l);
	tree_types_free(tt);
	free(buf);
	return 0;
}
