#include "lib/parse-options.h"
#include "lib/shown-path.h"

#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void print_usage(FILE *f, const char *const *usage,
			const struct option *opts)
{
	fprintf(f, "usage: %s\n", usage[0]);
	for (size_t i = 1; usage[i]; i++)
		fprintf(f, "%s%s\n", usage[i][0] ? "   or: " : "", usage[i]);
	fputc('\n', f);
	for (const struct option *o = opts; o->type != OPTION_END; o++) {
		char left[80];
		int n = 0;

		if (o->type == OPTION_GROUP) {
			/* The usage lines already end with a blank line. */
			fprintf(f, "%s%s\n", o == opts ? "" : "\n", o->help);
			continue;
		}
		if (o->type == OPTION_TEXT) {
			fprintf(f, "\n%s\n", o->help);
			continue;
		}
		if (o->short_name)
			n += snprintf(left + n, sizeof(left) - (size_t)n, "-%c%s",
				      o->short_name, o->long_name ? ", " : "");
		if (o->long_name)
			n += snprintf(left + n, sizeof(left) - (size_t)n, "--%s",
				      o->long_name);
		if (o->argh && n < (int)sizeof(left))
			snprintf(left + n, sizeof(left) - (size_t)n,
				 o->flags & OPTION_OPTARG ? "[=<%s>]" : " <%s>",
				 o->argh);
		fprintf(f, "    %-26s %s\n", left, o->help ? o->help : "");
	}
}

void usage_with_options(const char *const *usage, const struct option *opts)
{
	print_usage(stderr, usage, opts);
	exit(EXIT_TROUBLE);
}

/* Does the option need a value (the next argument when not attached)? */
static int takes_arg(const struct option *o)
{
	if (o->flags & OPTION_OPTARG)
		return 0;
	return o->type == OPTION_INT || o->type == OPTION_STRING ||
	       o->type == OPTION_LIST || o->type == OPTION_CONFIG ||
	       (o->type == OPTION_CALLBACK && o->argh);
}

/* May a value be attached (--name=value, -xvalue)? */
static int may_take_arg(const struct option *o)
{
	return takes_arg(o) || (o->flags & OPTION_OPTARG);
}

static int all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

int parse_opt_jobs(const struct option *opt, const char *arg)
{
	long v = all_digits(arg) && strlen(arg) <= 4 ? strtol(arg, NULL, 10) : 0;

	if (v < 1 || v > JOBS_MAX)
		return error("-j, --jobs: '%s' is not a number from 1 to %d",
			     arg, JOBS_MAX);
	*(int *)opt->value = (int)v;
	return 0;
}

int parse_opt_json(const struct option *opt, const char *arg)
{
	(void)arg;
	*(const char **)opt->value = "json";
	return 0;
}

int parse_opt_color(const struct option *opt, const char *arg)
{
	int when = arg ? color_when_parse(arg) : COLOR_ALWAYS;

	if (when < 0)
		return error("--color: '%s' is not auto, always or never", arg);
	*(int *)opt->value = when;
	return 0;
}


/*
 * -v, -vv, -vvv: one more each; -v=N, -vN, --verbose=N: N.  arg is what
 * followed the option in its argument (NULL: nothing).
 */
static int apply_verbose(const struct option *o, const char *arg,
			 const char *name)
{
	int *level = o->value;
	long v;

	if (!arg) {
		(*level)++;
		return 0;
	}
	if (name[1] != '-' && arg[strspn(arg, "v")] == '\0') {
		*level += 1 + (int)strlen(arg); /* -vv: the 'v's after the first */
		return 0;
	}
	if (*arg == '=' && name[1] != '-')
		arg++;
	if (!all_digits(arg) || strlen(arg) > 4)
		return error("option '%s' takes a level (a number), not '%s'",
			     name, arg);
	v = strtol(arg, NULL, 10);
	*level = (int)v;
	return 0;
}

static int apply(const struct option *o, const char *arg, const char *name)
{
	char *end;
	long v;

	switch (o->type) {
	case OPTION_BOOL:
		*(int *)o->value = arg ? 0 : 1; /* arg != NULL marks --no-X */
		return 0;
	case OPTION_INT:
		errno = 0;
		v = strtol(arg, &end, 10);
		if (errno || end == arg || *end || v < INT_MIN || v > INT_MAX)
			return error("option '%s' expects a number, not '%s'", name, arg);
		*(int *)o->value = (int)v;
		return 0;
	case OPTION_STRING:
		*(const char **)o->value = arg;
		return 0;
	case OPTION_LIST: {
		const char *p = arg;

		for (;;) {
			const char *comma = strchr(p, ',');
			size_t len = comma ? (size_t)(comma - p) : strlen(p);

			if (len)
				strlist_push_nodup(o->value, xstrndup(p, len));
			if (!comma)
				break;
			p = comma + 1;
		}
		return 0;
	}
	case OPTION_CALLBACK:
		return o->cb(o, arg);
	case OPTION_VERBOSE:
		return apply_verbose(o, arg, name);
	case OPTION_CONFIG:
		((struct config_use *)o->value)->file = arg;
		return 0;
	default:
		return error("internal: bad option table");
	}
}

/* What a first look at the command line finds (parse_argv's dry run). */
struct first_look {
	struct config_use *config; /* the table's OPT_CONFIG, or NULL */
	const char *first_path;    /* the first argument that is no option */
};

/*
 * The command line's options, applied in order; the other arguments
 * moved to argv[0..] (returns how many).  With look != NULL nothing is
 * applied or moved: only --config, --no-config and the first path are
 * noted there.
 */
static int parse_argv(int argc, const char **argv, const struct option *opts,
		      const char *const *usage, struct first_look *look)
{
	int out = 0, i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const struct option *o = NULL;
		const char *arg = NULL;
		int negated = 0;
		char name[64];

		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			print_usage(stdout, usage, opts);
			exit(EXIT_CLEAN);
		}
		if (a[0] != '-' || !a[1]) {
			if (look) {
				if (!look->first_path)
					look->first_path = a;
			} else {
				argv[out++] = a;
			}
			continue;
		}
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);

			for (const struct option *p = opts; p->type != OPTION_END; p++) {
				if (!p->long_name)
					continue;
				if (strlen(p->long_name) == len &&
				    !strncmp(p->long_name, a + 2, len)) {
					o = p;
					break;
				}
				if (p->type == OPTION_BOOL && len == strlen(p->long_name) + 3 &&
				    !strncmp(a + 2, "no-", 3) &&
				    !strncmp(a + 5, p->long_name, len - 3)) {
					o = p;
					negated = 1;
					break;
				}
			}
			snprintf(name, sizeof(name), "--%.*s", (int)len, a + 2);
			if (!o) {
				error("unknown option '%s'", name);
				usage_with_options(usage, opts);
			}
			if (eq) {
				if (!may_take_arg(o)) {
					error("option '%s' takes no value", name);
					usage_with_options(usage, opts);
				}
				arg = eq + 1;
			}
		} else {
			for (const struct option *p = opts; p->type != OPTION_END; p++)
				if (p->short_name == a[1]) {
					o = p;
					break;
				}
			snprintf(name, sizeof(name), "-%c", a[1]);
			if (!o) {
				error("unknown option '%s'", name);
				usage_with_options(usage, opts);
			}
			if (a[2]) {
				if (!may_take_arg(o)) {
					error("option '%s' takes no value (combined short options are not supported)", name);
					usage_with_options(usage, opts);
				}
				arg = a + 2;
			}
		}
		if (takes_arg(o) && !arg) {
			if (i + 1 >= argc) {
				error("option '%s' needs a value", name);
				usage_with_options(usage, opts);
			}
			arg = argv[++i];
		}
		if (o->type == OPTION_BOOL)
			arg = negated ? "" : NULL;
		/* -v 2: the level as a separate argument, as `scan -v 1` was
		 * written before -v took an optional value */
		if (o->type == OPTION_VERBOSE && !arg && a[1] != '-' &&
		    i + 1 < argc && all_digits(argv[i + 1]) &&
		    strlen(argv[i + 1]) <= 2)
			arg = argv[++i];
		if (look) {
			if (o->type == OPTION_CONFIG || (look->config &&
			    o->value == &look->config->none))
				if (apply(o, arg, name))
					usage_with_options(usage, opts);
			continue;
		}
		if (apply(o, arg, name))
			usage_with_options(usage, opts);
	}
	if (look)
		return 0;
	while (i < argc)
		argv[out++] = argv[i++];
	argv[out] = NULL;
	return out;
}

/* ---- the config file (lib/config.h), read by libinih ---- */

struct config_pass {
	const struct option *opts;
	struct config_use *use;
	const char *path;  /* as the user sees it */
	char *dir;         /* its folder, for relative paths */
	int apply_all;     /* this pass: [all] (else [command]) */
	char *msg;         /* what was wrong with the first bad line */
};

static int config_bad(struct config_pass *c, char *msg)
{
	if (!c->msg)
		c->msg = msg;
	else
		free(msg);
	return 0; /* ini_parse() then returns the line's number */
}

static int config_section_known(const char *section)
{
	static const char *const known[] = { "all", "audit", "scan", "fix" };

	for (size_t i = 0; i < ARRAY_SIZE(known); i++)
		if (!strcmp(section, known[i]))
			return 1;
	return 0;
}

/* One "key = value" line of the file: checked in the first pass, applied
 * in the pass of its section. */
static int config_line(void *user, const char *section, const char *key,
		       const char *value)
{
	struct config_pass *c = user;
	const struct option *o = NULL;
	int kind = config_key_kind(key);
	struct strlist items = STRLIST_INIT;
	char name[64];

	if (c->msg)
		return 1; /* one error is enough: the first is reported */
	if (!*section)
		return config_bad(c, xasprintf("'%s' is outside a section: put "
			"it under [all], [audit], [scan] or [fix]", key));
	if (!config_section_known(section))
		return config_bad(c, xasprintf("unknown section [%s] (known: "
			"[all], [audit], [scan], [fix])", section));
	if (!kind)
		return config_bad(c, xasprintf("unknown key '%s' in [%s] "
			"(known: %s)", key, section, config_key_names()));
	if (!*value)
		return config_bad(c, xasprintf("'%s' has no value", key));
	if (c->apply_all ? strcmp(section, "all") :
	    strcmp(section, c->use->command))
		return 1; /* another pass's, or another command's */
	for (const struct option *p = c->opts; p->type != OPTION_END; p++)
		if (p->long_name && !strcmp(p->long_name, key) &&
		    p->type != OPTION_BOOL && p->type != OPTION_CONFIG)
			o = p;
	if (!o) {
		if (c->apply_all)
			return 1; /* [all]: for the commands that have it */
		return config_bad(c, xasprintf("rwonce %s has no --%s",
					       c->use->command, key));
	}
	if (o->type == OPTION_LIST)
		strlist_split_blanks(&items, value);
	else
		strlist_push(&items, value);
	snprintf(name, sizeof(name), "--%s", key);
	for (size_t i = 0; i < items.nr; i++) {
		const char *v = items.items[i];
		const char *eq = strchr(v, '=');
		/* the value stays: a string option points at it */
		char *keep;

		if (kind == CONFIG_REPORT && (!eq || eq == v || !eq[1])) {
			char *msg = xasprintf("%s = %s: '%s' is not "
					      "FORMAT=FILE", key, value, v);

			strlist_clear(&items);
			return config_bad(c, msg);
		}
		if (kind == CONFIG_PATH && v[0] != '/')
			keep = xasprintf("%s/%s", c->dir, v);
		else if (kind == CONFIG_REPORT && eq[1] != '/' &&
			 strcmp(eq + 1, "-"))
			keep = xasprintf("%.*s%s/%s", (int)(eq - v + 1), v,
					 c->dir, eq + 1);
		else
			keep = xstrdup(v);

		if (apply(o, keep, name)) {
			strlist_clear(&items);
			return config_bad(c, xasprintf("%s = %s: not a value "
				"of %s (above)", key, value, name));
		}
	}
	strlist_clear(&items);
	return 1;
}

/* The table's option of the file's report key (--output), or NULL. */
static const struct option *config_report_option(const struct option *opts)
{
	for (const struct option *p = opts; p->type != OPTION_END; p++)
		if (p->type == OPTION_LIST && p->long_name &&
		    config_key_kind(p->long_name) == CONFIG_REPORT)
			return p;
	return NULL;
}

/* "FORMAT=FILE": does it write stdout? */
static int report_to_stdout(const char *spec)
{
	const char *eq = strchr(spec, '=');

	return eq && !strcmp(eq + 1, "-");
}

/*
 * After the command line: the file's reports (the first nr_file of the
 * list) that a command-line --output overrides -- the same FORMAT, or
 * stdout when both write it -- are dropped; use->outputs names those
 * that stay.
 */
static void config_override_reports(const struct option *opts,
				    struct config_use *use, size_t nr_file)
{
	const struct option *o = config_report_option(opts);
	struct strlist *l = o ? o->value : NULL;
	size_t out = 0;

	if (!l)
		return;
	for (size_t i = 0; i < l->nr; i++) {
		int drop = 0;

		for (size_t j = nr_file; i < nr_file && j < l->nr && !drop; j++) {
			size_t n = strcspn(l->items[j], "=");

			drop = (!strncmp(l->items[i], l->items[j], n) &&
				l->items[i][n] == '=') ||
			       (report_to_stdout(l->items[i]) &&
				report_to_stdout(l->items[j]));
		}
		if (drop) {
			free(l->items[i]);
			continue;
		}
		if (i < nr_file) {
			/* as the user sees it: the path from here */
			size_t n = strcspn(l->items[i], "=") + 1;
			const char *file = shown_path(l->items[i] + n);

			strlist_push_nodup(&use->outputs, xasprintf("%.*s%s",
				(int)n, l->items[i], file));
		}
		l->items[out++] = l->items[i];
	}
	l->nr = out;
}

static void config_apply(const struct option *opts, const char *const *usage,
			 struct config_use *use, const char *first_path)
{
	struct config_pass c;
	char *found, *slash;

	if (use->none && use->file) {
		error("--config and --no-config: choose one");
		usage_with_options(usage, opts);
	}
	if (use->none)
		return;
	if (use->file) {
		if (access(use->file, R_OK))
			die("--config %s: %s", use->file, strerror(errno));
		found = xstrdup(use->file);
	} else {
		found = config_find(first_path);
		if (!found)
			return;
	}
	memset(&c, 0, sizeof(c));
	c.opts = opts;
	c.use = use;
	c.path = use->read = xstrdup(shown_path(found));
	c.dir = found;
	slash = strrchr(c.dir, '/');
	if (!slash)
		c.dir = xstrdup(".");
	else if (slash == c.dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	if (c.dir != found)
		free(found);
	for (c.apply_all = 1; c.apply_all >= 0; c.apply_all--) {
		int r = ini_parse(c.path, config_line, &c);

		if (r == -1)
			die("cannot read the config file %s: %s", c.path,
			    strerror(errno));
		if (r == -2)
			die("out of memory reading %s", c.path);
		if (r > 0) {
			error("%s:%d: %s", c.path, r, c.msg ? c.msg :
			      "not a 'key = value' line, a [section] or a "
			      "comment (# or ; first)");
			exit(EXIT_TROUBLE);
		}
	}
	free(c.dir);
}

int parse_options(int argc, const char **argv, const struct option *opts,
		  const char *const *usage)
{
	struct first_look look = { NULL, NULL };
	const struct option *report;
	size_t nr_file = 0;
	int nr;

	for (const struct option *p = opts; p->type != OPTION_END; p++)
		if (p->type == OPTION_CONFIG)
			look.config = p->value;
	if (!look.config)
		return parse_argv(argc, argv, opts, usage, NULL);
	parse_argv(argc, argv, opts, usage, &look);
	config_apply(opts, usage, look.config, look.first_path);
	report = config_report_option(opts);
	if (report)
		nr_file = ((struct strlist *)report->value)->nr;
	nr = parse_argv(argc, argv, opts, usage, NULL);
	config_override_reports(opts, look.config, nr_file);
	return nr;
}
