/* Keeping the printed errors and warnings for the report (messages.h). */
#define _GNU_SOURCE /* vasprintf */
#include "lib/messages.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MESSAGES_MAX 1000

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
