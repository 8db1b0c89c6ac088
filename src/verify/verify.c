/*
 * rwonce verify: does this compiler keep the single-access promise?
 *
 * Every configuration (compiler x target x optimisation level x flags x
 * backend) is compiled into a static program that runs the probes, traced,
 * and compared with the probes' annotations.  verify-run.c does one
 * configuration; this file turns the command line into configurations,
 * runs them on -j workers, and hands the results to verify-report.c.
 */
#include "verify/verify.h"
#include "verify/dirs.h"
#include "lib/parse-options.h"

#include <fnmatch.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* $(DATADIR) and $(INCLUDEDIR) seen from $(BINDIR) (mk/30-verify.mk). */
#ifndef RWONCE_DATADIR_FROM_BIN
#define RWONCE_DATADIR_FROM_BIN "../share"
#endif
#ifndef RWONCE_INCLUDEDIR_FROM_BIN
#define RWONCE_INCLUDEDIR_FROM_BIN "../include"
#endif

/* The built-in battery, in probes_dir. */
static const char *const builtin_probes[] = { "library.c", "controls.c" };

static const char *const verify_usage[] = {
	"rwonce verify [--cc CC...] [--target NAME...] [--opt LEVELS] [--probes FILE...] [<options>]",
	"rwonce verify --list [--probes FILE...] [--no-builtin]",
	NULL
};

static struct strlist opt_cflags = STRLIST_INIT;

static int add_cflags(const struct option *opt, const char *arg)
{
	(void)opt;
	strlist_push(&opt_cflags, arg);
	return 0;
}

static int file_exists(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name);
	int ok = access(p, R_OK) == 0;

	free(p);
	return ok;
}

/* path without "..", when it exists (paths in messages); frees path. */
static char *canonical(char *path)
{
	char real[PATH_MAX];

	if (!realpath(path, real))
		return path;
	free(path);
	return xstrdup(real);
}

/*
 * Where the battery and the header are: $RWONCE_PROBES_DIR and
 * $RWONCE_INCLUDE_DIR, else the source tree when rwonce runs from its
 * build folder (build/../probes, build/../include), else the installed
 * layout relative to the executable (bin/../share/rwonce/probes,
 * bin/../include: a staged or moved install works).  No absolute path
 * is compiled in: `make install PREFIX=...` rebuilds nothing.
 */
static void find_dirs(struct verify_opts *o)
{
	static const struct {
		const char *probes, *include;
	} layouts[] = {
		{ "../probes", "../include" },          /* build tree */
		{ RWONCE_DATADIR_FROM_BIN "/rwonce/probes",
		  RWONCE_INCLUDEDIR_FROM_BIN },         /* installed */
	};
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	const char *env_p = getenv("RWONCE_PROBES_DIR");
	const char *env_i = getenv("RWONCE_INCLUDE_DIR");
	char *slash;

	/* Where an install would have them, named by the errors if absent. */
	o->probes_dir = RWONCE_DATADIR_FROM_BIN "/rwonce/probes";
	o->include_dir = RWONCE_INCLUDEDIR_FROM_BIN;
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			/* <top>/build/rwonce or <prefix>/bin/rwonce */
			*slash = '\0';
			for (size_t k = 0; k < ARRAY_SIZE(layouts); k++) {
				char *p = xasprintf("%s/%s", exe, layouts[k].probes);
				char *i = xasprintf("%s/%s", exe, layouts[k].include);

				/* The installed layout is the answer when
				 * neither has the files: errors name it. */
				if (k == ARRAY_SIZE(layouts) - 1 ||
				    (file_exists(p, "library.c") &&
				     file_exists(i, "rwonce.h"))) {
					o->probes_dir = canonical(p);
					o->include_dir = canonical(i);
					break;
				}
				free(p);
				free(i);
			}
		}
	}
	if (env_p && *env_p)
		o->probes_dir = env_p;
	if (env_i && *env_i)
		o->include_dir = env_i;
}

void verify_dirs(const char **probes_dir, const char **include_dir)
{
	struct verify_opts o;

	memset(&o, 0, sizeof(o));
	find_dirs(&o);
	*probes_dir = o.probes_dir;
	*include_dir = o.include_dir;
}

struct pool {
	pthread_mutex_t lock;
	size_t next, nr, done;
	int progress;           /* show "[n/N] label" on a terminal */
	const struct config *cfg;
	struct config_result *res;
	const struct probe_set *set;
	const struct verify_opts *opts;
};

static void *worker(void *arg)
{
	struct pool *p = arg;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&p->lock);
		i = p->next++;
		pthread_mutex_unlock(&p->lock);
		if (i >= p->nr)
			return NULL;
		run_config(&p->cfg[i], p->set, p->opts, &p->res[i]);
		if (p->progress) {
			char *label = config_label(&p->cfg[i]);

			pthread_mutex_lock(&p->lock);
			fprintf(stderr, "\r\033[K[%zu/%zu] %s", ++p->done, p->nr, label);
			pthread_mutex_unlock(&p->lock);
			free(label);
		}
	}
}

static void run_all(struct pool *p, int jobs)
{
	pthread_t *th;
	int n = jobs < 1 ? 1 : jobs;

	if ((size_t)n > p->nr)
		n = (int)p->nr;
	if (n <= 1) {
		worker(p);
		return;
	}
	th = xcalloc(n, sizeof(*th));
	for (int i = 0; i < n; i++)
		if (pthread_create(&th[i], NULL, worker, p))
			die("cannot start a worker thread");
	for (int i = 0; i < n; i++)
		pthread_join(th[i], NULL);
	free(th);
}

static void list_probes(const struct probe_set *set)
{
	for (size_t i = 0; i < set->nr; i++) {
		const struct probe *p = &set->p[i];
		struct strbuf sb = STRBUF_INIT;

		probe_format_expect(p, &sb);
		printf("%-28s %-8s %-24s %s:%u%s%s\n", p->name,
		       p->control ? "control" : "library", sb.buf, p->file,
		       p->line, p->about ? "  " : "", p->about ? p->about : "");
		strbuf_release(&sb);
	}
}

static int select_probes(struct probe_set *set, const struct strlist *only)
{
	size_t kept = 0;

	if (!only->nr)
		return 0;
	for (size_t i = 0; i < set->nr; i++) {
		int keep = 0;

		for (size_t j = 0; j < only->nr && !keep; j++)
			keep = !fnmatch(only->items[j], set->p[i].name, 0);
		if (keep) {
			set->p[kept++] = set->p[i];
		} else {
			free(set->p[i].name);
			free(set->p[i].object);
			free(set->p[i].about);
			free(set->p[i].exp);
		}
	}
	set->nr = kept;
	if (!kept)
		return error("--only: no probe matches");
	return 0;
}

int cmd_verify(int argc, const char **argv)
{
	struct strlist ccs = STRLIST_INIT, tnames = STRLIST_INIT;
	struct strlist levels_in = STRLIST_INIT, levels = STRLIST_INIT;
	struct strlist files = STRLIST_INIT, only = STRLIST_INIT;
	const char *tracer_s = NULL, *header = NULL, *backend = "both";
	const char *report = NULL;
	int json = 0, jobs = 0, no_builtin = 0, list = 0, timeout_s = 30;
	int details = 0;
	int no_progress = 0;
	struct verify_opts vo;
	struct probe_set set = PROBE_SET_INIT;
	struct strbuf err = STRBUF_INIT;
	struct compiler *compilers;
	const struct target **tlist;
	struct config *cfg = NULL;
	struct config_result *res;
	size_t nr_cfg = 0, alloc_cfg = 0, nr_groups = 0;
	int ret = EXIT_CLEAN;
	struct option opts[] = {
		OPT_GROUP("What to check"),
		OPT_LIST(0, "cc", &ccs, "CC", "compilers (repeatable; default: cc)"),
		OPT_LIST(0, "target", &tnames, "NAME", "targets: x86_64 i386 aarch64 armhf s390x ppc64le riscv64 mips64el (default: this machine)"),
		OPT_LIST(0, "opt", &levels_in, "LEVELS", "optimisation levels, e.g. 0,2,s (default: 0,1,2,3,s)"),
		OPT_CALLBACK(0, "cflags", NULL, "FLAGS", "extra flags, one configuration per use", add_cflags),
		OPT_STRING(0, "backend", &backend, "WHICH", "library backend: volatile, atomic or both (default)"),
		OPT_LIST(0, "probes", &files, "FILE", "add probe files (.c, .S, .s; see probes/README.md)"),
		OPT_BOOL(0, "no-builtin", &no_builtin, "leave out the built-in battery"),
		OPT_LIST(0, "only", &only, "NAMES", "run only the probes matching these glob patterns"),
		OPT_BOOL(0, "list", &list, "list the probes and their expectations, run nothing"),
		OPT_GROUP("How"),
		OPT_STRING(0, "tracer", &tracer_s, "NAME", "qemu or valgrind (default: qemu, else valgrind)"),
		OPT_INT('j', "jobs", &jobs, "N", "run N configurations at once (default: CPUs)"),
		OPT_INT(0, "timeout", &timeout_s, "SECONDS", "kill a probe program after this long (default 30)"),
		OPT_BOOL(0, "no-progress", &no_progress, "no progress line on a terminal"),
		OPT_GROUP("Output"),
		OPT_BOOL(0, "details", &details, "also print the tables: every probe in every configuration"),
		OPT_STRING(0, "report", &report, "FILE", "also write the report with the tables to FILE"),
		OPT_BOOL(0, "json", &json, "print JSON instead of the report"),
		OPT_STRING(0, "emit-header", &header, "FILE", "write a header that #errors on a build matching no configuration verified ok"),
		OPT_END(),
	};

	argc = parse_options(argc, argv, opts, verify_usage);
	if (argc > 0) {
		error("unexpected argument '%s' (probe files go after --probes)", argv[0]);
		usage_with_options(verify_usage, opts);
	}
	if (timeout_s <= 0 || timeout_s > 3600)
		die("--timeout: %d is not between 1 and 3600 seconds", timeout_s);
	if (jobs <= 0)
		jobs = online_cpus();
	if (strcmp(backend, "both") && strcmp(backend, "volatile") && strcmp(backend, "atomic"))
		die("--backend: '%s' is not volatile, atomic or both", backend);

	memset(&vo, 0, sizeof(vo));
	vo.timeout_ms = (unsigned)timeout_s * 1000;
	vo.want_macros = header != NULL;
	find_dirs(&vo);
	/* Not after minutes of work: an unwritable header is said now. */
	if (header && header_check_writable(header))
		return EXIT_TROUBLE;
	if (report && header_check_writable(report))
		return EXIT_TROUBLE;

	/* Probes first: a bad annotation is found before anything runs. */
	if (!no_builtin)
		for (size_t i = 0; i < ARRAY_SIZE(builtin_probes); i++) {
			char *path = xasprintf("%s/%s", vo.probes_dir, builtin_probes[i]);
			if (probes_parse_file(&set, path, &err))
				die("%s (the built-in probes; set RWONCE_PROBES_DIR?)", err.buf);
			free(path);
		}
	for (size_t i = 0; i < files.nr; i++)
		if (probes_parse_file(&set, files.items[i], &err))
			die("%s", err.buf);
	if (!set.nr)
		die("no probes to run (--no-builtin without --probes)");
	if (select_probes(&set, &only))
		return EXIT_TROUBLE;
	if (list) {
		list_probes(&set);
		probe_set_release(&set);
		return EXIT_CLEAN;
	}

	if (!levels_in.nr)
		strlist_push(&levels_in, "0 1 2 3 s");
	if (compiler_parse_levels(&levels_in, &levels))
		return EXIT_TROUBLE;
	if (!ccs.nr)
		strlist_push(&ccs, "cc");
	if (!opt_cflags.nr)
		strlist_push(&opt_cflags, "");

	tlist = xcalloc(tnames.nr + 1, sizeof(*tlist));
	if (!tnames.nr) {
		tlist[0] = target_native();
		if (!tlist[0])
			die("this machine is not one of the targets rwonce verify knows; name one with --target");
	}
	for (size_t i = 0; i < tnames.nr; i++) {
		tlist[i] = target_find(tnames.items[i]);
		if (!tlist[i]) {
			struct strbuf names = STRBUF_INIT;
			for (size_t k = 0; targets[k]; k++)
				strbuf_addf(&names, "%s%s", k ? " " : "", targets[k]->name);
			die("unsupported target '%s' (known: %s)", tnames.items[i], names.buf);
		}
	}
	size_t nr_t = tnames.nr ? tnames.nr : 1;

	/* Tracer per target, checked before any compiling. */
	enum tracer_kind *tk = xcalloc(nr_t, sizeof(*tk));
	for (size_t i = 0; i < nr_t; i++) {
		struct strbuf why = STRBUF_INIT;

		if (tracer_s && !strcmp(tracer_s, "valgrind"))
			tk[i] = TRACER_VALGRIND;
		else if (!tracer_s || !strcmp(tracer_s, "qemu"))
			tk[i] = TRACER_QEMU;
		else
			die("--tracer: '%s' is not qemu or valgrind", tracer_s);
		if (tracer_available(tk[i], tlist[i], &why)) {
			struct strbuf why2 = STRBUF_INIT;
			if (!tracer_s && tlist[i]->native &&
			    !tracer_available(TRACER_VALGRIND, tlist[i], &why2)) {
				tk[i] = TRACER_VALGRIND;
			} else {
				die("cannot trace %s with %s: %s", tlist[i]->name,
				    tracer_name(tk[i]), why.buf);
			}
			strbuf_release(&why2);
		}
		strbuf_release(&why);
	}

	compilers = xcalloc(ccs.nr, sizeof(*compilers));
	for (size_t i = 0; i < ccs.nr; i++) {
		compilers[i].name = ccs.items[i];
		if (compiler_identify(&compilers[i]))
			return EXIT_TROUBLE;
	}

	/* The configurations, grouped by compiler x target x flags. */
	for (size_t ci = 0; ci < ccs.nr; ci++)
		for (size_t ti = 0; ti < nr_t; ti++) {
			char *drv = compiler_driver(&compilers[ci], tlist[ti]);

			if (!drv)
				return EXIT_TROUBLE;
			for (size_t fi = 0; fi < opt_cflags.nr; fi++, nr_groups++)
				for (size_t li = 0; li < levels.nr; li++)
					for (int a = 0; a < 2; a++) {
						struct config *c;

						if ((a && !strcmp(backend, "volatile")) ||
						    (!a && !strcmp(backend, "atomic")))
							continue;
						/* tcc has no __atomic builtins: the
						 * header refuses that backend. */
						if (a && compilers[ci].family == CC_TCC)
							continue;
						ALLOC_GROW(cfg, nr_cfg + 1, alloc_cfg);
						c = &cfg[nr_cfg++];
						c->cc = &compilers[ci];
						c->target = tlist[ti];
						c->driver = drv;
						c->opt = levels.items[li];
						c->flags = opt_cflags.items[fi];
						c->atomic = a;
						c->tracer = tk[ti];
						c->group = nr_groups;
					}
		}
	if (!nr_cfg)
		die("nothing to run (tcc has no atomic backend)");

	res = xcalloc(nr_cfg, sizeof(*res));
	struct pool pool = { PTHREAD_MUTEX_INITIALIZER, 0, nr_cfg, 0, 0, cfg, res, &set, &vo };
	/* A long run says where it is, on a terminal only. */
	pool.progress = nr_cfg > 1 && want_progress(no_progress);
	run_all(&pool, jobs);
	if (pool.progress)
		fprintf(stderr, "\r\033[K");

	/* Trouble: one message per distinct cause. */
	for (size_t i = 0; i < nr_cfg; i++) {
		size_t same = 0;
		int seen = 0;

		/* Trouble also when only some probe files did not compile. */
		if (!res[i].trouble)
			continue;
		ret = EXIT_TROUBLE;
		for (size_t k = 0; k < i && !seen; k++)
			seen = res[k].trouble &&
			       !strcmp(res[k].trouble, res[i].trouble);
		if (seen)
			continue;
		for (size_t k = i + 1; k < nr_cfg; k++)
			same += res[k].trouble &&
				!strcmp(res[k].trouble, res[i].trouble);
		char *label = config_label(&cfg[i]);
		if (same)
			error("%s (and %zu more configurations): %s", label, same, res[i].trouble);
		else
			error("%s: %s", label, res[i].trouble);
		free(label);
	}
	if (ret != EXIT_TROUBLE)
		for (size_t i = 0; i < nr_cfg; i++)
			if (res[i].state == CONFIG_VIOLATIONS)
				ret = EXIT_FINDINGS;

	if (json)
		report_json(stdout, cfg, nr_cfg, res, &set);
	if ((!json || report) &&
	    report_text(json ? NULL : stdout, cfg, nr_cfg, res, &set,
			want_color(1), details, report))
		ret = EXIT_TROUBLE;
	fflush(stdout);
	if (header && ret != EXIT_TROUBLE && report_header(header, cfg, nr_cfg, res, &set))
		ret = EXIT_TROUBLE;
	else if (header && ret == EXIT_TROUBLE)
		error("not writing %s: some configurations could not be checked", header);

	for (size_t i = 0; i < nr_cfg; i++)
		config_result_release(&res[i], set.nr);
	free(res);
	probe_set_release(&set);
	return ret;
}
