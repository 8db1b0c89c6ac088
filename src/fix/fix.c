/*
 * `rwonce fix`: convert ACCESS_ONCE and exact volatile-cast accesses to
 * READ_ONCE / WRITE_ONCE, as a unified diff on stdout or in place.
 *
 * The tree is walked once, by the pre-pass (macro-roles.h), which keeps
 * the files that may hold a site; each of those is read again, lexed and
 * rewritten (rewrite.c) by a walker thread, and
 * diffed (diff.c) or kept to be replaced; the files --in-place replaces
 * are written (in-place.c) only after the walk, so that every decision
 * -- which reads the headers a file includes -- sees the tree as it was,
 * whatever -j and whichever worker finishes first.  The results are
 * printed at the end sorted by path, so the output does not depend on
 * -j either.  Sites that are left get a note on stderr saying why.
 */
#include "fix/diff.h"
#include "fix/file-result.h"
#include "fix/fix-json.h"
#include "fix/from-scan.h"
#include "rewrite/add-include.h"
#include "rewrite/includers.h"
#include "rewrite/macro-roles.h"
#include "rewrite/provider.h"
#include "fix/in-place.h"
#include "cfront/defines.h"
#include "cfront/idioms.h"
#include "cfront/lexer.h"
#include "cfront/once-discover.h"
#include "cfront/tokscan.h"
#include "rewrite/rewrite.h"
#include "cfront/walk.h"
#include "commands.h"
#include "lib/memfind.h"
#include "lib/json.h"
#include "lib/messages.h"
#include "lib/parse-options.h"
#include "lib/pool.h"
#include "lib/signal-owner.h"
#include "lib/strset.h"
#include "lib/strbuf.h"
#include "lib/util.h"
#include "lib/utf8.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const fix_usage[] = {
	"rwonce fix [<options>] [<path>...]      (no path: the current folder)",
	NULL,
};

struct fix_ctx {
	struct rewrite_opts ropts;
	struct once_macros macros; /* built-in, --macro, discovered */
	int in_place;
	int self_check;
	int quiet;
	int json;               /* --format=json */
	/* The header added where READ_ONCE/WRITE_ONCE are not visible
	 * (<rwonce.h>, or --add-include's); header NULL with
	 * --no-add-include. */
	struct include_line include;
	struct provider_opts provider;
	struct provider_cache *headers;
	struct macro_roles roles; /* macros whose body is the access */
	struct include_edges *edges; /* who includes whom */
	/* the files the pre-pass's walk -- the run's one walk of the tree
	 * -- found that may hold a site; fix_run reads only these */
	struct prepass_keep keep;
	struct walk_stats walk_stats; /* its counts */

	/* --from-scan: the plan is scan's findings, not the tree walk */
	const char *from_scan;
	struct from_scan_plan scan;

	pthread_mutex_t lock;
	struct fix_results results; /* one per file with anything to say */

	/* the names of the #defines of the files that may hold a volatile
	 * cast (define_names_each(): a superset), filled in the pre-pass's
	 * walk under asked_lock: the only discovered names fix asks about
	 * (is_once_impl() in rewrite.c: a volatile cast in a macro's body
	 * is silent when the macro is a once-macro), so discovery decides
	 * only what their answers depend on (keep.decide_only) */
	struct strset asked;
	pthread_mutex_t asked_lock;
};

/* --self-check: the fixed text must keep every other token, and a second
 * run over it must change nothing. */
static const char *self_check(const struct fix_ctx *ctx, const char *path,
			      const char *buf,
			      size_t len, const struct token_list *toks,
			      const struct edit_list *edits,
			      const struct strbuf *fixed)
{
	struct token_list again = TOKEN_LIST_INIT;
	struct rewrite_result second = REWRITE_RESULT_INIT;
	const char *why;

	lex_buffer(fixed->buf, fixed->len, &again);
	tok_match_cache(fixed->buf, &again); /* the first list's is dropped */
	why = rewrite_check_preserved(buf, len, toks, edits, fixed->buf,
				      fixed->len, &again);
	if (!why) {
		if (rewrite_file(path, NULL, fixed->buf, fixed->len, &again,
				 &ctx->ropts, &second) < 0)
			why = "a second run found overlapping edits";
		else if (second.edits.nr)
			why = "not idempotent: a second run changes it again";
	}
	rewrite_result_release(&second);
	token_list_release(&again);
	return why;
}

/* A file that names a once-macro fix converts (ACCESS_ONCE, --macro's).
 * The same answer during the pre-pass's walk as after it: discovery
 * adds only macros it marks OMF_DISCOVERED, and does not change the kind
 * or object of a name it was given (a built-in name's object it may
 * move: such a name is asked about either way). */
static int names_converted_macro(const struct fix_ctx *ctx, const char *buf,
				 size_t len, int names_access)
{
	if (!names_access)
		return 0;
	for (size_t i = 0; i < ctx->macros.nr; i++) {
		const struct once_macro *m = &ctx->macros.items[i];

		if (m->kind == OMK_ACCESS &&
		    !(m->flags & (OMF_RWONCE | OMF_DISCOVERED)) &&
		    (m->object_arg == 0 || (m->flags & OMF_BUILTIN)) &&
		    mem_find(buf, len, m->name, strlen(m->name)))
			return 1;
	}
	return 0;
}

/* A file that may hold a volatile cast (volatile_cast_may_be_in(): not
 * every file that names volatile) or a word cut by a line splice
 * (vola\<newline>tile, ACCESS_\<newline>ONCE: in no filter's bytes but a
 * token all the same, whose site the rewrite names as left; 28 of Linux
 * 4.14.5's files hold such a word) -- each a file whose #defines fix may
 * ask discovery about -- or one that names a once-macro fix converts. */
static int may_hold_casts(const char *buf, size_t len)
{
	return volatile_cast_may_be_in(buf, len) || lex_word_spliced(buf, len);
}

static int may_have_casts_or_macros(const struct fix_ctx *ctx,
				    const char *buf, size_t len,
				    int names_access)
{
	return may_hold_casts(buf, len) ||
	       names_converted_macro(ctx, buf, len, names_access);
}

static void ask_name(const char *name, size_t n, void *set)
{
	char word[128];

	if (n < sizeof(word)) {
		memcpy(word, name, n);
		word[n] = '\0';
		strset_add(set, word);
	} else {
		char *copy = xstrndup(name, n);

		strset_add(set, copy);
		free(copy);
	}
}

/* prepass_keep's question, in the pre-pass's walk: the macros it asks
 * about are among those names_access says whether the file names. */
static int fix_wanted(const char *buf, size_t len, int names_access,
		      void *ctx_)
{
	struct fix_ctx *ctx = ctx_;

	if (may_hold_casts(buf, len)) {
		if (ctx->keep.decide_only) {
			pthread_mutex_lock(&ctx->asked_lock);
			define_names_each(buf, len, ask_name, &ctx->asked);
			pthread_mutex_unlock(&ctx->asked_lock);
		}
		return 1;
	}
	return names_converted_macro(ctx, buf, len, names_access);
}

static int may_have_sites(const struct fix_ctx *ctx, const char *buf,
			  size_t len)
{
	if (may_have_casts_or_macros(ctx, buf, len, 1))
		return 1;
	/* uses of a macro whose body becomes a WRITE_ONCE taking the value */
	for (size_t i = 0; i < ctx->roles.nr; i++) {
		const struct macro_role *r = &ctx->roles.items[i];

		if (macro_role_decision(r) == MR_WRITE &&
		    mem_find(buf, len, r->name, strlen(r->name)))
			return 1;
	}
	return 0;
}

/* What a walker thread keeps from file to file, so that a tree of small
 * files does not pay for a fresh allocation of each per file. */
struct fix_worker {
	struct token_list toks;
	struct tok_match_room room;
	struct strbuf fixed;
	struct strbuf diff; /* copied to the result at its exact size */
};

static void *fix_worker_init(void *ctx)
{
	struct fix_worker *w = xcalloc(1, sizeof(*w));

	(void)ctx;
	strbuf_init(&w->fixed);
	strbuf_init(&w->diff);
	return w;
}

static void fix_worker_done(void *worker, void *ctx)
{
	struct fix_worker *w = worker;

	(void)ctx;
	token_list_release(&w->toks);
	tok_match_room_release(&w->room);
	strbuf_release(&w->fixed);
	strbuf_release(&w->diff);
	free(w);
}

/* Keep the buffers after a huge file no longer than that file. */
static void fix_worker_trim(struct fix_worker *w)
{
	token_list_clear(&w->toks);
	if (w->fixed.alloc > (1u << 24))
		strbuf_release(&w->fixed);
	if (w->diff.alloc > (1u << 24))
		strbuf_release(&w->diff);
}

/* A file not fixed, and why, for the reports (messages.h). */
static void unchecked_because(const char *path, const char *a, const char *b,
			      const char *c)
{
	struct strbuf why = STRBUF_INIT;

	strbuf_addf(&why, "%s%s%s", a, b, c);
	messages_unchecked(MESSAGE_ERROR, path, why.buf);
	strbuf_release(&why);
}

/* A file's notes on stderr: their lines kept, the control characters of
 * the paths in them shown, not sent to the terminal. */
static void print_notes(const char *notes, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	if (!len)
		return;
	strbuf_add_visible(&sb, notes, len, 1);
	fwrite(sb.buf, 1, sb.len, stderr);
	strbuf_release(&sb);
}

/* A copy of buf[0..len), which may hold any byte. */
static char *bytes_dup(const char *buf, size_t len)
{
	char *p = xmalloc(len + 1);

	if (len)
		memcpy(p, buf, len);
	p[len] = '\0';
	return p;
}

static void fix_one(const struct walk_file *f, void *worker, void *ctx_)
{
	struct fix_ctx *ctx = ctx_;
	struct fix_worker *w = worker;
	struct token_list *toks = &w->toks;
	struct rewrite_result res = REWRITE_RESULT_INIT;
	struct fix_file_result r;
	struct strbuf *fixed = &w->fixed;

	/*
	 * Most files name neither volatile nor a once-macro: no site can be
	 * there, so skip the lexer (which is most of the time).  A name
	 * split by a backslash-newline is not seen -- see rwonce-fix(1).
	 */
	if (!may_have_sites(ctx, f->buf, f->len))
		return;
	fix_file_result_init(&r, f->path);

	lex_buffer(f->buf, f->len, toks);
	tok_match_cache_in(f->buf, toks, &w->room); /* linear on deep nesting */
	{
		struct strbuf pnotes = STRBUF_INIT;
		enum provider_answer a;

		if (rewrite_provided(ctx->headers, &ctx->provider, f->path,
				     NULL, f->buf, f->len, toks, &ctx->ropts,
				     &res, &pnotes, &a, NULL) < 0) {
			strbuf_addf(&r.notes,
				    "rwonce: error: %s: internal error: "
				    "overlapping edits; file left unchanged\n",
				    f->path);
			messages_unchecked(MESSAGE_ERROR, f->path, "internal "
					   "error: overlapping edits; file left "
					   "unchanged");
			r.trouble = 1;
		}
		for (size_t i = 0; i < res.notes_nr && !ctx->quiet; i++) {
			const struct rewrite_note *n = &res.notes[i];

			strbuf_addf(&r.notes,
				    "%s:%u:%u: note: %s %s: %s [%s]\n",
				    f->path, n->line, n->col, n->what,
				    n->converted ? "converted" :
						   "left unchanged",
				    n->reason, rules[n->rule].name);
		}
		if (a == PROVIDER_ADDED && res.edits.nr) {
			r.included = 1;
			if (!ctx->quiet)
				strbuf_add(&r.notes,
					   pnotes.buf ? pnotes.buf : "",
					   pnotes.len);
		}
		strbuf_release(&pnotes);
	}
	r.left = res.left;
	r.converted = res.converted;
	r.uses = res.uses_rewritten;
	if (ctx->json && !r.trouble)
		fix_json_edits(&r.edits, f->buf, f->len, &res.edits);

	if (res.edits.nr && (ctx->self_check || ctx->in_place)) {
		strbuf_reset(fixed);
		edits_apply(f->buf, f->len, &res.edits, fixed);
	}
	if (res.edits.nr) {
		if (ctx->self_check) {
			const char *why = self_check(ctx, f->path, f->buf,
						     f->len, toks,
						     &res.edits, fixed);

			if (why) {
				strbuf_addf(&r.notes,
					    "rwonce: error: %s: self-check "
					    "failed: %s\n", f->path, why);
				unchecked_because(f->path, "self-check failed: ",
						  why, "");
				r.trouble = 1;
			}
		}
		if (r.trouble) {
			/* nothing is written or shown for a doubtful file */
		} else if (ctx->in_place) {
			struct inplace_snapshot snap;
			const char *why = inplace_check(f->path, &snap);

			if (why) {
				strbuf_addf(&r.notes,
					    "rwonce: error: %s %s; not "
					    "modified\n", f->path, why);
				unchecked_because(f->path, "", why,
						  "; not modified");
				r.trouble = 1;
			} else {
				/* written by fix_write_pending(), after the
				 * walk: see file-result.h */
				r.pending = xcalloc(1, sizeof(*r.pending));
				r.pending->snap = snap;
				r.pending->old_buf = bytes_dup(f->buf, f->len);
				r.pending->old_len = f->len;
				r.pending->new_buf = bytes_dup(fixed->buf,
							      fixed->len);
				r.pending->new_len = fixed->len;
			}
		} else {
			char *name = diff_path_for(f->path, &r.apply_from);

			strbuf_reset(&w->diff);
			diff_write(&w->diff, name, f->buf, f->len, &res.edits);
			strbuf_release(&r.diff);
			strbuf_init_copy(&r.diff, w->diff.buf, w->diff.len);
			free(name);
		}
	}
	rewrite_result_release(&res);
	tok_match_cache_drop();
	fix_worker_trim(w);

	if (!r.diff.len && !r.notes.len && !r.trouble && !r.converted &&
	    !r.uses &&
	    !r.left) {
		fix_file_result_release(&r);
		return;
	}
	pthread_mutex_lock(&ctx->lock);
	ALLOC_GROW(ctx->results.items, ctx->results.nr + 1,
		   ctx->results.alloc);
	ctx->results.items[ctx->results.nr++] = r;
	pthread_mutex_unlock(&ctx->lock);
}

static int by_path(const void *a_, const void *b_)
{
	const struct fix_file_result *a = a_, *b = b_;

	return strcmp(a->path, b->path);
}

/* One file of --format=json (fix-json.h). */
static void file_result_json(struct strbuf *sb, const struct fix_file_result *r,
			     int in_place, int first)
{
	strbuf_addstr(sb, first ? "\n    {" : ",\n    {");
	json_add_path(sb, "path", r->path, 1);
	strbuf_addf(sb, ", \"converted\": %zu, \"left\": %zu, \"uses\": %zu, "
		    "\"include_added\": %s", r->converted, r->left, r->uses,
		    r->included ? "true" : "false");
	if (in_place)
		strbuf_addf(sb, ", \"written\": %s",
			    r->written ? "true" : "false");
	strbuf_addstr(sb, ", \"edits\": ");
	if (r->edits.len)
		strbuf_add(sb, r->edits.buf, r->edits.len);
	else
		strbuf_addstr(sb, "[]");
	strbuf_addstr(sb, ", \"diff\": ");
	json_add_string(sb, r->diff.buf ? r->diff.buf : "");
	strbuf_addstr(sb, ", \"notes\": ");
	fix_json_lines(sb, r->notes.buf ? r->notes.buf : "", r->notes.len);
	strbuf_addch(sb, '}');
}

/* The diff, its removed and added lines coloured as git shows them. */
static void diff_print(FILE *f, const char *diff, size_t len, int color)
{
	const char *p = diff, *end = diff + len;

	if (!color) {
		fwrite(diff ? diff : "", 1, len, f);
		return;
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *c = !strncmp(p, "+++", 3) || !strncmp(p, "---", 3) ?
			"\033[1m" : *p == '+' ? "\033[32m" : *p == '-' ?
			"\033[31m" : *p == '@' ? "\033[36m" : NULL;

		if (c)
			fprintf(f, "%s%.*s\033[0m", c, (int)n, p);
		else
			fwrite(p, 1, n, f);
		if (nl)
			fputc('\n', f);
		p += n + (nl != NULL);
	}
}

/* What the command line asked, beyond what fix_one() reads from ctx. */
struct fix_args {
	struct strlist macros, excludes;
	int jobs, no_volatile, no_discover, no_progress, no_add_include;
	int verbose, color;
	const char *read_name, *write_name, *add_include, *from_scan;
	const char *format;
	struct config_use config;
};

/* What the files' results add up to (fix_report). */
struct fix_totals {
	size_t converted, left, files, not_written, included, uses;
	char *apply_from; /* the first file's folder its diff names it from */
	int trouble;
};

/* The options into *a and ctx; the paths left in argv.  The number of
 * paths, or -1 after error() (a format fix has not). */
static int fix_parse(int argc, const char **argv, struct fix_args *a,
		     struct fix_ctx *ctx)
{
	struct option opts[] = {
		OPT_BOOL(0, "in-place", &ctx->in_place,
			 "rewrite the files (atomically) instead of printing "
			 "a diff"),
		OPT_ONCE_MACROS(&a->macros, &a->no_discover),
		OPT_JOBS(&a->jobs, "files", "the number of cores"),
		OPT_LIST(0, "exclude", &a->excludes, "GLOB",
			 "skip files and folders matching GLOB (repeatable)"),
		OPT_BOOL(0, "no-volatile-casts", &a->no_volatile,
			 "leave volatile casts alone, convert only "
			 "ACCESS_ONCE"),
		OPT_STRING(0, "add-include", &a->add_include, "HEADER",
			   "the header that defines READ_ONCE/WRITE_ONCE "
			   "(<x.h>, \"x.h\" or x.h), added to converted files "
			   "that cannot see them (default <rwonce.h>)"),
		OPT_BOOL(0, "no-add-include", &a->no_add_include,
			 "add no #include: leave the sites of a file that "
			 "cannot see READ_ONCE/WRITE_ONCE, with a note"),
		OPT_STRING(0, "read-name", &a->read_name, "NAME",
			   "spell reads NAME(x) (default READ_ONCE)"),
		OPT_STRING(0, "write-name", &a->write_name, "NAME",
			   "spell writes NAME(x, v) (default WRITE_ONCE)"),
		OPT_CONFIG(&a->config),
		OPT_GROUP("Output"),
		OPT_FORMAT(&a->format, "diff (default: a unified diff for git "
			   "apply) or json (each file's edits, diff and notes)"),
		OPT_JSON(&a->format),
		OPT_QUIET(&ctx->quiet,
			  "no notes for the sites left unchanged, no summary"),
		OPT_VERBOSE(&a->verbose, "also a line per file changed with its "
			    "counts"),
		OPT_COLOR(&a->color),
		OPT_NO_PROGRESS(&a->no_progress),
		OPT_STRING(0, "from-scan", &a->from_scan, "FILE",
			   "edit the struct/union sites that rwonce scan "
			   "--json found torn, duplicated or widened (the "
			   "paths: trees whose headers define the types)"),
		OPT_BOOL(0, "self-check", &ctx->self_check,
			 "re-lex every fixed file: check that all other tokens "
			 "are kept and that a second run changes nothing"),
		OPT_EXIT_STATUS("0 nothing to convert; 1 sites converted (or "
				"to convert) or left unchanged with a note; "
				"2 trouble: a path could not be read, no C "
				"file was read, a file could not be written, "
				"a self-check failed, a bad option."),
		OPT_END(),
	};

	argc = parse_options(argc, argv, opts, fix_usage);
	config_say(&a->config, a->verbose, ctx->quiet);
	if (strcmp(a->format, "diff") && strcmp(a->format, "json")) {
		error("--format: '%s' is not a format of fix (diff or json)",
		      a->format);
		usage_with_options(fix_usage, opts);
	}
	if (a->from_scan && strcmp(a->format, "diff"))
		return error("fix: --from-scan writes a diff (or --in-place); "
			     "--format=%s is not supported with it", a->format);
	ctx->json = !strcmp(a->format, "json");
	return argc;
}

/* The once-macros, the spellings and the header to add, from *a; then
 * the tree's own once-macros and includes (the pre-pass over paths).
 * With --from-scan, the plan is scan's findings instead (the paths: the
 * trees that define their types).  0; 1 nothing to fix (said); -1 after
 * error(). */
static int fix_plan(struct fix_ctx *ctx, const struct fix_args *a,
		    const char **paths, size_t nr, struct walk_options *wopt)
{
	if (ctx->from_scan)
		return from_scan_plan(&ctx->scan, ctx->from_scan, paths, nr,
				      ctx->quiet);
	for (size_t i = 0; i < a->macros.nr; i++)
		if (once_macros_add_spec(&ctx->macros, a->macros.items[i]) < 0)
			return -1;
	if (a->read_name || a->write_name)
		rewrite_opts_set_names(&ctx->ropts,
				       a->read_name ? a->read_name : "READ_ONCE",
				       a->write_name ? a->write_name : "WRITE_ONCE");
	ctx->ropts.volatile_casts = !a->no_volatile;
	if (a->add_include && a->no_add_include)
		return error("fix: --add-include and --no-add-include contradict "
			     "each other");
	if (include_line_init(&ctx->include,
			      a->add_include ? a->add_include : "<rwonce.h>") < 0)
		return -1;
	provider_opts_init(&ctx->provider, ctx->ropts.read_name,
			   ctx->ropts.write_name,
			   a->no_add_include ? NULL : &ctx->include);
	ctx->headers = provider_cache_new(&ctx->provider);

	wopt->excludes = &a->excludes;
	wopt->jobs = a->jobs;
	/* the pre-pass's walk is the run's walk of the tree: it reports */
	wopt->progress = !a->no_progress && !ctx->quiet;
	wopt->what = "fix";
	ctx->edges = include_edges_new();
	ctx->keep.wanted = fix_wanted;
	ctx->keep.ctx = ctx;
	ctx->keep.stats = &ctx->walk_stats;
	/* RWONCE_TEST_DECIDE_ALL: every name decided, for the tests that
	 * compare the two (t2587) */
	if (!a->no_discover && !getenv("RWONCE_TEST_DECIDE_ALL"))
		ctx->keep.decide_only = &ctx->asked;
	rewrite_prepass(paths, nr, wopt, !a->no_discover, &ctx->macros,
			&ctx->ropts, &ctx->roles, ctx->edges, &ctx->keep);
	provider_cache_use_edges(ctx->headers, ctx->edges);
	return 0;
}

/* --in-place: the files the walk decided to replace, written on -j
 * threads (each waits for its fsyncs); what failed is said in the order
 * of their paths. */
struct pending_writes {
	struct fix_results *results;
	size_t *items;      /* indexes into results of the files to write */
	struct strbuf *msg; /* per item: why it was not replaced, or empty */
	int *failed;
};

static void write_one(size_t i, void *worker, void *ctx)
{
	struct pending_writes *pw = ctx;
	struct fix_file_result *r = &pw->results->items[pw->items[i]];
	struct fix_pending_write *p = r->pending;

	(void)worker;
	pw->failed[i] = inplace_replace(r->path, &p->snap, p->old_buf,
					p->old_len, p->new_buf, p->new_len,
					&pw->msg[i]) < 0;
}

static void written_in_order(size_t i, void *ctx)
{
	struct pending_writes *pw = ctx;
	struct fix_file_result *r = &pw->results->items[pw->items[i]];
	struct fix_pending_write *p = r->pending;

	if (pw->failed[i]) {
		error("%s", pw->msg[i].buf ? pw->msg[i].buf : r->path);
		messages_unchecked(MESSAGE_ERROR, r->path,
				   "could not be replaced: not modified");
		r->trouble = 1;
	} else {
		r->written = 1;
	}
	strbuf_release(&pw->msg[i]);
	free(p->old_buf);
	free(p->new_buf);
	free(p);
	r->pending = NULL;
}

/* --in-place: every file the walk decided to replace, replaced now, when
 * no decision is left to read them (in parallel: they are different
 * files); the messages in the order of their paths.  A signal meanwhile
 * is taken by one thread (signal-owner.h): each file is then the old one
 * or the whole new one, and no temporary file is left. */
static void fix_write_pending(struct fix_results *results, int jobs)
{
	struct pending_writes pw;
	size_t nr = 0;

	memset(&pw, 0, sizeof(pw));
	pw.results = results;
	pw.items = xcalloc(results->nr + 1, sizeof(*pw.items));
	for (size_t i = 0; i < results->nr; i++)
		if (results->items[i].pending)
			pw.items[nr++] = i;
	pw.msg = xcalloc(nr + 1, sizeof(*pw.msg));
	pw.failed = xcalloc(nr + 1, sizeof(*pw.failed));
	for (size_t i = 0; i < nr; i++)
		strbuf_init(&pw.msg[i]);
	if (nr) {
		/* SIGINT and the others go to one thread, whose cleanup lets
		 * every rename in progress end and no other begin */
		struct signal_owner *so = signal_owner_start();

		pool_run(nr, write_one, &(struct pool_options){
			.jobs = jobs, .ctx = &pw,
			.in_order = written_in_order });
		signal_owner_stop(so);
	}
	free(pw.items);
	free(pw.msg);
	free(pw.failed);
}

/* Every file of the paths that may hold a site through fix_one(), its
 * workers sharing ctx: the files the pre-pass's walk kept, read again
 * (the tree is walked once, fix_plan()); the results sorted by path, then
 * --in-place's files written.  The walk's value (walk_paths()). */
static int fix_run(struct fix_ctx *ctx, const struct fix_args *a,
		   const char **paths, size_t nr, struct walk_options *wopt,
		   struct walk_stats *stats)
{
	struct walk_stats again;
	int ret;

	(void)paths;
	(void)nr;
	if (ctx->from_scan) {
		from_scan_run(&ctx->scan, ctx->in_place, ctx->quiet,
			      &ctx->results);
		return 0;
	}
	*stats = ctx->walk_stats;
	wopt->excludes = NULL; /* the walk excluded them */
	wopt->progress = 0;
	wopt->reread = 1;
	wopt->fn = fix_one;
	wopt->worker_init = fix_worker_init;
	wopt->worker_done = fix_worker_done;
	wopt->ctx = ctx;
	ret = walk_paths((const char *const *)ctx->keep.files.items,
			 ctx->keep.files.nr, wopt, &again);
	if (ctx->keep.walk_ret < 0)
		ret = -1;
	if (ctx->results.nr > 1)
		sane_qsort(ctx->results.items, ctx->results.nr,
			   sizeof(*ctx->results.items), by_path);
	fix_write_pending(&ctx->results, a->jobs);
	return ret;
}

/* One file's result: its diff (or JSON) and notes printed, added to *t,
 * released. */
static void fix_report_file(struct fix_ctx *ctx, const struct fix_args *a,
			    struct fix_file_result *r, int first, int use_color,
			    struct strbuf *json, struct fix_totals *t)
{
	if (ctx->json)
		file_result_json(json, r, ctx->in_place, first);
	else
		diff_print(stdout, r->diff.buf, r->diff.len, use_color);
	print_notes(r->notes.buf, r->notes.len);
	if (a->verbose && (r->converted || r->left || r->uses))
		fprintf(stderr, "rwonce fix: %s: %zu converted, %zu "
			"left, %zu macro use%s rewritten%s\n", r->path,
			r->converted, r->left, r->uses,
			r->uses == 1 ? "" : "s",
			r->included ? ", #include added" : "");
	/* In place, only what was written counts as converted. */
	if (!ctx->in_place || r->written) {
		t->converted += r->converted;
		t->files += r->converted != 0 || r->uses != 0;
		t->included += r->included;
		t->uses += r->uses;
	} else if (r->converted || r->uses) {
		t->not_written++;
	}
	t->left += r->left;
	t->trouble |= r->trouble;
	if (r->apply_from && !t->apply_from) {
		t->apply_from = r->apply_from;
		r->apply_from = NULL;
	}
	fix_file_result_release(r);
}

/* The summary line on stderr (not with -q). */
static void fix_summary(const struct fix_ctx *ctx, const struct fix_totals *t,
			size_t scanned)
{
	fprintf(stderr, "rwonce fix: %zu site%s %s in %zu file%s, %zu left "
		"unchanged (%zu file%s scanned)", t->converted,
		t->converted == 1 ? "" : "s",
		ctx->in_place ? "converted" : "to convert", t->files,
		t->files == 1 ? "" : "s", t->left, scanned,
		scanned == 1 ? "" : "s");
	if (t->uses)
		fprintf(stderr, "; %zu use%s of macros that now take "
			"the value %s", t->uses, t->uses == 1 ? "" : "s",
			ctx->in_place ? "rewritten" : "to rewrite");
	if (t->included)
		fprintf(stderr, "; an #include of READ_ONCE/WRITE_ONCE "
			"%s to %zu file%s",
			ctx->in_place ? "added" : "to add", t->included,
			t->included == 1 ? "" : "s");
	if (t->not_written)
		fprintf(stderr, "; %zu file%s could not be written",
			t->not_written, t->not_written == 1 ? "" : "s");
	fputc('\n', stderr);
}

/* With -vv: what finding the files' headers took (issue #35). */
static void fix_say_work(struct fix_ctx *ctx)
{
	struct provider_stats ps;

	fprintf(stderr, "rwonce fix: uses: %zu word filter%s kept, %zu "
		"bytes", ctx->keep.filters, ctx->keep.filters == 1 ? "" : "s",
		ctx->keep.filter_bytes);
	for (size_t r = 0; r < ctx->keep.rounds; r++)
		fprintf(stderr, "; pass %zu: %zu macro%s, %zu file%s read", r + 1,
			ctx->keep.round_names[r],
			ctx->keep.round_names[r] == 1 ? "" : "s",
			ctx->keep.round_reads[r],
			ctx->keep.round_reads[r] == 1 ? "" : "s");
	fputc('\n', stderr);
	provider_cache_stats(ctx->headers, &ps);
	fprintf(stderr, "rwonce fix: headers: %zu walk%s of a file's headers "
		"met %zu header%s (%zu walk%s at the cap of 512); %zu "
		"header%s' %zu #include line%s resolved\n", ps.walks,
		ps.walks == 1 ? "" : "s", ps.visits, ps.visits == 1 ? "" : "s",
		ps.capped, ps.capped == 1 ? "" : "s", ps.headers_resolved,
		ps.headers_resolved == 1 ? "" : "s", ps.lines_resolved,
		ps.lines_resolved == 1 ? "" : "s");
}

/* The results: the diff or the JSON on stdout, notes and the summary on
 * stderr; the exit status. */
static int fix_report(struct fix_ctx *ctx, const struct fix_args *a,
		      const char **paths, size_t nr, int walk_ret,
		      const struct walk_stats *stats)
{
	struct fix_totals t;
	struct strbuf json = STRBUF_INIT;
	int use_color = !ctx->json && color_wanted(a->color, 1);
	int ret = EXIT_CLEAN;

	memset(&t, 0, sizeof(t));
	if (ctx->json)
		fix_json_begin(&json, a->config.read);
	for (size_t i = 0; i < ctx->results.nr; i++)
		fix_report_file(ctx, a, &ctx->results.items[i], i == 0, use_color,
				&json, &t);
	free(ctx->results.items);
	if (t.trouble)
		ret = EXIT_TROUBLE;
	if (ctx->json) {
		fix_json_end(&json, ctx->results.nr, t.converted, t.files, t.left,
			     t.uses, stats->files);
		fwrite(json.buf, 1, json.len, stdout);
		strbuf_release(&json);
	}
	if (fflush(stdout) != 0) {
		error("fix: cannot write the diff to standard output");
		ret = EXIT_TROUBLE;
	}
	if (t.apply_from) {
		fprintf(stderr, "rwonce fix: note: files outside the current folder are "
			"named from %s: apply the diff there (git apply, or patch -p1)\n",
			t.apply_from);
		free(t.apply_from);
	}
	if (!ctx->quiet && ctx->from_scan)
		from_scan_summary(&ctx->scan, t.converted, t.files, t.left,
				  ctx->in_place);
	else if (!ctx->quiet)
		fix_summary(ctx, &t, stats->files);
	if (a->verbose >= 2 && !ctx->from_scan)
		fix_say_work(ctx);
	/* Nothing read is not "nothing to convert": a wrong path, a folder
	 * without C, a binary file named x.c */
	if (walk_ret >= 0 && !stats->files && !ctx->from_scan) {
		error("nothing checked: no C file in %s (a folder is searched "
		      "for *.c and *.h; binary files are skipped)",
		      nr > 1 ? "the paths given" : paths[0]);
		ret = EXIT_TROUBLE;
	}
	if (walk_ret < 0)
		ret = EXIT_TROUBLE;
	else if (ret == EXIT_CLEAN && (t.converted || t.left || t.uses))
		ret = EXIT_FINDINGS;
	return ret;
}

static void fix_release(struct fix_ctx *ctx, struct fix_args *a)
{
	from_scan_release(&ctx->scan);
	strlist_clear(&ctx->keep.files);
	pthread_mutex_destroy(&ctx->lock);
	strset_release(&ctx->asked);
	pthread_mutex_destroy(&ctx->asked_lock);
	macro_roles_release(&ctx->roles);
	include_edges_free(ctx->edges);
	provider_cache_free(ctx->headers);
	provider_opts_release(&ctx->provider);
	include_line_release(&ctx->include);
	rewrite_opts_release(&ctx->ropts);
	once_macros_release(&ctx->macros);
	strlist_clear(&a->macros);
	strlist_clear(&a->excludes);
}

int cmd_fix(int argc, const char **argv)
{
	struct fix_ctx ctx;
	struct fix_args a = {
		STRLIST_INIT, STRLIST_INIT, .format = "diff",
		.color = COLOR_AUTO, .config = CONFIG_USE_INIT("fix"),
	};
	struct walk_options wopt;
	struct walk_stats stats;
	int walk_ret, planned, ret = EXIT_TROUBLE;

	memset(&ctx, 0, sizeof(ctx));
	rewrite_opts_init(&ctx.ropts);
	macro_roles_init(&ctx.roles);
	once_macros_init(&ctx.macros);
	ctx.ropts.macros = &ctx.macros;
	pthread_mutex_init(&ctx.lock, NULL);
	pthread_mutex_init(&ctx.asked_lock, NULL);
	memset(&wopt, 0, sizeof(wopt));
	memset(&stats, 0, sizeof(stats));

	argc = fix_parse(argc, argv, &a, &ctx);
	if (argc < 0)
		goto out;
	/* the source of what to edit: the paths' files, or scan's findings
	 * (the paths then name the trees that define their types) */
	ctx.from_scan = a.from_scan;
	if (argc < 1 && !ctx.from_scan) { /* no path: the current folder */
		static const char *dot[] = { ".", NULL };

		argv = dot;
		argc = 1;
	}
	planned = fix_plan(&ctx, &a, argv, (size_t)argc, &wopt);
	if (planned) {
		ret = planned > 0 ? EXIT_CLEAN : EXIT_TROUBLE;
		goto out;
	}
	walk_ret = fix_run(&ctx, &a, argv, (size_t)argc, &wopt, &stats);
	ret = fix_report(&ctx, &a, argv, (size_t)argc, walk_ret, &stats);
out:
	fix_release(&ctx, &a);
	return ret;
}
