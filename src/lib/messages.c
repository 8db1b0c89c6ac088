/* Keeping the printed errors and warnings for the report (messages.h). */
#define _GNU_SOURCE /* vasprintf */
#include "lib/messages.h"
#include "lib/json.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MESSAGES_MAX 1000

/* The bound of the unchecked inputs kept: MESSAGES_MAX, or for a test
 * RWONCE_TEST_UNCHECKED_MAX (a small bound shows which are kept). */
static size_t unchecked_max(void)
{
	static size_t max;

	if (!max) {
		const char *t = getenv("RWONCE_TEST_UNCHECKED_MAX");
		long v = t ? strtol(t, NULL, 10) : 0;

		max = v > 0 ? (size_t)v : MESSAGES_MAX;
	}
	return max;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int keeping;
static struct kept_message *kept;
static size_t nr_kept, alloc_kept, dropped;

void messages_keep(void)
{
	pthread_mutex_lock(&lock);
	keeping = 1;
	pthread_mutex_unlock(&lock);
}

void messages_add(const char *prefix, const char *fmt, va_list ap)
{
	char *text;

	if (!__atomic_load_n(&keeping, __ATOMIC_RELAXED))
		return;
	if (vasprintf(&text, fmt, ap) < 0)
		return; /* out of memory: the message is on stderr anyway */
	pthread_mutex_lock(&lock);
	if (nr_kept >= MESSAGES_MAX) {
		dropped++;
		free(text);
	} else {
		ALLOC_GROW(kept, nr_kept + 1, alloc_kept);
		kept[nr_kept].level = strncmp(prefix, "error", 5) ?
			MESSAGE_WARNING : MESSAGE_ERROR;
		kept[nr_kept++].text = text;
	}
	pthread_mutex_unlock(&lock);
}

void messages_add_text(const char *prefix, const char *text)
{
	if (!__atomic_load_n(&keeping, __ATOMIC_RELAXED))
		return;
	pthread_mutex_lock(&lock);
	if (nr_kept >= MESSAGES_MAX) {
		dropped++;
	} else {
		ALLOC_GROW(kept, nr_kept + 1, alloc_kept);
		kept[nr_kept].level = strncmp(prefix, "error", 5) ?
			MESSAGE_WARNING : MESSAGE_ERROR;
		kept[nr_kept++].text = xstrdup(text);
	}
	pthread_mutex_unlock(&lock);
}

static struct unchecked_input *unchecked;
static size_t nr_unchecked, alloc_unchecked, dropped_unchecked;
static int unchecked_sorted;

static int cmp_unchecked(const void *pa, const void *pb)
{
	const struct unchecked_input *a = pa, *b = pb;
	int r = strcmp(a->path, b->path);

	return r ? r : strcmp(a->reason, b->reason);
}

/*
 * Keep the unchecked_max() first inputs in (path, reason) order, whatever
 * order the workers of -j report them in: the report names the same
 * ones in every run.  The list may grow to twice the bound; then it is
 * sorted and cut back, the cut ones counted.  Called with lock held.
 */
static void unchecked_trim(void)
{
	if (!unchecked_sorted && nr_unchecked > 1)
		sane_qsort(unchecked, nr_unchecked, sizeof(*unchecked),
			   cmp_unchecked);
	unchecked_sorted = 1;
	while (nr_unchecked > unchecked_max()) {
		struct unchecked_input *u = &unchecked[--nr_unchecked];

		free(u->path);
		free(u->reason);
		dropped_unchecked++;
	}
}

void messages_unchecked(enum message_level level, const char *path,
			const char *reason)
{
	pthread_mutex_lock(&lock);
	if (nr_unchecked >= 2 * unchecked_max())
		unchecked_trim();
	ALLOC_GROW(unchecked, nr_unchecked + 1, alloc_unchecked);
	unchecked[nr_unchecked].level = level;
	unchecked[nr_unchecked].path = xstrdup(path ? path : "");
	unchecked[nr_unchecked++].reason = xstrdup(reason ? reason : "");
	unchecked_sorted = 0;
	pthread_mutex_unlock(&lock);
}

const struct unchecked_input *messages_unchecked_list(size_t *nr,
						     size_t *dropped_out)
{
	pthread_mutex_lock(&lock);
	unchecked_trim();
	*nr = nr_unchecked;
	if (dropped_out)
		*dropped_out = dropped_unchecked;
	pthread_mutex_unlock(&lock);
	return unchecked;
}

const struct kept_message *messages_kept(size_t *nr)
{
	pthread_mutex_lock(&lock);
	*nr = nr_kept;
	pthread_mutex_unlock(&lock);
	return kept;
}

size_t messages_dropped(void)
{
	return dropped;
}

void messages_unchecked_json(struct strbuf *sb)
{
	size_t nr, dropped;
	const struct unchecked_input *u = messages_unchecked_list(&nr, &dropped);

	strbuf_addstr(sb, "\"unchecked\": [");
	for (size_t i = 0; i < nr; i++) {
		strbuf_addstr(sb, i ? ",\n    {" : "\n    {");
		json_add_path(sb, "path", u[i].path, 1);
		strbuf_addf(sb, ", \"level\": \"%s\", \"reason\": ",
			    u[i].level == MESSAGE_ERROR ? "error" : "warning");
		json_add_string(sb, u[i].reason);
		strbuf_addch(sb, '}');
	}
	if (dropped)
		strbuf_addf(sb, "%s\n    {\"path\": null, \"level\": \"error\", "
			    "\"reason\": \"%zu more (on stderr)\"}",
			    nr ? "," : "", dropped);
	strbuf_addstr(sb, nr || dropped ? "\n  ]" : "]");
}
