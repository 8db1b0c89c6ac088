/*
 * Command-line options declared as a table next to the usage text, so that
 * --help and the parser cannot drift apart (the git way).
 *
 *   static const char *const usage[] = { "rwonce verify [<options>]", NULL };
 *   struct option opts[] = {
 *           OPT_BOOL(0, "json", &json, "print JSON"),
 *           OPT_INT('j', "jobs", &jobs, "N", "run N jobs at once"),
 *           OPT_STRING(0, "emit-header", &hdr, "FILE", "write a header"),
 *           OPT_LIST(0, "cc", &ccs, "CC", "compiler (repeatable)"),
 *           OPT_END(),
 *   };
 *   argc = parse_options(argc, argv, opts, usage);
 *
 * Accepts --name=value, --name value, -j4, -j 4, and "--" to end options.
 * A bad option prints the usage to stderr and exits 2; --help or -h prints
 * it to stdout and exits 0.  Returns the number of remaining arguments,
 * moved to argv[0..].
 */
#ifndef RWONCE_LIB_PARSE_OPTIONS_H
#define RWONCE_LIB_PARSE_OPTIONS_H

#include "lib/util.h"

enum option_type {
	OPTION_END,
	OPTION_BOOL,     /* int *: set to 1 (--no-NAME sets 0) */
	OPTION_INT,      /* int *: a decimal number */
	OPTION_STRING,   /* const char **: last one wins */
	OPTION_LIST,     /* struct strlist *: each use appends; commas split */
	OPTION_CALLBACK, /* cb(opt, arg): return 0, or -1 after error() */
	OPTION_GROUP,    /* a heading in --help */
};

struct option {
	enum option_type type;
	int short_name;
	const char *long_name;
	void *value;
	const char *argh; /* argument name in --help; NULL: no argument */
	const char *help;
	int (*cb)(const struct option *opt, const char *arg);
};

#define OPT_END() { OPTION_END, 0, NULL, NULL, NULL, NULL, NULL }
#define OPT_GROUP(h) { OPTION_GROUP, 0, NULL, NULL, NULL, (h), NULL }
#define OPT_BOOL(s, l, v, h) { OPTION_BOOL, (s), (l), (v), NULL, (h), NULL }
#define OPT_INT(s, l, v, a, h) { OPTION_INT, (s), (l), (v), (a), (h), NULL }
#define OPT_STRING(s, l, v, a, h) { OPTION_STRING, (s), (l), (v), (a), (h), NULL }
#define OPT_LIST(s, l, v, a, h) { OPTION_LIST, (s), (l), (v), (a), (h), NULL }
#define OPT_CALLBACK(s, l, v, a, h, f) { OPTION_CALLBACK, (s), (l), (v), (a), (h), (f) }

int parse_options(int argc, const char **argv, const struct option *opts,
		  const char *const *usage);

/* Print usage and options to stderr and exit 2 (after a bad argument). */
void usage_with_options(const char *const *usage, const struct option *opts)
	RWONCE_NORETURN;

#endif
