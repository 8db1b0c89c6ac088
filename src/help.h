/* `rwonce help CMD` (help.c). */
#ifndef RWONCE_HELP_H
#define RWONCE_HELP_H

#include "commands.h"

/* Show the manual of command cmd (run by fn); the exit status. */
int help_show(const char *cmd, command_fn *fn);

#endif
