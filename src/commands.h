/*
 * The rwonce commands.  Each lives in its own file and is listed once in
 * commands.def; adding a command touches that list and one new file.
 */
#ifndef RWONCE_COMMANDS_H
#define RWONCE_COMMANDS_H

/* argv[0] is the command name; returns the exit status (0, 1 or 2). */
typedef int command_fn(int argc, const char **argv);

#define COMMAND(name, fn, summary) command_fn fn;
#include "commands.def"
#undef COMMAND

#endif
