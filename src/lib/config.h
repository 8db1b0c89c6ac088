/*
 * The config file: options a tree keeps for every run of audit, scan and
 * fix, so that the base run, the head run and every report of a CI job
 * use the same ones (doc/rwonce.1, CONFIG FILE).  An INI file read by
 * libinih (Debian's libinih-dev), never by a parser of our own:
 *
 *   # .rwonce.ini at the top of the tree
 *   [all]                  every command that has the option
 *   exclude = tools scripts
 *   macro = KREAD_ONCE=read-once
 *   [audit]                one command's own, after [all]'s
 *   enable = double-fetch
 *   baseline = ci/known-audit.json
 *   output = sarif=rwonce-audit.sarif html=rwonce-audit.html
 *
 * A key is the long name of a command-line option; the values of a list
 * option (exclude, macro, enable, disable) are blank- or comma-separated
 * and a key may be repeated.  The command line comes after the file, so
 * it overrides a single value (preset, baseline, fail-on) and adds to a
 * list.  An output (FORMAT=FILE, FILE relative to the config file's
 * folder, - for stdout) is overridden by the command line's --output of
 * the same FORMAT, and a stdout one by the command line's stdout one;
 * the others stay.  parse_options() does all of it for a table with
 * OPT_CONFIG().
 */
#ifndef RWONCE_LIB_CONFIG_H
#define RWONCE_LIB_CONFIG_H

#include "lib/util.h"

#define CONFIG_FILE_NAME ".rwonce.ini"

/* What OPT_CONFIG() fills in (struct option's value). */
struct config_use {
	const char *command; /* the section after [all]: "audit" ... */
	const char *file;    /* --config FILE, NULL: look for one */
	int none;            /* --no-config */
	char *read;          /* the file read (owned), NULL: none */
	struct strlist outputs; /* the file's output values the run
				   writes (not overridden) */
};
#define CONFIG_USE_INIT(cmd) { (cmd), NULL, 0, NULL, STRLIST_INIT }

/*
 * The config file for a run whose first path is start (a file or a
 * folder; NULL: the current folder): CONFIG_FILE_NAME in start's folder
 * or the nearest one above it, up to and including the top of the git
 * tree (the first folder with a .git); NULL when there is none.
 */
char *config_find(const char *start);

/* "rwonce audit: options from FILE" (or that none was read) on stderr,
 * when verbose; also without -v when the file named reports to write
 * (they are listed), never with -q. */
void config_say(const struct config_use *u, int verbose, int quiet);

enum config_key_kind {
	CONFIG_UNKNOWN,
	CONFIG_VALUE,  /* a value as on the command line */
	CONFIG_PATH,   /* a path, taken relative to the file's folder */
	CONFIG_REPORT, /* FORMAT=FILE: FILE a path as above, or - */
};
/* A key of the file: what its value is (CONFIG_UNKNOWN: not a key). */
int config_key_kind(const char *key);

/* The known keys, for messages: "exclude, macro, ...". */
const char *config_key_names(void);

#endif
