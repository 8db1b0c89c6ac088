/* The run's command line, start time and commit (run-info.h). */
#include "lib/run-info.h"
#include "lib/run-command.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const *saved_argv;
static size_t saved_argc;
static struct strbuf command_line = STRBUF_INIT;
static char start_utc[32];
static int commit_asked;
static char commit[72];

/* Does the argument need quoting to come back whole from a shell? */
static int needs_quotes(const char *s)
{
	if (!*s)
		return 1;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("-_./=:,+@%", *s))
			return 1;
	return 0;
}

void run_info_start(int argc, const char **argv)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	time_t now = time(NULL);
	struct tm tm;
	char *end;

	saved_argv = argv;
	saved_argc = argc > 0 ? (size_t)argc : 0;
	strbuf_reset(&command_line);
	for (size_t i = 0; i < saved_argc; i++) {
		const char *a = i ? argv[i] : "rwonce";

		if (i)
			strbuf_addch(&command_line, ' ');
		if (!needs_quotes(a)) {
			strbuf_addstr(&command_line, a);
			continue;
		}
		strbuf_addch(&command_line, '\'');
		for (; *a; a++)
			if (*a == '\'')
				strbuf_addstr(&command_line, "'\\''");
			else
				strbuf_addch(&command_line, *a);
		strbuf_addch(&command_line, '\'');
	}
	if (epoch && *epoch) {
		unsigned long long v = strtoull(epoch, &end, 10);

		if (!*end)
			now = (time_t)v;
	}
	if (gmtime_r(&now, &tm))
		strftime(start_utc, sizeof(start_utc), "%Y-%m-%dT%H:%M:%SZ", &tm);
}

const char *const *run_info_argv(size_t *argc)
{
	*argc = saved_argc;
	return saved_argv;
}

const char *run_info_command_line(void)
{
	return command_line.len ? command_line.buf : "";
}

const char *run_info_start_utc(void)
{
	return start_utc;
}

const char *run_info_commit(const char *dir)
{
	static const char *const argv[] = {
		"git", "rev-parse", "--verify", "--quiet", "HEAD", NULL,
	};
	struct child c = CHILD_INIT;
	size_t n;

	if (commit_asked)
		return commit[0] ? commit : NULL;
	commit_asked = 1;
	if (!program_exists("git"))
		return NULL;
	c.argv = argv;
	c.dir = dir && *dir ? dir : NULL;
	c.timeout_ms = 10000;
	if (!run_child(&c) && child_ok(&c)) {
		n = strspn(c.out.buf, "0123456789abcdef");
		if ((n == 40 || n == 64) && n < sizeof(commit))
			memcpy(commit, c.out.buf, n);
	}
	child_release(&c);
	return commit[0] ? commit : NULL;
}
