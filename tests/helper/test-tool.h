/*
 * The test helper's subcommands (test-tool.c): each one of the test
 * drivers that used to be a program of its own, with its own file
 * test-NAME.c; it sees argv[0] = NAME, as a program sees its name.
 */
#ifndef RWONCE_TEST_TOOL_H
#define RWONCE_TEST_TOOL_H

int cmd__cfront(int argc, const char **argv);
int cmd__clang_audit(int argc, const char **argv);
int cmd__compare(int argc, const char **argv);
int cmd__findings(int argc, const char **argv);
int cmd__lib(int argc, const char **argv);
int cmd__plugin_lookup_threads(int argc, const char **argv);
int cmd__trace_dump(int argc, const char **argv);

#endif
