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
 *
 * The options every command shares, spelled alike everywhere (the output
 * contract, rwonce(1)):
 *
 *   OPT_FORMAT(&fmt, "text (default), json, sarif or html"),
 *   OPT_JSON(&fmt),               --json: the same as --format=json
 *   OPT_QUIET(&quiet),            -q, --quiet
 *   OPT_VERBOSE(&level, "..."),   -v, -vv, -v=N, -vN, --verbose[=N]
 *   OPT_COLOR(&when),             --color[=auto|always|never]
 *   OPT_NO_PROGRESS(&no_progress),  --no-progress (lib/progress.h)
 *   OPT_EXIT_STATUS("0 ..., 1 ..., 2 ..."),  a paragraph of --help
 *
 * and the groups of the commands that share a kind of work:
 *
 *   OPT_JOBS(&jobs, "files", "the number of cores"),  -j, --jobs: every
 *                                 command that runs jobs (one range, one
 *                                 message)
 *   OPT_ONCE_MACROS(...)          --macro, --no-discover (cfront/once-macros.h)
 *   OPT_GRID(...)                 --cc, --target, --opt, --cflags, --tracer
 *                                 (compilers/grid.h)
 *   OPT_FINDINGS_OUTPUT(...)      --format, --output, --baseline, --fail-on
 *                                 ... (findings/output.h)
 */
#ifndef RWONCE_LIB_PARSE_OPTIONS_H
#define RWONCE_LIB_PARSE_OPTIONS_H

#include "lib/config.h"
#include "lib/util.h"

enum option_type {
	OPTION_END,
	OPTION_BOOL,     /* int *: set to 1 (--no-NAME sets 0) */
	OPTION_INT,      /* int *: a decimal number */
	OPTION_STRING,   /* const char **: last one wins */
	OPTION_LIST,     /* struct strlist *: each use appends; commas split */
	OPTION_CALLBACK, /* cb(opt, arg): return 0, or -1 after error() */
	OPTION_GROUP,    /* a heading in --help */
	OPTION_VERBOSE,  /* int *: -v adds 1, -vv 2; -v=N, -vN, --verbose=N
			    set N; a separate all-digit argument after -v
			    is the level too (the old `scan -v 1`) */
	OPTION_TEXT,     /* a paragraph at the end of --help (help) */
	OPTION_CONFIG,   /* struct config_use *: --config FILE; the file's
			    options are applied before the command line's
			    (lib/config.h) */
};

/* struct option.flags */
enum option_flags {
	OPTION_OPTARG = 1 << 0, /* the value is optional: --name or
				   --name=value, never --name value */
};

struct option {
	enum option_type type;
	int short_name;
	const char *long_name;
	void *value;
	const char *argh; /* argument name in --help; NULL: no argument */
	const char *help;
	int (*cb)(const struct option *opt, const char *arg);
	unsigned flags;   /* enum option_flags */
};

#define OPT_END() { OPTION_END, 0, NULL, NULL, NULL, NULL, NULL, 0 }
#define OPT_GROUP(h) { OPTION_GROUP, 0, NULL, NULL, NULL, (h), NULL, 0 }
#define OPT_BOOL(s, l, v, h) { OPTION_BOOL, (s), (l), (v), NULL, (h), NULL, 0 }
#define OPT_INT(s, l, v, a, h) { OPTION_INT, (s), (l), (v), (a), (h), NULL, 0 }
#define OPT_STRING(s, l, v, a, h) { OPTION_STRING, (s), (l), (v), (a), (h), NULL, 0 }
#define OPT_LIST(s, l, v, a, h) { OPTION_LIST, (s), (l), (v), (a), (h), NULL, 0 }
#define OPT_CALLBACK(s, l, v, a, h, f) { OPTION_CALLBACK, (s), (l), (v), (a), (h), (f), 0 }
/* A callback whose value may be left out (f gets NULL then). */
#define OPT_CALLBACK_OPTARG(s, l, v, a, h, f) \
	{ OPTION_CALLBACK, (s), (l), (v), (a), (h), (f), OPTION_OPTARG }

/* ---- the output contract: the same spelling in every command ---- */

/* const char **v: "--format FMT"; h lists the formats the command has. */
#define OPT_FORMAT(v, h) OPT_STRING(0, "format", (v), "FMT", (h))
/* const char **v (the --format variable): --json sets it to "json". */
#define OPT_JSON(v) OPT_CALLBACK(0, "json", (v), NULL, \
				 "the same as --format=json", parse_opt_json)
#define OPT_QUIET(v, h) OPT_BOOL('q', "quiet", (v), (h))
#define OPT_VERBOSE(v, h) { OPTION_VERBOSE, 'v', "verbose", (v), "N", (h), \
			    NULL, OPTION_OPTARG }
/* int *v: an enum color_when (util.h); --color alone is "always". */
#define OPT_COLOR(v) OPT_CALLBACK_OPTARG(0, "color", (v), "WHEN", \
	"colours: auto (default: on a terminal, unless NO_COLOR is set), " \
	"always or never", parse_opt_color)
/*
 * struct config_use *c: --config FILE and --no-config.  With them in the
 * table, parse_options() first reads the config file (--config FILE, or
 * .rwonce.ini found from the first path up to the top of the tree,
 * lib/config.h) and applies its [all] and [c->command] keys as the
 * options of the same names, then the command line.  A bad file is an
 * error naming FILE:LINE (exit 2).  c->read: the file read, or NULL.
 */
#define OPT_CONFIG(c)                                                        \
	{ OPTION_CONFIG, 0, "config", (c), "FILE", "read options from FILE " \
	  "(default: " CONFIG_FILE_NAME " in the first path's folder or "    \
	  "above it, up to the top of the git tree)", NULL, 0 },             \
	OPT_BOOL(0, "no-config", &(c)->none, "read no config file")
/*
 * int *v: -j N, --jobs N -- N of the command's items (what: "files",
 * "configurations") at once, N from 1 to JOBS_MAX; anything else is the
 * one error every command gives (exit 2).  Without -j, *v keeps the
 * value the command gave it (0: the worker pool's default, the number
 * of cores; lib/pool.h); dflt says which in --help.
 */
#define JOBS_MAX 1024
#define OPT_STRINGIFY_(x) #x
#define OPT_STRINGIFY(x) OPT_STRINGIFY_(x)
#define OPT_JOBS(v, what, dflt) OPT_CALLBACK('j', "jobs", (v), "N",        \
	"N " what " at once, N from 1 to " OPT_STRINGIFY(JOBS_MAX)          \
	" (default: " dflt ")", parse_opt_jobs)
/* int *v: --no-progress, for progress_start() (lib/progress.h): every
 * command that shows a progress line. */
#define OPT_NO_PROGRESS(v) OPT_BOOL(0, "no-progress", (v), \
				    "no progress line on a terminal")
#define OPT_EXIT_STATUS(text) { OPTION_TEXT, 0, NULL, NULL, NULL, \
				"Exit status: " text, NULL, 0 }

int parse_opt_json(const struct option *opt, const char *arg);
int parse_opt_color(const struct option *opt, const char *arg);
int parse_opt_jobs(const struct option *opt, const char *arg);

int parse_options(int argc, const char **argv, const struct option *opts,
		  const char *const *usage);

/* Print usage and options to stderr and exit 2 (after a bad argument). */
void usage_with_options(const char *const *usage, const struct option *opts)
	RWONCE_NORETURN;

#endif
