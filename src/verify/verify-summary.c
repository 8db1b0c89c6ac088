/*
 * The opening sentences of rwonce verify's report: what was checked, how
 * often the library kept the promise, and where the raw volatile cast
 * (the controls) broke it.  Said positively and in plain words, because
 * on a first run this is what a reader looks at.
 */
#include "verify/verify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Append word to a "a, b, c" list unless it is already there. */
static void add_once(struct strlist *l, const char *word)
{
	for (size_t i = 0; i < l->nr; i++)
		if (!strcmp(l->items[i], word))
			return;
	strlist_push(l, word);
}

static void print_list(FILE *f, const struct strlist *l, const char *sep)
{
	for (size_t i = 0; i < l->nr; i++)
		fprintf(f, "%s%s", i ? sep : "", l->items[i]);
}

static void print_checked(FILE *f, const struct build_config *c, size_t nr,
			  const struct probe_set *set)
{
	struct strlist ccs = STRLIST_INIT, targets = STRLIST_INIT;
	struct strlist opts = STRLIST_INIT, flags = STRLIST_INIT;
	size_t lib = 0, ctl = 0;
	int volatile_be = 0, atomic_be = 0;

	for (size_t k = 0; k < nr; k++) {
		static const char *const family[] = { "gcc", "clang", "tcc" };
		const char *fam = family[c[k].cc->family];
		/* "cc (gcc 12.2.0)", "clang-16 16.0.6" */
		char *who = strstr(c[k].cc->name, fam) ?
			xasprintf("%s %s", c[k].cc->name, c[k].cc->version) :
			xasprintf("%s (%s %s)", c[k].cc->name, fam, c[k].cc->version);

		add_once(&ccs, who);
		free(who);
		add_once(&targets, c[k].target->name);
		add_once(&opts, c[k].opt);
		if (*c[k].flags)
			add_once(&flags, c[k].flags);
		atomic_be |= c[k].variant == BACKEND_ATOMIC;
		volatile_be |= c[k].variant != BACKEND_ATOMIC;
	}
	for (size_t i = 0; i < set->nr; i++)
		set->p[i].control ? ctl++ : lib++;
	fprintf(f, "Checked %zu configuration%s: ", nr, nr == 1 ? "" : "s");
	print_list(f, &ccs, " and ");
	fputs(" on ", f);
	print_list(f, &targets, ", ");
	fputs(" at ", f);
	print_list(f, &opts, " ");
	if (flags.nr) {
		fputs(" with ", f);
		print_list(f, &flags, "; ");
	}
	fprintf(f, ", %s; %zu library probe%s", volatile_be && atomic_be ?
		"both library backends" : atomic_be ? "the atomic backend" :
		"the volatile backend", lib, lib == 1 ? "" : "s");
	if (ctl)
		fprintf(f, " and %zu raw-cast control%s", ctl, ctl == 1 ? "" : "s");
	fputs(".\n", f);
	strlist_clear(&ccs);
	strlist_clear(&targets);
	strlist_clear(&opts);
	strlist_clear(&flags);
}

/* One line per compiler x target x flags whose controls broke: where. */
static void print_broken_controls(FILE *f, const struct build_config *c, size_t nr,
				  const struct config_result *r,
				  const struct probe_set *set)
{
	for (size_t from = 0; from < nr; ) {
		/* names[j] broke it as verdicts[j] says */
		struct strlist opts = STRLIST_INIT, names = STRLIST_INIT;
		struct strlist verdicts = STRLIST_INIT, kinds = STRLIST_INIT;
		size_t to = from;

		for (; to < nr && c[to].group == c[from].group; to++) {
			if (r[to].state == CONFIG_TROUBLE)
				continue;
			for (size_t i = 0; i < set->nr; i++) {
				const struct probe_result *pr = &r[to].probes[i];
				const char *v = verdict_headline(pr->verdict);
				size_t j;

				if (!set->p[i].control || !pr->ran || !pr->verdict)
					continue;
				add_once(&opts, c[to].opt);
				add_once(&kinds, v);
				for (j = 0; j < names.nr; j++)
					if (!strcmp(names.items[j], set->p[i].name) &&
					    !strcmp(verdicts.items[j], v))
						break;
				if (j == names.nr) {
					strlist_push(&names, set->p[i].name);
					strlist_push(&verdicts, v);
				}
			}
		}
		if (opts.nr) {
			fprintf(f, "  %s on %s%s%s at ", c[from].cc->name,
				c[from].target->name, *c[from].flags ? " with " : "",
				c[from].flags);
			print_list(f, &opts, " ");
			fputs(":\n", f);
			for (size_t v = 0; v < kinds.nr; v++) {
				const char *sep = "";

				fprintf(f, "    %s:", kinds.items[v]);
				for (size_t j = 0; j < names.nr; j++)
					if (!strcmp(verdicts.items[j], kinds.items[v])) {
						fprintf(f, "%s %s", sep, names.items[j]);
						sep = ",";
					}
				fputs("\n", f);
			}
		}
		strlist_clear(&opts);
		strlist_clear(&names);
		strlist_clear(&verdicts);
		strlist_clear(&kinds);
		from = to;
	}
}

int verify_config_unchecked(const struct config_result *r,
			    const struct probe_set *set)
{
	if (r->state == CONFIG_TROUBLE)
		return 0; /* not checked either, but said as trouble */
	for (size_t i = 0; i < set->nr; i++) {
		const struct probe_result *pr = &r->probes[i];

		if (pr->ran && (!pr->verdict || (pr->verdict & ~V_UNOBSERVABLE)))
			return 0;
	}
	return 1;
}

size_t verify_nr_checked(const struct config_result *r, size_t nr,
			 const struct probe_set *set)
{
	size_t n = 0;

	for (size_t k = 0; k < nr; k++)
		n += r[k].state != CONFIG_TROUBLE &&
			!verify_config_unchecked(&r[k], set);
	return n;
}

void verify_summary(FILE *f, const struct build_config *c, size_t nr,
		    const struct config_result *r, const struct probe_set *set)
{
	size_t lib_ok = 0, lib_bad = 0, lib_unobs = 0, ctl_bad = 0, ctl_run = 0;
	size_t trouble = 0, partial = 0, unchecked = 0, lib_run;

	for (size_t k = 0; k < nr; k++) {
		if (r[k].state == CONFIG_TROUBLE) {
			trouble++;
			continue;
		}
		partial += r[k].trouble != NULL;
		for (size_t i = 0; i < set->nr; i++) {
			const struct probe_result *pr = &r[k].probes[i];

			if (!pr->ran)
				continue;
			if (set->p[i].control) {
				ctl_run++;
				ctl_bad += pr->verdict != 0;
			} else if (!pr->verdict) {
				lib_ok++;
			} else if (!(pr->verdict & ~V_UNOBSERVABLE)) {
				lib_unobs++;
			} else {
				lib_bad++;
			}
		}
	}
	lib_run = lib_ok + lib_bad + lib_unobs;
	print_checked(f, c, nr, set);
	if (lib_run == 1 && lib_ok == 1)
		fprintf(f, "The library kept the promise in the one probe run.\n");
	else if (lib_run && lib_ok == lib_run)
		fprintf(f, "The library kept the promise in all %zu probe runs.\n", lib_run);
	else if (lib_run && !lib_bad && !lib_ok)
		fprintf(f, "The tracer could not see the library's accesses in "
			"any of the %zu probe run%s (unobservable, not a "
			"violation).\n", lib_run, lib_run == 1 ? "" : "s");
	else if (lib_run && !lib_bad)
		fprintf(f, "The library kept the promise in %zu of %zu probe runs; "
			"the tracer could not see the other %zu (unobservable, "
			"not a violation).\n", lib_ok, lib_run, lib_unobs);
	else if (lib_run)
		fprintf(f, "The library BROKE the promise in %zu of %zu probe runs "
			"(listed below); it kept it in %zu%s.\n", lib_bad, lib_run,
			lib_ok, lib_unobs ? ", the rest were unobservable" : "");
	if (ctl_run && !ctl_bad)
		fprintf(f, "The raw volatile cast (the controls) also kept it in "
			"all %zu runs here.\n", ctl_run);
	else if (ctl_run) {
		fprintf(f, "The raw volatile cast (the controls) kept it in %zu "
			"of %zu runs and broke it in %zu:\n", ctl_run - ctl_bad,
			ctl_run, ctl_bad);
		print_broken_controls(f, c, nr, r, set);
	}
	if (trouble)
		fprintf(f, "%zu configuration%s could not be checked (the "
			"errors say why).\n", trouble, trouble == 1 ? "" : "s");
	for (size_t k = 0; k < nr; k++) {
		if (!verify_config_unchecked(&r[k], set))
			continue;
		if (!unchecked++)
			fputs("Not checked (the tracer could not see any access of "
			      "any probe there, so nothing was checked):", f);
		fprintf(f, " %s", c[k].label);
	}
	if (unchecked)
		fputs(".\n", f);
	if (partial)
		fprintf(f, "%zu configuration%s checked in part: some probe "
			"files did not compile (NOCC; the errors say which).\n",
			partial, partial == 1 ? " was" : "s were");
}
