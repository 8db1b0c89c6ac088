/*
 * The results folder (--out): one JSON line per program and
 * configuration, in OUT/results.jsonl.  The lines hold no timings, so
 * one seed gives the same lines on every run; a seed's lines are
 * appended in one write when the seed is finished (campaign.c), so an
 * interrupted campaign resumes at the first seed without lines.  The
 * summary is made from the lines alone, so a merge of shards prints what
 * one run would have.
 */
#include "fuzz/fuzz.h"
#include "lib/json.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int results_prepare(const char *dir)
{
	char *probe;
	int fd;
	char block[4096];

	if (mkdir(dir, 0777) && errno != EEXIST)
		return error("--out %s: cannot create it: %s", dir, strerror(errno));
	probe = xasprintf("%s/.rwonce-write-test", dir);
	memset(block, '\n', sizeof(block));
	fd = open(probe, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	/* A block, not an empty file: a full disk shows here, not after
	 * an hour of work. */
	if (fd < 0 || write(fd, block, sizeof(block)) != (ssize_t)sizeof(block) ||
	    fsync(fd) || close(fd)) {
		int e = errno;
		if (fd >= 0)
			unlink(probe);
		error("--out %s: cannot write there: %s", dir, strerror(e));
		free(probe);
		return -1;
	}
	unlink(probe);
	free(probe);
	return 0;
}

int results_open_append(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);

	if (fd < 0)
		die_errno("cannot open %s", path);
	free(path);
	return fd;
}

static void add_str(struct strbuf *sb, const char *key, const char *val)
{
	strbuf_addf(sb, ",\"%s\":", key);
	json_add_string(sb, val);
}

void result_format(struct strbuf *sb, const struct result_line *l)
{
	strbuf_addf(sb, "{\"seed\":%" PRIu64, l->seed);
	add_str(sb, "config", l->config);
	add_str(sb, "status", l->status);
	add_str(sb, "verdict", l->verdict);
	add_str(sb, "checksum", l->checksum);
	strbuf_addf(sb, ",\"accesses\":%" PRIu64, l->accesses);
	add_str(sb, "detail", l->detail);
	/* --mode once's members; the default mode's lines stay as they
	 * were, byte for byte (older results files, t5000). */
	if (l->mode) {
		add_str(sb, "mode", l->mode);
		strbuf_addf(sb, ",\"converted\":%" PRIu64 ",\"left\":%" PRIu64
			    ",\"site_accesses\":%" PRIu64, l->converted, l->left,
			    l->site_accesses);
		add_str(sb, "site_verdict", l->site_verdict);
		add_str(sb, "site_detail", l->site_detail);
	}
	strbuf_addstr(sb, "}\n");
}

/* The member key of l, when it holds a string and is not set yet. */
static char **string_member(struct result_line *l, const char *key)
{
	static const struct { const char *key; size_t off; } members[] = {
		{ "config", offsetof(struct result_line, config) },
		{ "status", offsetof(struct result_line, status) },
		{ "verdict", offsetof(struct result_line, verdict) },
		{ "checksum", offsetof(struct result_line, checksum) },
		{ "detail", offsetof(struct result_line, detail) },
		{ "mode", offsetof(struct result_line, mode) },
		{ "site_verdict", offsetof(struct result_line, site_verdict) },
		{ "site_detail", offsetof(struct result_line, site_detail) },
	};

	for (size_t i = 0; i < ARRAY_SIZE(members); i++) {
		char **m = (char **)((char *)l + members[i].off);

		if (!strcmp(key, members[i].key))
			return *m ? NULL : m;
	}
	return NULL;
}

/* The member key of l, when it holds a number. */
static uint64_t *number_member(struct result_line *l, const char *key,
			       int *have_seed, int *have_acc)
{
	if (!strcmp(key, "seed"))
		return *have_seed = 1, &l->seed;
	if (!strcmp(key, "accesses"))
		return *have_acc = 1, &l->accesses;
	if (!strcmp(key, "converted"))
		return &l->converted;
	if (!strcmp(key, "left"))
		return &l->left;
	if (!strcmp(key, "site_accesses"))
		return &l->site_accesses;
	return NULL;
}

/* One member "key": value into l: 0, or -1 with *why. */
static int parse_member(struct json_reader *j, struct result_line *l,
			int *have_seed, int *have_acc, struct strbuf *why)
{
	struct strbuf key = STRBUF_INIT, val = STRBUF_INIT;
	int ret = -1;

	if (json_read_string(j, &key)) {
		strbuf_addstr(why, "a malformed key");
		goto out;
	}
	if (!json_eat(j, ':')) {
		strbuf_addf(why, "no ':' after \"%s\"", key.buf);
		goto out;
	}
	if (json_peek(j) == '"') {
		char **m;

		if (json_read_string(j, &val)) {
			strbuf_addf(why, "a malformed string for \"%s\"", key.buf);
			goto out;
		}
		m = string_member(l, key.buf);
		if (m)
			*m = strbuf_detach(&val);
	} else {
		uint64_t n, *m;
		int r = json_read_u64(j, &n);

		if (r == -2) {
			strbuf_addf(why, "a number out of range for \"%s\"", key.buf);
			goto out;
		}
		if (r) {
			strbuf_addf(why, "an unexpected value for \"%s\"", key.buf);
			goto out;
		}
		m = number_member(l, key.buf, have_seed, have_acc);
		if (m)
			*m = n;
	}
	ret = 0;
out:
	strbuf_release(&key);
	strbuf_release(&val);
	return ret;
}

int result_parse(const char *line, struct result_line *l, struct strbuf *why)
{
	struct json_reader j;
	int have_seed = 0, have_acc = 0;

	memset(l, 0, sizeof(*l));
	json_reader_init(&j, line, strlen(line));
	if (!json_eat(&j, '{')) {
		strbuf_addstr(why, "not a JSON object");
		return -1;
	}
	while (!json_eat(&j, '}')) {
		if (parse_member(&j, l, &have_seed, &have_acc, why))
			goto bad;
		if (json_eat(&j, ','))
			continue;
		if (json_peek(&j) != '}') {
			strbuf_addstr(why, "no ',' or '}' between members");
			goto bad;
		}
	}
	if (!json_at_end(&j)) {
		strbuf_addstr(why, "text after the object");
		goto bad;
	}
	if (!have_seed || !have_acc || !l->config || !l->status || !l->verdict ||
	    !l->checksum || !l->detail) {
		strbuf_addstr(why, "a member is missing (seed, config, status, verdict, checksum, accesses, detail)");
		goto bad;
	}
	if (verdict_class_parse(l->verdict) < 0) {
		strbuf_addf(why, "unknown verdict '%s'", l->verdict);
		goto bad;
	}
	if (l->mode && strcmp(l->mode, "once")) {
		strbuf_addf(why, "unknown mode '%s'", l->mode);
		goto bad;
	}
	if (l->mode && (!l->site_verdict || !l->site_detail)) {
		strbuf_addstr(why, "a --mode once line without site_verdict or site_detail");
		goto bad;
	}
	return 0;
bad:
	result_line_release(l);
	return -1;
}

void result_line_release(struct result_line *l)
{
	free(l->config);
	free(l->status);
	free(l->verdict);
	free(l->checksum);
	free(l->detail);
	free(l->mode);
	free(l->site_verdict);
	free(l->site_detail);
	memset(l, 0, sizeof(*l));
}

int results_load(struct result_set *set, const char *dir, int missing_ok)
{
	char *path = xasprintf("%s/" RESULTS_FILE, dir);
	size_t len;
	char *buf = read_file(path, &len);
	int lineno = 0;

	if (!buf) {
		int e = errno;
		if (missing_ok && e == ENOENT) {
			free(path);
			return 0;
		}
		error("cannot read %s: %s", path, strerror(e));
		free(path);
		return -1;
	}
	if (memchr(buf, '\0', len)) {
		error("%s: not a results file (it holds NUL bytes)", path);
		free(buf);
		free(path);
		return -1;
	}
	for (char *line = buf, *nl; line < buf + len; line = nl + 1) {
		struct strbuf why = STRBUF_INIT;
		struct result_line l;

		nl = strchr(line, '\n');
		lineno++;
		if (!nl) {
			error("%s:%d: the last line is cut off (no newline): the run that wrote it was interrupted mid-write",
			      path, lineno);
			goto bad;
		}
		*nl = '\0';
		if (result_parse(line, &l, &why)) {
			error("%s:%d: not a fuzz result line: %s", path, lineno, why.buf);
			strbuf_release(&why);
			goto bad;
		}
		strbuf_release(&why);
		ALLOC_GROW(set->l, set->nr + 1, set->alloc);
		set->l[set->nr++] = l;
	}
	free(buf);
	free(path);
	return 0;
bad:
	free(buf);
	free(path);
	return -1;
}

/* Sort by seed, keeping each seed's lines in the order written. */
struct keyed { const struct result_line *l; size_t pos; };

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->l->seed != y->l->seed)
		return x->l->seed < y->l->seed ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

void results_sort(struct result_set *set)
{
	struct keyed *k = xcalloc(set->nr + 1, sizeof(*k));
	struct result_line *sorted = xcalloc(set->nr + 1, sizeof(*sorted));
	size_t n = 0;

	for (size_t i = 0; i < set->nr; i++) {
		k[i].l = &set->l[i];
		k[i].pos = i;
	}
	sane_qsort(k, set->nr, sizeof(*k), cmp_keyed);
	/* A seed in two shard folders (overlapping ranges): keep the first
	 * copy of each (seed, configuration). */
	for (size_t i = 0; i < set->nr; i++) {
		int dup = 0;

		for (size_t j = n; j-- > 0 && sorted[j].seed == k[i].l->seed;)
			if (!strcmp(sorted[j].config, k[i].l->config))
				dup = 1;
		if (dup) {
			result_line_release((struct result_line *)k[i].l);
			continue;
		}
		sorted[n++] = *k[i].l;
	}
	free(set->l);
	free(k);
	set->l = sorted;
	set->nr = n;
	set->alloc = n + 1;
}

/* Marked-site verdicts worth a line of their own in the listing. */
static int site_listed(const char *v)
{
	return !strcmp(v, "torn") || !strcmp(v, "widened") || !strcmp(v, "aggregate");
}

/*
 * --mode once: what rwonce fix converted, what rwonce.h refused, and the
 * verdicts of the marked sites per configuration.  Returns the bugs among
 * them: a marked access torn or widened (a volatile-cast struct read in
 * pieces is "aggregate", the known hazard, not counted).
 */
static size_t once_summary(FILE *f, const struct result_set *set,
			   const struct strlist *configs, int width)
{
	static const char *const cols[] = { "ok", "torn", "widened", "aggregate", "none" };
	size_t (*count)[ARRAY_SIZE(cols) + 1];
	size_t programs = 0, with_marks = 0, converted = 0, left = 0;
	size_t refused_programs = 0, bugs = 0;
	int any = 0;

	for (size_t i = 0; i < set->nr; i++)
		any |= set->l[i].mode != NULL;
	if (!any)
		return 0;
	count = xcalloc(configs->nr + 1, sizeof(*count));
	for (size_t i = 0; i < set->nr; i++) {
		const struct result_line *l = &set->l[i];
		int first = !i || set->l[i - 1].seed != l->seed ||
			    !set->l[i - 1].mode;
		size_t c, k;

		if (!l->mode)
			continue;
		if (first) {
			programs++;
			with_marks += l->converted + l->left > 0;
			converted += l->converted;
			left += l->left;
			for (size_t j = i; j < set->nr && set->l[j].seed == l->seed &&
			     set->l[j].mode; j++)
				if (!strcmp(set->l[j].status, "refused")) {
					refused_programs++;
					break;
				}
		}
		if (!strcmp(l->status, "generator-failed"))
			continue;
		for (c = 0; c < configs->nr && strcmp(configs->items[c], l->config); c++)
			;
		if (c == configs->nr)
			continue;
		if (!strcmp(l->status, "refused")) {
			count[c][ARRAY_SIZE(cols)]++;
			continue;
		}
		for (k = 0; k < ARRAY_SIZE(cols) && strcmp(cols[k], l->site_verdict); k++)
			;
		if (k < ARRAY_SIZE(cols))
			count[c][k]++;
		bugs += !strcmp(l->site_verdict, "torn") || !strcmp(l->site_verdict, "widened");
	}
	if (!f) { /* -q: the count only */
		free(count);
		return bugs;
	}
	fprintf(f, "--mode once: %zu programs, %zu with marks; rwonce fix converted %zu uses, left %zu; rwonce.h refused %zu programs\n",
		programs, with_marks, converted, left, refused_programs);
	fprintf(f, "%-*s", width, "marked sites");
	for (size_t k = 0; k < ARRAY_SIZE(cols); k++)
		fprintf(f, " %9.9s", cols[k]);
	fprintf(f, " %9s\n", "refused");
	for (size_t c = 0; c < configs->nr; c++) {
		size_t sum = 0;

		for (size_t k = 0; k <= ARRAY_SIZE(cols); k++)
			sum += count[c][k];
		if (!sum)
			continue;
		fprintf(f, "%-*s", width, configs->items[c]);
		for (size_t k = 0; k <= ARRAY_SIZE(cols); k++)
			fprintf(f, " %9zu", count[c][k]);
		fputc('\n', f);
	}
	free(count);
	return bugs;
}

/* The summary's columns: each verdict class, then trouble and skipped. */
static const enum verdict_class summary_cols[] = {
	VC_SAME, VC_COUNT, VC_ORDER, VC_TORN, VC_WIDENED, VC_CHECKSUM,
	VC_AGGREGATE, VC_UNOBSERVABLE,
};
#define SUMMARY_COLS (ARRAY_SIZE(summary_cols) + 2)

/* The summary's first line and its table of configurations x columns;
 * *width grows to the longest configuration name. */
static void print_tables(FILE *f, size_t programs, size_t gen_failed,
			 const struct strlist *configs,
			 size_t (*count)[SUMMARY_COLS], int *width)
{
	fprintf(f, "rwonce fuzz: %zu programs (%zu not generated), %zu configurations\n",
		programs, gen_failed, configs->nr);
	for (size_t c = 0; c < configs->nr; c++)
		if (strlen(configs->items[c]) > (size_t)*width)
			*width = (int)strlen(configs->items[c]);
	fprintf(f, "%-*s", *width, "configuration");
	for (size_t k = 0; k < ARRAY_SIZE(summary_cols); k++)
		fprintf(f, " %8.8s", verdict_class_name(summary_cols[k]));
	fprintf(f, " %8s %8s\n", "trouble", "skipped");
	for (size_t c = 0; c < configs->nr; c++) {
		fprintf(f, "%-*s", *width, configs->items[c]);
		for (size_t k = 0; k < SUMMARY_COLS; k++)
			fprintf(f, " %8zu", count[c][k]);
		fputc('\n', f);
	}
}

size_t results_summary(FILE *f, const struct result_set *set, int quiet)
{
	struct strlist configs = STRLIST_INIT;
	size_t (*count)[SUMMARY_COLS];
	size_t programs = 0, gen_failed = 0, bugs = 0, checksums = 0;
	uint64_t last_seed = 0;
	int width = 20;

	for (size_t i = 0; i < set->nr; i++) {
		const struct result_line *l = &set->l[i];
		size_t c;

		/* One program per seed and mode: --mode once's seed 5 is
		 * another program than the default mode's. */
		if (!i || l->seed != last_seed ||
		    !l->mode != !set->l[i - 1].mode) {
			programs++;
			last_seed = l->seed;
		}
		if (!strcmp(l->status, "generator-failed")) {
			gen_failed++;
			continue;
		}
		for (c = 0; c < configs.nr && strcmp(configs.items[c], l->config); c++)
			;
		if (c == configs.nr)
			strlist_push(&configs, l->config);
	}
	count = xcalloc(configs.nr + 1, sizeof(*count));
	for (size_t i = 0; i < set->nr; i++) {
		const struct result_line *l = &set->l[i];
		int v = verdict_class_parse(l->verdict);
		size_t c, k;

		if (!strcmp(l->status, "generator-failed"))
			continue;
		for (c = 0; strcmp(configs.items[c], l->config); c++)
			;
		if (v == VC_REFERENCE)
			v = VC_SAME;
		for (k = 0; k < ARRAY_SIZE(summary_cols) && summary_cols[k] != (enum verdict_class)v; k++)
			;
		if (k == ARRAY_SIZE(summary_cols) && strcmp(l->status, "ok") &&
		    strcmp(l->status, "refused") &&
		    strcmp(l->status, "skipped-endless"))
			k = ARRAY_SIZE(summary_cols);           /* trouble */
		else if (k == ARRAY_SIZE(summary_cols))
			k = ARRAY_SIZE(summary_cols) + 1;       /* not compared */
		count[c][k]++;
		bugs += verdict_class_is_bug(v);
		checksums += v == VC_CHECKSUM;
	}
	/* -q: the bugs still counted, only their lines printed */
	if (!quiet)
		print_tables(f, programs, gen_failed, &configs, count, &width);
	bugs += once_summary(quiet ? NULL : f, set, &configs, width);
	if (!quiet)
		fprintf(f, "bugs (count/order/torn/widened): %zu; checksum differences: %zu\n",
			bugs, checksums);
	for (size_t i = 0; i < set->nr; i++) {
		const struct result_line *l = &set->l[i];
		int v = verdict_class_parse(l->verdict);

		if (verdict_class_is_bug(v) || v == VC_CHECKSUM ||
		    v == VC_AGGREGATE || v == VC_UNOBSERVABLE)
			fprintf(f, "  seed %" PRIu64 "  %s  %s: %s\n", l->seed,
				l->config, l->verdict, l->detail);
		if (l->mode && site_listed(l->site_verdict))
			fprintf(f, "  seed %" PRIu64 "  %s  marked site %s: %s\n",
				l->seed, l->config, l->site_verdict, l->site_detail);
		else if (strcmp(l->status, "ok") && strcmp(l->status, "generator-failed"))
			fprintf(f, "  seed %" PRIu64 "  %s  %s: %s\n", l->seed,
				l->config, l->status, l->detail);
	}
	free(count);
	strlist_clear(&configs);
	return bugs;
}

void results_release(struct result_set *set)
{
	for (size_t i = 0; i < set->nr; i++)
		result_line_release(&set->l[i]);
	free(set->l);
	memset(set, 0, sizeof(*set));
}
