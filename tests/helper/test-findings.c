/*
 * The test driver of the output contract's shared pieces (t0620): the
 * option parser's shared options, the comment reader, rwonce-ignore
 * suppressions, function spans, fingerprints and baselines.
 *
 *   findings-test options ARG...        parse as a command would; print
 *                                       the values
 *   findings-test comments FILE         each comment: lines and text
 *   findings-test suppressions FILE     each rwonce-ignore: lines, ids,
 *                                       reason or what is wrong
 *   findings-test functions FILE        each function definition: lines
 *   findings-test fingerprint FILE LINE COL END_COL RULE [FUNCTION]
 *                                       the fingerprint of that finding
 *   findings-test baseline FILE CMD     the fingerprints read, or why not
 */
#include "test-tool.h"
#include "cfront/comments.h"
#include "cfront/functions.h"
#include "cfront/lexer.h"
#include "cfront/suppress.h"
#include "findings/baseline.h"
#include "findings/finding.h"
#include "findings/triage.h"
#include "lib/parse-options.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path, size_t *len)
{
	char *buf = read_file(path, len);

	if (!buf)
		die_errno("cannot read %s", path);
	return buf;
}

static int cmd_options(int argc, const char **argv)
{
	static const char *const usage[] = { "findings-test options [<options>] [<args>]", NULL };
	const char *format = "text";
	int quiet = 0, verbose = 0, color = COLOR_AUTO;
	struct option opts[] = {
		OPT_FORMAT(&format, "text, json"),
		OPT_JSON(&format),
		OPT_QUIET(&quiet, "quiet"),
		OPT_VERBOSE(&verbose, "more"),
		OPT_COLOR(&color),
		OPT_EXIT_STATUS("0 always."),
		OPT_END(),
	};

	argc = parse_options(argc, argv, opts, usage);
	printf("format=%s quiet=%d verbose=%d color=%d colored=%d args=",
	       format, quiet, verbose, color, color_wanted(color, 1));
	for (int i = 0; i < argc; i++)
		printf("%s%s", i ? "," : "", argv[i]);
	putchar('\n');
	return 0;
}

static void print_comment(const struct comment *c, void *arg)
{
	const char *buf = arg;

	printf("%u-%u: %.*s\n", c->line, c->end_line, (int)c->len, buf + c->off);
}

static int cmd_comments(const char *path)
{
	size_t len;
	char *buf = slurp(path, &len);

	comments_each(buf, len, print_comment, buf);
	free(buf);
	return 0;
}

static int cmd_suppressions(const char *path)
{
	struct suppression_list l = SUPPRESSION_LIST_INIT;
	size_t len;
	char *buf = slurp(path, &len);

	suppressions_find(buf, len, &l);
	for (size_t i = 0; i < l.nr; i++) {
		const struct suppression *s = &l.items[i];

		printf("line %u covers %u-%u:", s->line, s->first_line,
		       s->last_line);
		for (size_t k = 0; k < s->nr_ids; k++)
			printf(" [%s]", s->ids[k]);
		if (s->malformed)
			printf(" malformed: %s", s->malformed);
		else
			printf(" reason: %s", s->reason ? s->reason : "(none)");
		putchar('\n');
	}
	suppression_list_release(&l);
	free(buf);
	return 0;
}

static int cmd_functions(const char *path)
{
	struct token_list t = TOKEN_LIST_INIT;
	struct function_list fl = FUNCTION_LIST_INIT;
	size_t len;
	char *buf = slurp(path, &len);

	lex_buffer(buf, len, &t);
	functions_find(buf, &t, &fl);
	for (size_t i = 0; i < fl.nr; i++)
		printf("%s %u-%u\n", fl.items[i].name, fl.items[i].first_line,
		       fl.items[i].last_line);
	function_list_release(&fl);
	token_list_release(&t);
	free(buf);
	return 0;
}

static int cmd_fingerprint(int argc, const char **argv)
{
	struct finding_list l = FINDING_LIST_INIT;
	struct finding f;
	struct triage_options o = { .command = "audit" };
	struct triage_counts c;
	struct source_files *src = source_files_new();
	int rule;

	if (argc < 6)
		die("usage: fingerprint FILE LINE COL END_COL RULE [FUNCTION]");
	rule = rule_lookup(argv[5]);
	if (rule < 0)
		die("unknown rule %s", argv[5]);
	memset(&f, 0, sizeof(f));
	f.rule = (enum rule_id)rule;
	f.path = (char *)argv[1];
	f.line = f.end_line = (unsigned)atoi(argv[2]);
	f.col = (unsigned)atoi(argv[3]);
	f.end_col = (unsigned)atoi(argv[4]);
	f.message = (char *)"m";
	f.function = argc > 6 ? (char *)argv[6] : NULL;
	finding_list_add(&l, &f);
	if (findings_triage(&l, src, &o, &c))
		return 2;
	printf("%s %s%s\n", l.items[0].fingerprint,
	       l.items[0].function ? l.items[0].function : "-",
	       l.items[0].suppression ? " suppressed" : "");
	finding_list_release(&l);
	source_files_free(src);
	return 0;
}

static int cmd_baseline(const char *path, const char *command)
{
	struct baseline b = BASELINE_INIT;
	struct strbuf why = STRBUF_INIT;

	if (baseline_load(&b, path, command, &why)) {
		printf("error: %s\n", why.buf);
		return 2;
	}
	printf("%zu findings, %zu fingerprints\n", b.findings,
	       b.fingerprints.nr);
	baseline_release(&b);
	return 0;
}

int cmd__findings(int argc, const char **argv)
{
	if (argc < 2)
		die("usage: findings-test options|comments|suppressions|"
		    "functions|fingerprint|baseline ...");
	if (!strcmp(argv[1], "options"))
		return cmd_options(argc - 1, argv + 1);
	if (argc < 3)
		die("%s: which file?", argv[1]);
	if (!strcmp(argv[1], "comments"))
		return cmd_comments(argv[2]);
	if (!strcmp(argv[1], "suppressions"))
		return cmd_suppressions(argv[2]);
	if (!strcmp(argv[1], "functions"))
		return cmd_functions(argv[2]);
	if (!strcmp(argv[1], "fingerprint"))
		return cmd_fingerprint(argc - 1, argv + 1);
	if (!strcmp(argv[1], "baseline") && argc > 3)
		return cmd_baseline(argv[2], argv[3]);
	die("unknown test command %s", argv[1]);
}
