#include "lib/shown-path.h"

#include <limits.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

static char cwd[PATH_MAX];
static size_t cwd_len; /* 0: unknown, or "/" */
static pthread_once_t cwd_once = PTHREAD_ONCE_INIT;

static void read_cwd(void)
{
	if (getcwd(cwd, sizeof(cwd)) && strcmp(cwd, "/"))
		cwd_len = strlen(cwd);
}

const char *shown_path(const char *path)
{
	if (!path)
		return "?";
	pthread_once(&cwd_once, read_cwd);
	if (cwd_len && !strncmp(path, cwd, cwd_len) && path[cwd_len] == '/' &&
	    path[cwd_len + 1])
		return path + cwd_len + 1;
	return path;
}
