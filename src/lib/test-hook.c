/* Pauses for race tests (test-hook.h). */
#include "lib/test-hook.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

const char *test_hook_fifo(const char *env_var)
{
	const char *fifo = getenv(env_var);
	struct stat st;

	/* Only a FIFO: a stray variable naming a file must not truncate it. */
	if (!fifo || !*fifo || stat(fifo, &st) < 0 || !S_ISFIFO(st.st_mode))
		return NULL;
	return fifo;
}

void test_hook_pause(const char *fifo, const char *what)
{
	char line[16];
	FILE *f;

	if ((f = fopen(fifo, "w"))) {
		fprintf(f, "%s\n", what);
		fclose(f);
	}
	if ((f = fopen(fifo, "r"))) {
		if (!fgets(line, sizeof(line), f))
			line[0] = 0;
		fclose(f);
	}
}

void test_hook_delay(const char *env_var)
{
	const char *s = getenv(env_var);
	struct timespec ts;
	char *end;
	long us;

	if (!s || !*s)
		return;
	us = strtol(s, &end, 10);
	if (*end || us <= 0 || us > 10 * 1000 * 1000)
		return;
	ts.tv_sec = us / 1000000;
	ts.tv_nsec = (us % 1000000) * 1000;
	while (nanosleep(&ts, &ts) < 0)
		; /* EINTR: sleep the rest */
}
