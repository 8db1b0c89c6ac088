/*
 * rwonce audit: find once-access hazards in C trees with the lexical
 * engine (no build configuration).  See doc/rwonce-audit.1.
 */
#define _GNU_SOURCE /* memmem */
#include "commands.h"
#include "audit/clang-load.h"
#include "findings/finding.h"
#include "cfront/lexer.h"
#include "findings/output.h"
#include "findings/report.h"
#include "audit/rules-lexical.h"
#include "cfront/once-discover.h"
#include "cfront/suppress.h"
#include "rewrite/macro-roles.h"
#include "cfront/tokscan.h"
#include "cfront/treetypes.h"
#include "cfront/walk.h"
#include "lib/json.h"
#include "lib/memfind.h"
#include "lib/parse-options.h"
#include "lib/messages.h"
#include "lib/util.h"
#include "lib/utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const audit_usage[] = {
	"rwonce audit [<options>] [<path>...]      (no path: the current folder)",
	NULL,
};

struct audit_ctx {
	struct lexical_options lex;
	size_t discovered;      /* once-macros found in the tree */
	struct strbuf json;     /* extra JSON members of the report */
	struct strbuf summary;  /* extra lines of the summary */
	size_t max_size;
	struct finding_list all;
	size_t findings; /* running count for the progress line */
	size_t too_large;
	size_t sites;          /* once-access sites looked at (atomic) */
	size_t volatile_files; /* files read that say "volatile" (atomic) */
	struct strlist marked; /* files with rwonce-ignore markers, whose
				  unused suppressions triage notes */
	int named_unchecked; /* a file named on the command line skipped */
	/* What the run knows -- the once-macros it discovers, the headers
	 * it types operands from -- comes from the tree's root when there is
	 * one (walk_tree_root()), else from the paths walked. */
	char *root;
	struct strlist known_list; /* the paths, then the headers they see */
	const char *const *known;
	size_t nknown;
	/* the headers the pre-pass read, sketched for the tree type index
	 * from its buffers (lexical engine; handed to it) */
	struct tree_sketches *sketches;
};

struct audit_worker {
	struct token_list tokens;
	struct finding_list findings;
	struct strlist marked;  /* files with rwonce-ignore markers */
};

static void *audit_worker_init(void *ctx)
{
	(void)ctx;
	return xcalloc(1, sizeof(struct audit_worker));
}

static void audit_worker_done(void *worker, void *ctxp)
{
	struct audit_worker *w = worker;
	struct audit_ctx *ctx = ctxp;

	/* Move the worker's findings to the whole list (main thread). */
	for (size_t i = 0; i < w->findings.nr; i++) {
		ALLOC_GROW(ctx->all.items, ctx->all.nr + 1, ctx->all.alloc);
		ctx->all.items[ctx->all.nr++] = w->findings.items[i];
	}
	free(w->findings.items);
	for (size_t i = 0; i < w->marked.nr; i++)
		strlist_push(&ctx->marked, w->marked.items[i]);
	strlist_clear(&w->marked);
	token_list_release(&w->tokens);
	free(w);
}

/* Tell the user about bytes that are not C, once per file. */
static void note_odd_bytes(const char *path, const char *buf,
			   const struct token_list *l)
{
	const struct token *nul = NULL, *bad = NULL, *cmt = NULL, *lit = NULL;
	size_t nnul = 0, nbad = 0, nlit = 0;

	for (size_t i = 0; i + 1 < l->nr; i++) {
		const struct token *t = &l->tok[i];

		/* "#error don't" is fine: only literals in code count */
		if ((t->kind == TOK_STRING || t->kind == TOK_CHAR) &&
		    (t->flags & TF_UNTERMINATED) && !(t->flags & TF_DIRECTIVE)) {
			nlit++;
			if (!lit)
				lit = t;
		}
		if (t->kind != TOK_OTHER)
			continue;
		if (t->flags & TF_UNTERMINATED) {
			cmt = t;
		} else if (memchr(buf + t->off, '\0', t->len)) {
			nnul++;
			if (!nul)
				nul = t;
		} else if ((unsigned char)buf[t->off] >= 0x80) {
			nbad++;
			if (!bad)
				bad = t;
		}
	}
	if (nul)
		walk_warning("%s:%u:%u: NUL byte%s in the code (%zu place%s); "
			     "treated as unknown tokens", path, nul->line,
			     nul->col, nnul > 1 ? "s" : "", nnul,
			     nnul > 1 ? "s" : "");
	if (bad)
		walk_warning("%s:%u:%u: invalid UTF-8 in the code (%zu place%s); "
			     "treated as unknown tokens", path, bad->line,
			     bad->col, nbad, nbad > 1 ? "s" : "");
	if (lit)
		walk_warning("%s:%u:%u: unterminated %s literal (%zu in the file); "
			     "it ends at the end of its line", path, lit->line,
			     lit->col, lit->kind == TOK_STRING ? "string" :
			     "character", nlit);
	if (cmt)
		walk_warning("%s:%u:%u: unterminated comment: the rest of the "
			     "file is not checked", path, cmt->line, cmt->col);
}

static void audit_one(const struct walk_file *f, void *worker, void *ctxp)
{
	struct audit_worker *w = worker;
	struct audit_ctx *ctx = ctxp;
	size_t before = w->findings.nr, sites;
	int spliced;
	/* searched once: the count, and the rules' filter */
	int says_volatile = mem_find(f->buf, f->len, "volatile", 8) != NULL;

	if (says_volatile)
		__atomic_fetch_add(&ctx->volatile_files, 1, __ATOMIC_RELAXED);
	/* before the rules' own filter: a suppression whose finding was
	 * fixed is in a file with nothing left to check */
	if (suppressions_present(f->buf, f->len))
		strlist_push(&w->marked, f->path);
	/* the filter looks for words in the bytes: a word cut by a line
	 * splice is in none of them, but is a token all the same */
	if (!lexical_wants_file(&ctx->lex, says_volatile, f->buf, f->len) &&
	    !lex_word_spliced(f->buf, f->len))
		return;
	if (f->len > ctx->max_size) {
		/* in the option's unit: the bytes of a 100 MB file say
		 * little next to "--max-size=64" */
		char why[128];

		snprintf(why, sizeof(why), "%.1f MiB, larger than "
			 "--max-size=%zu (MiB); %s",
			 (double)f->len / (1 << 20), ctx->max_size >> 20,
			 f->named ? "not checked" : "skipped");
		/* named: it was asked for, so it is trouble */
		messages_unchecked(f->named ? MESSAGE_ERROR : MESSAGE_WARNING,
				   f->path, why);
		if (f->named) {
			walk_error("%s: %s", f->path, why);
			__atomic_store_n(&ctx->named_unchecked, 1,
					 __ATOMIC_RELAXED);
		} else {
			walk_warning("%s: %s", f->path, why);
		}
		__atomic_fetch_add(&ctx->too_large, 1, __ATOMIC_RELAXED);
		return;
	}
	spliced = lex_buffer(f->buf, f->len, &w->tokens);
	if (w->tokens.odd) /* else no token is one it notes */
		note_odd_bytes(f->path, f->buf, &w->tokens);
	tok_match_cache(f->buf, &w->tokens); /* linear on deep nesting */
	sites = lexical_audit_file(&ctx->lex, f->path, f->buf, &w->tokens,
				   says_volatile || spliced, &w->findings);
	tok_match_cache_drop();
	__atomic_fetch_add(&ctx->sites, sites, __ATOMIC_RELAXED);
	__atomic_fetch_add(&ctx->findings, w->findings.nr - before,
			   __ATOMIC_RELAXED);
	token_list_clear(&w->tokens);
}

static void audit_progress(struct strbuf *sb, void *ctxp)
{
	struct audit_ctx *ctx = ctxp;
	size_t n = __atomic_load_n(&ctx->findings, __ATOMIC_RELAXED);

	strbuf_addf(sb, ", %zu finding%s", n, n == 1 ? "" : "s");
}

/*
 * --enable and --disable in the order given, "+rule" or "-rule", so that
 * the last one naming a rule decides: the command line's come after the
 * config file's (lib/config.h) and override them.
 */
static struct strlist rule_switches = STRLIST_INIT;

static int parse_opt_rule(const struct option *opt, const char *arg)
{
	int on = !strcmp(opt->long_name, "enable");
	struct strlist names = STRLIST_INIT;
	int r = 0;

	strlist_split_blanks(&names, arg);
	for (size_t i = 0; i < names.nr && !r; i++) {
		char *p = names.items[i], *comma;

		/* "a,b" like the other list options */
		for (; p; p = comma ? comma + 1 : NULL) {
			comma = strchr(p, ',');
			if (comma)
				*comma = '\0';
			if (!*p)
				continue;
			if (rule_lookup(p) < 0 && (!on || strcmp(p, "all"))) {
				r = error("--%s: unknown rule '%s'",
					  opt->long_name, p);
				break;
			}
			strlist_push_nodup(&rule_switches,
					   xasprintf("%c%s", on ? '+' : '-', p));
		}
	}
	strlist_clear(&names);
	return r;
}

static void set_rules(struct lexical_options *lex)
{
	for (size_t i = 0; i < rule_switches.nr; i++) {
		const char *name = rule_switches.items[i] + 1;
		int on = rule_switches.items[i][0] == '+';

		if (!strcmp(name, "all")) {
			for (int k = 0; k < RULE__COUNT; k++)
				lex->enabled[k] = 1;
			continue;
		}
		lex->enabled[rule_lookup(name)] = on;
	}
}

static void list_rules(struct lexical_options *lex)
{
	for (int r = 0; r < RULE__COUNT; r++)
		printf("%-24s %-3s %-7s %s%s\n", rules[r].name,
		       r < (int)ARRAY_SIZE(lex->enabled) && lex->enabled[r] ?
		       "on" : "off", level_name(rules[r].level),
		       rules[r].summary,
		       rules[r].fixable ? " (fixable)" : "");
}

/*
 * The tree's own once-macros (cfront/once-discover.h), found over the
 * paths the run checks; a line on stderr says which, unless -q.  JSON
 * carries them in "once_macros".
 */
static void discover_macros(struct audit_ctx *ctx, const char *const *paths,
			    size_t npaths, const struct walk_options *wo,
			    int discover)
{
	struct strbuf names = STRBUF_INIT;
	size_t shown = 0;

	/* the same pass as fix's: the tree's once-macros, and the uses of
	 * macros whose body is an access (rewrite/macro-roles.h), so that
	 * "fixable" is fix's decision there too */
	ctx->discovered = rewrite_prepass(paths, npaths, wo, discover,
					  &ctx->lex.macros, &ctx->lex.fix,
					  &ctx->lex.fix_roles,
					  ctx->lex.fix_edges, NULL);
	if (!discover)
		return;
	strbuf_addstr(&ctx->json, "\"once_macros\": [");
	for (size_t i = 0; i < ctx->lex.macros.nr; i++) {
		const struct once_macro *m = &ctx->lex.macros.items[i];

		if (!m->def_path)
			continue;
		if (shown++ < 6) { /* a file name: its control characters shown */
			strbuf_addf(&names, "%s%s (", shown > 1 ? ", " : "",
				    m->name);
			strbuf_add_visible(&names, m->def_path,
					   strlen(m->def_path), 0);
			strbuf_addf(&names, ":%u)", m->def_line);
		}
		strbuf_addf(&ctx->json, "%s{\"name\": ", shown > 1 ? ", " : "");
		json_add_string(&ctx->json, m->name);
		strbuf_addf(&ctx->json, ", \"kind\": \"%s\", \"volatile_cast\": %s, "
			    "\"discovered\": %s",
			    once_macro_kind_name(m->kind),
			    m->flags & OMF_VOLATILE_CAST ? "true" : "false",
			    m->flags & OMF_DISCOVERED ? "true" : "false");
		/* "path_bytes" too when the name is not UTF-8 */
		json_add_path(&ctx->json, "path", m->def_path, 0);
		strbuf_addf(&ctx->json, ", \"line\": %u", m->def_line);
		if (m->kinds_disagree) {
			strbuf_addstr(&ctx->json, ", \"definitions_disagree\": ");
			json_add_string(&ctx->json, m->kinds_disagree);
		}
		strbuf_addch(&ctx->json, '}');
	}
	strbuf_addch(&ctx->json, ']');
	if (shown)
		strbuf_addf(&ctx->summary, "rwonce audit: %zu once-macro%s of the "
			    "tree: %s%s\n", shown, shown == 1 ? "" : "s",
			    names.buf, shown > 6 ? ", ..." : "");
	strbuf_release(&names);
}

/*
 * --engine: "lexical" (the default), "clang" (needs -p DIR), or "auto":
 * clang when -p is given or ./compile_commands.json exists and this build
 * has libclang, lexical otherwise.  Returns 1 for clang, 0 for lexical,
 * -1 after error().
 */
static int choose_engine(const char *engine, const char **build_dir)
{
	struct strbuf why = STRBUF_INIT;
	int r;

	/* The engine is loaded only when it may be used. */
	if (!strcmp(engine, "lexical"))
		r = 0;
	else if (!strcmp(engine, "clang"))
		r = clang_load_available(&why) ? 1 :
			error("--engine=clang: %s", strbuf_str(&why));
	else if (!strcmp(engine, "auto")) {
		if (!*build_dir && !access("compile_commands.json", R_OK))
			*build_dir = ".";
		r = *build_dir && clang_load_available(&why);
	} else
		r = error("--engine: unknown engine '%s' (lexical, clang or "
			  "auto)", engine);
	strbuf_release(&why);
	return r;
}

/* The libclang engine over the units of build_dir, findings in *all;
 * returns non-zero on trouble (no database, units that failed). */
static int audit_with_clang(const char *build_dir, int jobs, int argc,
			    const char **argv,
			    const struct strlist *excludes, int progress,
			    const struct lexical_options *lex,
			    struct finding_list *all, size_t *units,
			    size_t *sites, struct strlist *unit_files)
{
	struct clang_engine_options o = CLANG_ENGINE_OPTIONS_INIT;
	struct clang_engine_stats st = { 0, 0, 0, 0 };
	struct strlist paths = STRLIST_INIT;
	struct finding_list found = FINDING_LIST_INIT;
	int rc;

	for (int i = 0; i < argc; i++)
		strlist_push(&paths, argv[i]);
	o.build_dir = build_dir;
	o.jobs = jobs;
	o.paths = &paths;
	o.macros = &lex->macros;
	o.excludes = excludes;
	o.progress = progress;
	o.unit_files = unit_files;
	rc = clang_load_run(&o, &found, &st);
	for (size_t i = 0; i < found.nr; i++) /* --enable/--disable */
		if (lex->enabled[found.items[i].rule])
			finding_list_add(all, &found.items[i]);
	finding_list_release(&found);
	strlist_clear(&paths);
	*units = st.units;
	*sites = st.sites;
	return rc != 0;
}

/* Run only the double-fetch rule of the lexical engine over files. */
static int double_fetch_over(struct audit_ctx *ctx, const char *const *files,
			     size_t nr, int jobs, const struct strlist *excludes)
{
	int saved[RULE__COUNT], r;
	struct walk_options wo;
	struct walk_stats st;

	memcpy(saved, ctx->lex.enabled, sizeof(saved));
	for (int i = 0; i < RULE__COUNT; i++)
		ctx->lex.enabled[i] = i == RULE_DOUBLE_FETCH;
	memset(&wo, 0, sizeof(wo));
	wo.excludes = excludes;
	wo.jobs = jobs;
	wo.what = "audit";
	wo.fn = audit_one;
	wo.worker_init = audit_worker_init;
	wo.worker_done = audit_worker_done;
	wo.ctx = ctx;
	r = walk_paths(files, nr, &wo, &st);
	memcpy(ctx->lex.enabled, saved, sizeof(saved));
	return r < 0 || ctx->named_unchecked;
}

/* What the command line asked for. */
struct audit_args {
	struct strlist excludes, macros, report_only;
	const char *preset, *engine, *build_dir;
	struct findings_output out;
	struct config_use config; /* --config, --no-config, the file read */
	int no_discover, jobs, follow, no_progress, show_rules, max_mib;
	int allow_empty;          /* --allow-empty */
	int argc;                 /* the paths named (0: the current folder) */
	const char **argv;
	const char *const *paths; /* the paths to walk */
	size_t npaths;
	int use_clang;            /* the engine chosen by audit_plan() */
};

static void audit_parse(int argc, const char **argv, struct audit_args *a)
{
	static const char *dot[] = { ".", NULL };
	struct option opts[] = {
		OPT_LIST(0, "exclude", &a->excludes, "GLOB",
			 "skip paths or names matching GLOB (repeatable)"),
		OPT_ONCE_MACROS(&a->macros, &a->no_discover),
		OPT_STRING(0, "preset", &a->preset, "NAME",
			   "the once-macros of a known codebase: linux (its "
			   "READ_ONCE/WRITE_ONCE are volatile casts, as with "
			   "--macro READ_ONCE=volatile-cast ...)"),
		OPT_CALLBACK(0, "enable", NULL, "RULE",
			     "turn on a rule (e.g. double-fetch), or 'all' "
			     "(the last --enable or --disable of a rule "
			     "decides)", parse_opt_rule),
		OPT_CALLBACK(0, "disable", NULL, "RULE", "turn off a rule",
			     parse_opt_rule),
		OPT_LIST(0, "report-only", &a->report_only, "PATH",
			 "report only the findings in PATH, a file or folder "
			 "(repeatable): it limits the output, not what the run "
			 "reads to know types and once-macros"),
		OPT_BOOL(0, "list-rules", &a->show_rules,
			 "print the rules and whether they are on"),
		OPT_JOBS(&a->jobs, "files", "the number of cores"),
		OPT_BOOL('L', "follow", &a->follow,
			 "follow symbolic links inside directories"),
		OPT_INT(0, "max-size", &a->max_mib, "MIB",
			"skip files larger than MIB MiB that need lexing (64)"),
		OPT_NO_PROGRESS(&a->no_progress),
		OPT_STRING(0, "engine", &a->engine, "ENGINE",
			   "lexical (default), clang (libclang, needs -p) or "
			   "auto (clang when a compilation database is there)"),
		OPT_STRING('p', NULL, &a->build_dir, "DIR",
			   "clang engine: DIR/compile_commands.json"),
		OPT_CONFIG(&a->config),
		OPT_BOOL(0, "allow-empty", &a->allow_empty,
			 "exit by the findings even when the files hold no "
			 "once-access site (a run that read no file still "
			 "exits 2)"),
		OPT_FINDINGS_OUTPUT(&a->out, "also list the findings suppressed "
				    "by rwonce-ignore comments and those in "
				    "the baseline"),
		OPT_EXIT_STATUS("0 no findings; 1 findings at or above "
				"--fail-on's level (not counting the "
				"suppressed ones and those in the "
				"baseline); 2 trouble: a path could not be "
				"read or checked, nothing was checked (no C "
				"file read, or no once-access site in them "
				"unless --allow-empty), a bad option or "
				"baseline."),
		OPT_END(),
	};

	a->argc = parse_options(argc, argv, opts, audit_usage);
	a->argv = argv;
	if (a->argc > 0) {
		a->paths = argv;
		a->npaths = (size_t)a->argc;
	} else {
		a->paths = dot;
		a->npaths = 1;
	}
}

/*
 * The plan: the rules, the once-macro table (--preset, --macro), the
 * limits and the engine.  Returns -1 after error().
 */
static int audit_plan(struct audit_ctx *ctx, struct audit_args *a)
{
	lexical_options_init(&ctx->lex);
	/* The clang engine's own rules: on unless --disable'd. */
	ctx->lex.enabled[RULE_ONCE_SIZE] = 1;
	ctx->lex.enabled[RULE_VOLATILE_AGGREGATE] = 1;
	/* --preset first, so that a --macro of the same name still decides */
	if (a->preset && once_macros_add_preset(&ctx->lex.macros, a->preset))
		return -1;
	for (size_t i = 0; i < a->macros.nr; i++)
		if (once_macros_add_spec(&ctx->lex.macros, a->macros.items[i]))
			return -1;
	set_rules(&ctx->lex);
	if (a->show_rules)
		return 0;
	if (findings_output_check(&a->out, "audit"))
		return -1;
	if (a->max_mib <= 0)
		return error("--max-size must be positive");
	ctx->max_size = (size_t)a->max_mib << 20;
	if (a->build_dir && !strcmp(a->engine, "lexical"))
		a->engine = "clang"; /* -p names a compilation database */
	a->use_clang = choose_engine(a->engine, &a->build_dir);
	return a->use_clang < 0 ? -1 : 0;
}

static void audit_walk_options(struct walk_options *wo,
			       const struct audit_args *a)
{
	memset(wo, 0, sizeof(*wo));
	wo->excludes = &a->excludes;
	wo->jobs = a->jobs;
	wo->follow_symlinks = a->follow;
}

/* The clang engine over the database's units, then double-fetch over the
 * same units; *files: what the summary counts.  Returns non-zero on
 * trouble. */
static int audit_run_clang(struct audit_ctx *ctx, const struct audit_args *a,
			   size_t *files)
{
	struct strlist unit_files = STRLIST_INIT;
	size_t units = 0;
	int trouble;

	trouble = audit_with_clang(a->build_dir, a->jobs, a->argc, a->argv,
				   &a->excludes,
				   !a->no_progress && !a->out.quiet,
				   &ctx->lex, &ctx->all, &units, &ctx->sites,
				   &unit_files);
	/*
	 * double-fetch is a question of one function's text, not of
	 * types: the clang engine answers it with the lexical rule,
	 * over exactly the units it parsed.
	 */
	if (ctx->lex.enabled[RULE_DOUBLE_FETCH] && unit_files.nr &&
	    double_fetch_over(ctx, (const char *const *)unit_files.items,
			      unit_files.nr, a->jobs, &a->excludes))
		trouble = 1;
	strlist_clear(&unit_files);
	/* The summary counts files: the units, and headers with findings
	 * beyond them. */
	*files = units;
	finding_list_sort_unique(&ctx->all);
	for (size_t i = 0, n = 0; i < ctx->all.nr; i++)
		if ((!i || strcmp(ctx->all.items[i].path,
				  ctx->all.items[i - 1].path)) &&
		    ++n > *files)
			*files = n;
	return trouble;
}

/* The lexical engine over the tree; *files: the files read. */
static int audit_run_lexical(struct audit_ctx *ctx, const struct audit_args *a,
			     size_t *files)
{
	struct walk_options wo;
	struct walk_stats st;
	int trouble;

	audit_walk_options(&wo, a);
	wo.progress = !a->no_progress && !a->out.quiet;
	wo.what = "audit";
	wo.fn = audit_one;
	wo.worker_init = audit_worker_init;
	wo.worker_done = audit_worker_done;
	wo.progress_extra = audit_progress;
	wo.ctx = ctx;
	/* Built only when an operand needs it (rules-lexical.c), over the
	 * whole tree: a file gets the types a whole-tree run gives it. */
	if (ctx->root)
		lexical_set_tree(&ctx->lex, (const char *const *)&ctx->root, 1,
				 ctx->sketches);
	else
		lexical_set_tree(&ctx->lex, a->paths, a->npaths,
				 ctx->sketches);
	ctx->sketches = NULL;
	memset(&st, 0, sizeof(st));
	trouble = walk_paths(a->paths, a->npaths, &wo, &st) < 0 ||
		  ctx->named_unchecked;
	*files = st.files;
	return trouble;
}

/*
 * Nothing checked is not clean: a run that read no C file, or found no
 * once-access site in the files it read (unless --allow-empty), says so
 * -- naming what it did not find -- and is trouble.  A wrong path in CI
 * must not pass green.  Returns 1 for trouble.
 */
static int audit_checked_nothing(const struct audit_ctx *ctx,
				 const struct audit_args *a, size_t files)
{
	if (!files) {
		error("nothing checked: no C file in %s%s (a folder is searched "
		      "for *.c and *.h; binary files are skipped)",
		      a->argc > 1 ? "the paths given" : a->paths[0],
		      a->use_clang ? " or in the compilation database" : "");
		return 1;
	}
	/* a finding is something checked: the double-fetch rule reads
	 * volatile objects, which are no sites (nginx's ngx_atomic_t, a
	 * volatile typedef, with no once-macro and no cast) */
	if (ctx->sites || ctx->findings || a->allow_empty)
		return 0;
	if (a->use_clang)
		error("nothing checked: no volatile access in the %zu unit%s "
		      "parsed, and no once-macro or once-accessor of the "
		      "project was found: name the project's with --macro "
		      "NAME=KIND, or --allow-empty if there is nothing to "
		      "check", files, files == 1 ? "" : "s");
	else
		error("nothing checked: no once-access site (a call of a "
		      "once-macro, a volatile cast) in the %zu file%s read; "
		      "%zu of them say volatile, and no once-macro or "
		      "once-accessor of the project was found (%zu "
		      "discovered%s): name the project's with --macro "
		      "NAME=KIND, or --allow-empty if there is nothing to "
		      "check", files, files == 1 ? "" : "s",
		      ctx->volatile_files, ctx->discovered,
		      a->no_discover ? ", --no-discover" : "");
	return 1;
}

/*
 * Where the run's knowledge comes from, so that a file or folder gets the
 * findings a whole-tree run gives it: the tree's top (--srcroot, else the
 * folder above the paths that holds .git).  Once-macros are discovered
 * in the paths and the headers of the tree their files include; types
 * come from every header of the tree, indexed only when an operand needs
 * it.  Without a top, the paths alone.
 */
static void know_tree(struct audit_ctx *ctx, const struct audit_args *a)
{
	ctx->root = walk_tree_root(a->paths, a->npaths, a->out.srcroot);
	for (size_t i = 0; i < a->npaths; i++)
		strlist_push(&ctx->known_list, a->paths[i]);
	/* the headers the walked files include, through the whole tree:
	 * not the whole tree itself, which would cost a subtree run what a
	 * whole-tree run costs */
	if (ctx->root)
		walk_include_closure(ctx->root, a->paths, a->npaths,
				     &ctx->known_list);
	ctx->known = (const char *const *)ctx->known_list.items;
	ctx->nknown = ctx->known_list.nr;
}

static void sketch_header_of(const struct walk_file *f, void *sketches)
{
	tree_sketches_add(sketches, f->path, f->buf, f->len);
}

/*
 * The run: what the tree knows (its top, the headers its files include,
 * its own once-macros), then the engine audit_plan() chose over the
 * paths; *files: what the summary counts.  Non-zero on trouble.
 */
static int audit_run(struct audit_ctx *ctx, const struct audit_args *a,
		     size_t *files)
{
	struct walk_options wo;

	audit_walk_options(&wo, a);
	know_tree(ctx, a);
	if (!a->use_clang) {
		/* the pre-pass reads every header the tree type index
		 * sketches, when an operand needs it: from its buffers */
		ctx->sketches = tree_sketches_new();
		wo.also = sketch_header_of;
		wo.also_ctx = ctx->sketches;
	}
	if (!a->no_discover || !a->use_clang)
		discover_macros(ctx, ctx->known, ctx->nknown, &wo,
				!a->no_discover);
	return a->use_clang ? audit_run_clang(ctx, a, files) :
		audit_run_lexical(ctx, a, files);
}

/* "./a/b/" -> "a/b": a path as findings spell it, for comparing. */
static const char *skip_dot_slash(const char *p)
{
	while (p[0] == '.' && p[1] == '/')
		for (p += 2; *p == '/'; p++)
			;
	return p;
}

static int under(const char *dir, const char *path)
{
	size_t n;

	dir = skip_dot_slash(dir);
	path = skip_dot_slash(path);
	n = strlen(dir);
	while (n && dir[n - 1] == '/')
		n--;
	if (!n || (n == 1 && dir[0] == '.'))
		return 1;
	return !strncmp(dir, path, n) && (!path[n] || path[n] == '/');
}

/* --report-only: drop the findings outside every PATH named. */
static void report_only(struct finding_list *all, const struct strlist *only)
{
	char *keep;

	if (!only->nr || !all->nr)
		return;
	keep = xcalloc(all->nr, 1);
	for (size_t i = 0; i < all->nr; i++)
		for (size_t k = 0; k < only->nr && !keep[i]; k++)
			keep[i] = (char)under(only->items[k], all->items[i].path);
	finding_list_keep(all, keep);
	free(keep);
}

/* The findings in the chosen format, the summary; the exit status. */
static int audit_report(struct audit_ctx *ctx, struct audit_args *a,
			size_t files, int trouble)
{
	struct report_options ro;
	struct triage_counts counts;

	report_only(&ctx->all, &a->report_only);
	finding_list_sort_unique(&ctx->all);
	if (audit_checked_nothing(ctx, a, files))
		trouble = 1;
	memset(&ro, 0, sizeof(ro));
	ro.engine = a->use_clang ? "clang" : "lexical";
	ro.command = "audit";
	/* "sites": what was checked, before the once-macros */
	{
		struct strbuf extra = STRBUF_INIT;

		strbuf_addf(&extra, "\"sites\": %zu%s%s", ctx->sites,
			    ctx->json.len ? ", " : "", strbuf_str(&ctx->json));
		strbuf_release(&ctx->json);
		ctx->json = extra;
	}
	ro.json_extra = ctx->json.buf;
	ro.trouble = trouble;
	ro.title = "rwonce audit";
	ro.rules_on = ctx->lex.enabled;
	ro.marked = (const char *const *)ctx->marked.items;
	ro.nr_marked = ctx->marked.nr;
	ro.config = a->config.read;
	if (findings_output_write(&a->out, &ctx->all, &ro, &counts))
		trouble = 1;
	if (!a->out.quiet) {
		report_summary(stderr, &ctx->all, files, &counts);
		fputs(strbuf_str(&ctx->summary), stderr);
	}
	return trouble ? EXIT_TROUBLE :
		findings_output_failing(&a->out, &ctx->all, "audit") ?
		EXIT_FINDINGS : EXIT_CLEAN;
}

int cmd_audit(int argc, const char **argv)
{
	struct audit_args a = {
		.excludes = STRLIST_INIT, .macros = STRLIST_INIT,
		.report_only = STRLIST_INIT,
		.engine = "lexical", .out = FINDINGS_OUTPUT_INIT,
		.config = CONFIG_USE_INIT("audit"), .max_mib = 64,
	};
	struct audit_ctx ctx;
	size_t files = 0;
	int status, trouble;

	memset(&ctx, 0, sizeof(ctx));
	audit_parse(argc, argv, &a);
	config_say(&a.config, a.out.verbose, a.out.quiet);
	if (audit_plan(&ctx, &a) < 0) {
		status = EXIT_TROUBLE;
	} else if (a.show_rules) {
		list_rules(&ctx.lex);
		status = EXIT_CLEAN;
	} else {
		trouble = audit_run(&ctx, &a, &files);
		status = audit_report(&ctx, &a, files, trouble);
	}
	finding_list_release(&ctx.all);
	lexical_options_release(&ctx.lex);
	tree_sketches_free(ctx.sketches);
	free(ctx.root);
	strlist_clear(&ctx.known_list);
	strlist_clear(&a.report_only);
	strbuf_release(&ctx.json);
	strbuf_release(&ctx.summary);
	strlist_clear(&a.excludes);
	strlist_clear(&a.macros);
	findings_output_release(&a.out);
	strlist_clear(&rule_switches);
	strlist_clear(&ctx.marked);
	free(a.config.read);
	return status;
}
