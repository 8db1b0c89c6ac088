/* Pauses for race tests (test-hook.h). */
#include "lib/test-hook.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

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
