#include "commands.h"
#include "rwonce.h"

#include <stdio.h>

int cmd_version(int argc, const char **argv)
{
	(void)argc;
	(void)argv;
	printf("rwonce %s (header %d.%d.%d)\n", RWONCE_TOOL_VERSION,
	       RWONCE_VERSION_MAJOR, RWONCE_VERSION_MINOR, RWONCE_VERSION_PATCH);
	return 0;
}
