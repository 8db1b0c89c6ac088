#include "lib/parse-options.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	       o->type == OPTION_LIST ||
	       (o->type == OPTION_CALLBACK && o->argh);
}

/* May a value be attached (--name=value, -xvalue)? */
static int may_take_arg(const struct option *o)
{
	return takes_arg(o) || (o->flags & OPTION_OPTARG);
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

static int all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
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
	default:
		return error("internal: bad option table");
	}
}

int parse_options(int argc, const char **argv, const struct option *opts,
		  const char *const *usage)
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
			argv[out++] = a;
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
		if (apply(o, arg, name))
			usage_with_options(usage, opts);
	}
	while (i < argc)
		argv[out++] = argv[i++];
	argv[out] = NULL;
	return out;
}
