/*
 * rwonce fuzz's output in the format asked for (fuzz.h): the summary
 * table for people, or JSON for programs -- every result line as the
 * results file holds it, with the counts the summary gives.
 */
#include "fuzz/fuzz.h"
#include "lib/json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void results_json(FILE *f, const struct result_set *set, size_t bugs)
{
	struct strbuf sb = STRBUF_INIT;
	size_t programs = 0, checksums = 0;

	for (size_t i = 0; i < set->nr; i++) {
		const struct result_line *l = &set->l[i];

		/* one program per seed and mode, as the summary counts */
		programs += !i || l->seed != set->l[i - 1].seed ||
			!l->mode != !set->l[i - 1].mode;
		checksums += verdict_class_parse(l->verdict) == VC_CHECKSUM;
	}
	strbuf_addf(&sb, "{\n  \"tool\": \"rwonce fuzz\",\n  \"programs\": %zu,"
		    "\n  \"bugs\": %zu,\n  \"checksum_differences\": %zu,\n"
		    "  \"results\": [", programs, bugs, checksums);
	for (size_t i = 0; i < set->nr; i++) {
		strbuf_addstr(&sb, i ? ",\n    " : "\n    ");
		result_format(&sb, &set->l[i]);
		sb.buf[--sb.len] = '\0'; /* its newline */
	}
	strbuf_addstr(&sb, set->nr ? "\n  ]\n}\n" : "]\n}\n");
	fwrite(sb.buf, 1, sb.len, f);
	strbuf_release(&sb);
}

size_t results_report(FILE *f, const struct result_set *set,
		      const char *format, int quiet)
{
	char *text = NULL;
	size_t len = 0, bugs;
	FILE *mem;

	if (strcmp(format, "json"))
		return results_summary(f, set, quiet);
	/* the bugs as the summary counts them; its text is not wanted */
	mem = open_memstream(&text, &len);
	if (!mem)
		die_errno("cannot count the bugs");
	bugs = results_summary(mem, set, 1);
	fclose(mem);
	free(text);
	results_json(f, set, bugs);
	return bugs;
}

int results_nothing_checked(const struct result_set *set, const char *where)
{
	struct strlist statuses = STRLIST_INIT;
	struct strbuf why = STRBUF_INIT;
	size_t *count;

	for (size_t i = 0; i < set->nr; i++)
		if (!strcmp(set->l[i].status, "ok"))
			return 0;
	if (!set->nr)
		return 0;
	count = xcalloc(set->nr, sizeof(*count));
	for (size_t i = 0; i < set->nr; i++) {
		size_t s;

		for (s = 0; s < statuses.nr &&
		     strcmp(statuses.items[s], set->l[i].status); s++)
			;
		if (s == statuses.nr)
			strlist_push(&statuses, set->l[i].status);
		count[s]++;
	}
	for (size_t s = 0; s < statuses.nr; s++)
		strbuf_addf(&why, "%s%zu %s", s ? ", " : "", count[s],
			    statuses.items[s]);
	error("nothing checked: no program in %s was compiled, run and "
	      "compared (its %zu result%s: %s; the first: %s)", where, set->nr,
	      set->nr == 1 ? "" : "s", why.buf, set->l[0].detail);
	strbuf_release(&why);
	strlist_clear(&statuses);
	free(count);
	return 1;
}
