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
 *
 * A key is the long name of a command-line option; the values of a list
 * option (exclude, macro, enable, disable) are blank- or comma-separated
 * and a key may be repeated.  The command line comes after the file, so
 * it overrides a single value (preset, baseline, fail-on) and adds to a
 * list.  parse_options() does all of it for a table with OPT_CONFIG().
 */
#ifndef RWONCE_LIB_CONFIG_H
#define RWONCE_LIB_CONFIG_H

#define CONFIG_FILE_NAME ".rwonce.ini"

/* What OPT_CONFIG() fills in (struct option's value). */
struct config_use {
	const char *command; /* the section after [all]: "audit" ... */
	const char *file;    /* --config FILE, NULL: look for one */
	int none;            /* --no-config */
	char *read;          /* the file read (owned), NULL: none */
};
#define CONFIG_USE_INIT(cmd) { (cmd), NULL, 0, NULL }

/*
 * The config file for a run whose first path is start (a file or a
 * folder; NULL: the current folder): CONFIG_FILE_NAME in start's folder
 * or the nearest one above it, up to and including the top of the git
 * tree (the first folder with a .git); NULL when there is none.
 */
char *config_find(const char *start);

/* -v: "rwonce audit: options from FILE" (or that none was read) on
 * stderr, when verbose. */
void config_say(const struct config_use *u, int verbose);

/* A key of the file: is it known, and is its value a path (taken
 * relative to the file's folder)?  Returns 0 unknown, 1 known, 2 path. */
int config_key_kind(const char *key);

/* The known keys, for messages: "exclude, macro, ...". */
const char *config_key_names(void);

#endif
