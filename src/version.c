#include "commands.h"
#include "lib/parse-options.h"
#include "lib/util.h"
#include "rwonce.h"

#include <stdio.h>

static const char *const version_usage[] = {
	"rwonce version",
	NULL
};

int cmd_version(int argc, const char **argv)
{
	struct option opts[] = {
		OPT_END(),
	};

	argc = parse_options(argc, argv, opts, version_usage);
	if (argc > 0) {
		error("version takes no arguments ('%s')", argv[0]);
		usage_with_options(version_usage, opts);
	}
	printf("rwonce %s (header %d.%d.%d)\n", RWONCE_TOOL_VERSION,
	       RWONCE_VERSION_MAJOR, RWONCE_VERSION_MINOR, RWONCE_VERSION_PATCH);
	return 0;
}
