/* The configurations of a run (grid.h). */
#include "compilers/grid.h"
#include "lib/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* --target names into targets: 0, or -1 after error(). */
static int parse_targets(struct grid *g, const struct strlist *names)
{
	g->nr_target = names->nr ? names->nr : 1;
	g->target = xcalloc(g->nr_target, sizeof(*g->target));
	if (!names->nr) {
		g->target[0] = target_native();
		if (!g->target[0])
			return error("this machine is not one of the targets rwonce knows; name one with --target");
		return 0;
	}
	for (size_t i = 0; i < names->nr; i++) {
		struct strbuf known = STRBUF_INIT;

		g->target[i] = target_find(names->items[i]);
		if (g->target[i])
			continue;
		for (size_t k = 0; targets[k]; k++)
			strbuf_addf(&known, "%s%s", k ? " " : "", targets[k]->name);
		error("unsupported target '%s' (known: %s)", names->items[i], known.buf);
		strbuf_release(&known);
		return -1;
	}
	return 0;
}

/* The tracer of each target, before anything is compiled. */
static int choose_tracers(struct grid *g, const char *want)
{
	g->tracer = xcalloc(g->nr_target, sizeof(*g->tracer));
	for (size_t i = 0; i < g->nr_target; i++) {
		struct strbuf why = STRBUF_INIT;

		if (tracer_choose(g->target[i], want, &g->tracer[i], &why)) {
			error("%s", why.buf);
			strbuf_release(&why);
			return -1;
		}
		strbuf_release(&why);
	}
	return 0;
}

static int identify_compilers(struct grid *g, const struct strlist *ccs)
{
	g->nr_cc = ccs->nr ? ccs->nr : 1;
	g->cc = xcalloc(g->nr_cc, sizeof(*g->cc));
	for (size_t i = 0; i < g->nr_cc; i++) {
		g->cc[i].name = xstrdup(ccs->nr ? ccs->items[i] : "cc");
		if (compiler_identify(&g->cc[i]))
			return -1;
	}
	return 0;
}

/* The driver of compiler ci for target ti, looked for once. */
static const char *driver_of(struct grid *g, size_t ci, size_t ti)
{
	char **d = &g->driver[ci * g->nr_target + ti];

	if (!*d)
		*d = compiler_driver(&g->cc[ci], g->target[ti]);
	return *d;
}

static char *label_of(const struct build_config *c, const char *variant)
{
	return xasprintf("%s %s %s%s%s%s%s", c->cc->name, c->target->name,
			 c->opt, *c->flags ? " " : "", c->flags,
			 *variant ? " " : "", variant);
}

int grid_expand(struct grid *g, const struct grid_request *rq)
{
	static const struct grid_variant plain = { 0, "" };
	static const enum grid_axis natural[GRID_AXES] = {
		GRID_COMPILER, GRID_TARGET, GRID_FLAGS, GRID_LEVEL, GRID_VARIANT,
	};
	const struct grid_variant *variants = rq->variants ? rq->variants : &plain;
	const enum grid_axis *order = rq->order ? rq->order : natural;
	size_t nr[GRID_AXES], idx[GRID_AXES], total = 1, group = 0;
	size_t last[3] = { SIZE_MAX, SIZE_MAX, SIZE_MAX };

	memset(g, 0, sizeof(*g));
	if (rq->levels.nr) {
		if (compiler_parse_levels(&rq->levels, &g->levels))
			return -1;
	} else {
		struct strlist dflt = STRLIST_INIT;
		int r;

		strlist_push(&dflt, rq->default_levels);
		r = compiler_parse_levels(&dflt, &g->levels);
		strlist_clear(&dflt);
		if (r)
			return -1;
	}
	for (size_t i = 0; i < rq->flags.nr; i++)
		strlist_push(&g->flags, rq->flags.items[i]);
	if (!g->flags.nr)
		strlist_push(&g->flags, "");
	if (parse_targets(g, &rq->targets) || choose_tracers(g, rq->tracer) ||
	    identify_compilers(g, &rq->ccs))
		return -1;
	g->driver = xcalloc(g->nr_cc * g->nr_target, sizeof(*g->driver));

	nr[GRID_COMPILER] = g->nr_cc;
	nr[GRID_TARGET] = g->nr_target;
	nr[GRID_FLAGS] = g->flags.nr;
	nr[GRID_LEVEL] = g->levels.nr;
	nr[GRID_VARIANT] = rq->variants ? rq->nr_variants : 1;
	for (int a = 0; a < GRID_AXES; a++)
		total *= nr[a];
	for (size_t k = 0; k < total; k++) {
		struct build_config c;
		size_t rest = k;

		/* k in mixed radix, the last axis of the order fastest */
		for (int a = GRID_AXES; a-- > 0;) {
			enum grid_axis axis = order[a];

			idx[axis] = rest % nr[axis];
			rest /= nr[axis];
		}
		memset(&c, 0, sizeof(c));
		c.cc = &g->cc[idx[GRID_COMPILER]];
		c.target = g->target[idx[GRID_TARGET]];
		c.flags = g->flags.items[idx[GRID_FLAGS]];
		c.opt = g->levels.items[idx[GRID_LEVEL]];
		c.variant = variants[idx[GRID_VARIANT]].value;
		c.tracer = g->tracer[idx[GRID_TARGET]];
		if (rq->keep && !rq->keep(&c))
			continue;
		c.driver = driver_of(g, idx[GRID_COMPILER], idx[GRID_TARGET]);
		if (!c.driver)
			return -1;
		if (idx[GRID_COMPILER] != last[0] || idx[GRID_TARGET] != last[1] ||
		    idx[GRID_FLAGS] != last[2])
			group++;
		last[0] = idx[GRID_COMPILER];
		last[1] = idx[GRID_TARGET];
		last[2] = idx[GRID_FLAGS];
		c.group = group;
		c.label = label_of(&c, variants[idx[GRID_VARIANT]].name);
		ALLOC_GROW(g->cfg, g->nr + 1, g->alloc);
		g->cfg[g->nr++] = c;
	}
	return 0;
}

void grid_release(struct grid *g)
{
	for (size_t i = 0; i < g->nr; i++)
		free(g->cfg[i].label);
	free(g->cfg);
	for (size_t i = 0; g->driver && i < g->nr_cc * g->nr_target; i++)
		free(g->driver[i]);
	free(g->driver);
	for (size_t i = 0; i < g->nr_cc; i++) {
		free((char *)g->cc[i].name);
		free(g->cc[i].version);
	}
	free(g->cc);
	free(g->target);
	free(g->tracer);
	strlist_clear(&g->levels);
	strlist_clear(&g->flags);
	memset(g, 0, sizeof(*g));
}

void build_config_push_flags(struct strlist *argv, const struct build_config *c)
{
	strlist_push(argv, c->driver);
	compiler_push_target_flags(argv, c->cc, c->target);
	strlist_push(argv, c->opt);
	strlist_split_blanks(argv, c->flags);
}

int grid_request_one(struct grid_request *rq, const char *spec)
{
	const char *a = strchr(spec, ':'), *b = a ? strchr(a + 1, ':') : NULL;

	if (!a || !b || a == spec || b == a + 1 || !b[1])
		return error("'%s' is not CC:TARGET:OPT", spec);
	strlist_push_nodup(&rq->ccs, xstrndup(spec, a - spec));
	strlist_push_nodup(&rq->targets, xstrndup(a + 1, b - a - 1));
	strlist_push(&rq->levels, b + 1);
	return 0;
}

/* --cflags: one configuration per use, commas and all. */
int grid_opt_cflags(const struct option *opt, const char *arg)
{
	strlist_push(opt->value, arg);
	return 0;
}

void grid_request_release(struct grid_request *rq)
{
	strlist_clear(&rq->ccs);
	strlist_clear(&rq->targets);
	strlist_clear(&rq->levels);
	strlist_clear(&rq->flags);
}
