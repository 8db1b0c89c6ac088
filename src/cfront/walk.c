/*
 * The tree walker (walk.h): the main thread lists directories depth-first
 * and pushes paths into a bounded worker pool (src/lib/pool.h); the
 * workers read each file with one read into a reused buffer and hand it
 * to the caller.  Also: the top of the tree (walk_tree_root) and the
 * headers the walked files can see (walk_include_closure).
 */
#define _GNU_SOURCE /* memmem */
#include "cfront/walk.h"
#include "lib/progress.h"
#include "lib/messages.h"
#include "lib/pool.h"
#include "lib/strset.h"
#include "lib/test-hook.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define QUEUE_SIZE 256
#define BINARY_PROBE 8000

struct walk {
	const struct walk_options *opt;
	struct walk_stats *stats;
	struct pool *pool;
	size_t files_done;  /* atomic: for the progress line */
	int trouble;
	const char *root;  /* the argument being walked, for --exclude */
	/* Test hook: RWONCE_TEST_WALK_FIFO stops each worker before it
	 * opens a file, so a test can delete it then (test-hook.h). */
	const char *pause_fifo;

	/* visited directories (dev, ino), only with follow_symlinks */
	struct dir_id { dev_t dev; ino_t ino; } *seen;
	size_t seen_nr, seen_alloc;
	/* the files named on the command line: complete before the first
	 * is queued, read-only while the workers run */
	struct strset named;
	/* the directories named, resolved: a link inside the tree to a
	 * file of the tree is read there (link_not_followed) */
	struct strlist real_roots;
};

static void vmessage(const char *prefix, const char *fmt, va_list ap)
{
	struct strbuf text = STRBUF_INIT;
	va_list keep;

	va_copy(keep, ap);
	messages_add(prefix, fmt, keep); /* for the report (SARIF) */
	va_end(keep);
	strbuf_vaddf(&text, fmt, ap);
	fput_message(stderr, prefix, text.buf, 0); /* erases the progress
						      line (lib/progress.h) */
	strbuf_release(&text);
}

static void walk_say(const char *prefix, const char *fmt, ...)
	RWONCE_PRINTF(2, 3);
static void walk_say(const char *prefix, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(prefix, fmt, ap);
	va_end(ap);
}

void walk_warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage("warning: ", fmt, ap);
	va_end(ap);
}

void walk_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage("error: ", fmt, ap);
	va_end(ap);
}

/* A file the walk did not read, and why: said (unless quiet) and kept
 * for the reports (messages.h). */
static void say_unchecked(const struct walk *w, const char *prefix,
			  const char *path, const char *fmt, ...)
	RWONCE_PRINTF(4, 5);
static void say_unchecked(const struct walk *w, const char *prefix,
			  const char *path, const char *fmt, ...)
{
	struct strbuf why = STRBUF_INIT;
	va_list ap;

	if (w->opt->quiet)
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&why, fmt, ap);
	va_end(ap);
	messages_unchecked(strcmp(prefix, "error: ") ? MESSAGE_WARNING :
			   MESSAGE_ERROR, path, why.buf);
	walk_say(prefix, "%s: %s", path, why.buf);
	strbuf_release(&why);
}

/* The walk's own messages; none for a quiet walk (a first pass whose
 * files the real pass reads again and reports). */
static void say(const struct walk *w, const char *prefix, const char *fmt,
		...) RWONCE_PRINTF(3, 4);
static void say(const struct walk *w, const char *prefix, const char *fmt, ...)
{
	va_list ap;

	if (w->opt->quiet)
		return;
	va_start(ap, fmt);
	vmessage(prefix, fmt, ap);
	va_end(ap);
}

int walk_is_c_name(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && name[n - 2] == '.' &&
	       (name[n - 1] == 'c' || name[n - 1] == 'h');
}

/*
 * Does a glob exclude path?  It is matched against the path as shown, the
 * path below the argument being walked (root; "drivers/gpu" matches
 * "./drivers/gpu" when walking "."), and the last component.
 */
static int excluded(const struct walk_options *opt, const char *root,
		    const char *path)
{
	const char *base, *rel = NULL;
	size_t n = root ? strlen(root) : 0;

	if (!opt->excludes)
		return 0;
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (n && !strncmp(path, root, n)) {
		rel = path + n;
		while (*rel == '/')
			rel++;
	}
	for (size_t i = 0; i < opt->excludes->nr; i++) {
		const char *g = opt->excludes->items[i];

		if (!fnmatch(g, path, 0) || !fnmatch(g, base, 0) ||
		    (rel && *rel && !fnmatch(g, rel, 0)))
			return 1;
	}
	return 0;
}

/* ---- workers ---- */

struct worker {
	struct walk *w;
	void *data;       /* what opt->worker_init made */
	char *buf;
	size_t alloc;
	struct walk_stats stats;
	int trouble;
};

/* Read the whole file into wk->buf; 0, or -1 with errno set. */
static int read_whole(struct worker *wk, int fd, size_t hint, size_t *len)
{
	size_t n = 0;

	if (hint + 1 > wk->alloc) {
		wk->alloc = hint + 1 < 65536 ? 65536 : hint + 1;
		free(wk->buf);
		wk->buf = xmalloc(wk->alloc);
	}
	for (;;) {
		ssize_t r;

		if (n + 1 >= wk->alloc) { /* it grew since fstat */
			wk->alloc *= 2;
			wk->buf = xrealloc(wk->buf, wk->alloc);
		}
		r = read(fd, wk->buf + n, wk->alloc - 1 - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (!r)
			break;
		n += (size_t)r;
		/* a short read that ends at fstat()'s size is the end of a
		 * regular file: no read() to see 0 (one system call a file
		 * fewer, issue #35); a file that grew or shrank is read on
		 * to the 0 */
		if (n == hint && (size_t)r < wk->alloc - 1 - (n - (size_t)r))
			break;
	}
	wk->buf[n] = '\0';
	*len = n;
	return 0;
}

static void process(struct worker *wk, const char *path)
{
	const struct walk_options *opt = wk->w->opt;
	struct walk_file f;
	struct stat st;
	size_t len;
	const char *nul;
	int fd, named = strset_has(&wk->w->named, path);

	if (wk->w->pause_fifo)
		test_hook_pause(wk->w->pause_fifo, path);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

	if (fd < 0) {
		if (errno == ENOENT) {
			say_unchecked(wk->w, "warning: ", path,
				      "vanished during the run, skipped");
			wk->stats.vanished++;
		} else {
			say_unchecked(wk->w, "error: ", path,
				      "cannot open: %s", strerror(errno));
			wk->stats.unreadable++;
			wk->trouble = 1;
		}
		return;
	}
	if (fstat(fd, &st) < 0) {
		say_unchecked(wk->w, "error: ", path, "cannot stat: %s",
			      strerror(errno));
		wk->stats.unreadable++;
		wk->trouble = 1;
		close(fd);
		return;
	}
	if (!S_ISREG(st.st_mode)) {
		/* A FIFO or device named on the command line: never block,
		 * and never pass it as checked. */
		if (named) {
			say_unchecked(wk->w, "error: ", path,
				      "not a regular file, not checked");
			wk->trouble = 1;
		} else {
			say_unchecked(wk->w, "warning: ", path,
				      "not a regular file, skipped");
		}
		close(fd);
		return;
	}
	if (read_whole(wk, fd, (size_t)st.st_size, &len) < 0) {
		say_unchecked(wk->w, "error: ", path, "cannot read: %s",
			      strerror(errno));
		wk->stats.unreadable++;
		wk->trouble = 1;
		close(fd);
		return;
	}
	close(fd);
	nul = memchr(wk->buf, '\0', len < BINARY_PROBE ? len : BINARY_PROBE);
	if (nul) {
		if (named) {
			say_unchecked(wk->w, "error: ", path,
				      "binary file (NUL byte at offset %zu), "
				      "not checked", (size_t)(nul - wk->buf));
			wk->trouble = 1;
		} else {
			say_unchecked(wk->w, "warning: ", path,
				      "binary file (NUL byte at offset %zu), "
				      "skipped", (size_t)(nul - wk->buf));
		}
		wk->stats.binary++;
		return;
	}
	f.path = path;
	f.buf = wk->buf;
	f.len = len;
	f.named = named;
	/* visit() queues only what readdir() or lstat() says is a regular
	 * file, unless links are followed */
	f.plain = !named && !opt->follow_symlinks;
	wk->stats.files++;
	wk->stats.bytes += len;
	if (opt->also)
		opt->also(&f, opt->also_ctx);
	opt->fn(&f, wk->data, opt->ctx);
}

static void *worker_init(void *ctx)
{
	struct walk *w = ctx;
	struct worker *wk = xcalloc(1, sizeof(*wk));

	wk->w = w;
	wk->data = w->opt->worker_init ? w->opt->worker_init(w->opt->ctx) : NULL;
	return wk;
}

static void worker_run(void *path, void *worker, void *ctx)
{
	(void)ctx;
	process(worker, path);
	free(path);
}

/* After each file: the count the progress line shows. */
static void file_done(size_t i, size_t nr_done, void *ctx)
{
	struct walk *w = ctx;

	(void)i;
	__atomic_store_n(&w->files_done, nr_done, __ATOMIC_RELAXED);
}

/* In the main thread, once every worker is done: its counts and its
 * caller's state. */
static void worker_done(void *worker, void *ctx)
{
	struct worker *wk = worker;
	struct walk *w = ctx;

	w->stats->files += wk->stats.files;
	w->stats->bytes += wk->stats.bytes;
	w->stats->binary += wk->stats.binary;
	w->stats->unreadable += wk->stats.unreadable;
	w->stats->vanished += wk->stats.vanished;
	w->trouble |= wk->trouble;
	if (w->opt->worker_done)
		w->opt->worker_done(wk->data, w->opt->ctx);
	free(wk->buf);
	free(wk);
}

/* ---- progress ---- */

/* The line (lib/progress.h), when it is due: built only then. */
static void show_progress(struct walk *w)
{
	struct strbuf sb = STRBUF_INIT;
	size_t done;

	if (!progress_due(0))
		return;
	done = __atomic_load_n(&w->files_done, __ATOMIC_RELAXED);
	strbuf_addf(&sb, "rwonce %s: %zu files", w->opt->what ? w->opt->what : "",
		    done);
	if (w->opt->progress_extra)
		w->opt->progress_extra(&sb, w->opt->ctx);
	progress_show(0, "%s", sb.buf);
	strbuf_release(&sb);
}

/* ---- the directory walk ---- */

static int seen_before(struct walk *w, const struct stat *st)
{
	for (size_t i = 0; i < w->seen_nr; i++)
		if (w->seen[i].dev == st->st_dev && w->seen[i].ino == st->st_ino)
			return 1;
	ALLOC_GROW(w->seen, w->seen_nr + 1, w->seen_alloc);
	w->seen[w->seen_nr].dev = st->st_dev;
	w->seen[w->seen_nr].ino = st->st_ino;
	w->seen_nr++;
	return 0;
}

struct entry {
	char *name;
	unsigned char type; /* d_type: DT_UNKNOWN when the file system
			       does not say */
};

static int cmp_entries(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name,
		      ((const struct entry *)b)->name);
}

static void walk_dir(struct walk *w, const char *dir, const struct stat *dst);

/* One directory entry: queue it, descend into it, or drop it (and path). */
/* Is `path` (resolved) `dir` or below it? */
static int is_inside(const char *dir, const char *path);

static int is_inside_any(const struct walk *w, const char *path)
{
	for (size_t i = 0; i < w->real_roots.nr; i++)
		if (is_inside(w->real_roots.items[i], path))
			return 1;
	return 0;
}

/*
 * Where a link with a C file's name leads: 1 when to a file the walk
 * reads where it is (in the folders walked, with a C name), so the link
 * itself is not read -- without -L, and with it (a file named twice is
 * read once); 0 otherwise, with *to its resolved path when it leads to
 * a file (NULL: to nothing, or to a folder: no file to read).
 */
static int link_read_there(const struct walk *w, const char *path,
			   char **to)
{
	const char *base;
	struct stat st;
	int inside = 0;

	*to = realpath(path, NULL);
	if (!*to || stat(*to, &st) < 0 || !S_ISREG(st.st_mode)) {
		free(*to);
		*to = NULL;
		return 0;
	}
	base = strrchr(*to, '/');
	for (size_t i = 0; i < w->real_roots.nr && !inside; i++)
		inside = is_inside(w->real_roots.items[i], *to);
	return inside && walk_is_c_name(base ? base + 1 : *to);
}

/* Without -L: a link whose file is not read elsewhere is named. */
static void link_not_followed(const struct walk *w, const char *path)
{
	char *to;

	if (!link_read_there(w, path, &to) && to)
		say_unchecked(w, "warning: ", path, "symbolic link to %s, %s: "
			      "not followed (-L follows links)", to,
			      is_inside_any(w, to) ?
			      "a file the walk does not read as C" :
			      "outside the folders walked");
	free(to);
}

static void visit(struct walk *w, char *path, const char *name,
		  unsigned char type)
{
	struct stat st;
	int link;

	/*
	 * d_type saves a system call per plain file (the worker's fstat()
	 * checks it again); directories, links and file systems that do not
	 * fill d_type are asked with lstat().
	 */
	if ((type == DT_REG && !walk_is_c_name(name)) ||
	    (type != DT_REG && type != DT_DIR && type != DT_LNK &&
	     type != DT_UNKNOWN) ||
	    excluded(w->opt, w->root, path)) {
		free(path);
		return;
	}
	if (type == DT_REG)
		st.st_mode = S_IFREG;
	else if (lstat(path, &st) < 0)
		st.st_mode = 0;
	link = S_ISLNK(st.st_mode);
	if (link && !w->opt->follow_symlinks) {
		if (walk_is_c_name(name))
			link_not_followed(w, path);
		st.st_mode = 0;
	} else if (link && stat(path, &st) < 0) {
		/* -L and a link to nothing (or to what cannot be reached):
		 * named, as every input the walk does not check is */
		if (walk_is_c_name(name))
			say_unchecked(w, "warning: ", path,
				      "symbolic link to nothing there (%s), "
				      "skipped", strerror(errno));
		st.st_mode = 0;
	} else if (link && S_ISREG(st.st_mode) && walk_is_c_name(name)) {
		/* -L: a link to a file the walk reads where it is is not
		 * read twice */
		char *to;

		if (link_read_there(w, path, &to))
			st.st_mode = 0;
		free(to);
	}
	if (S_ISDIR(st.st_mode)) {
		walk_dir(w, path, &st);
	} else if (S_ISREG(st.st_mode) && walk_is_c_name(name)) {
		pool_push(w->pool, path);
		show_progress(w);
		return; /* the pool owns path */
	}
	free(path);
}

static void walk_dir(struct walk *w, const char *dir, const struct stat *dst)
{
	struct entry *ents = NULL;
	size_t nr = 0, alloc = 0, dl = strlen(dir);
	DIR *d;
	struct dirent *de;

	if (w->opt->follow_symlinks && seen_before(w, dst)) {
		say(w, "warning: ", "%s: directory already visited (symlink loop?), "
			     "skipped", dir);
		w->stats->loops++;
		return;
	}
	d = opendir(dir);
	if (!d) {
		say_unchecked(w, "error: ", dir, "cannot open directory: %s",
			      strerror(errno));
		w->trouble = 1;
		w->stats->unreadable++;
		return;
	}
	/* List, close, then descend: one open directory at a time. */
	while ((de = readdir(d)) != NULL) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		ALLOC_GROW(ents, nr + 1, alloc);
		ents[nr].name = xstrdup(de->d_name);
		ents[nr].type = de->d_type;
		nr++;
	}
	closedir(d);
	sane_qsort(ents, nr, sizeof(*ents), cmp_entries);

	for (size_t i = 0; i < nr; i++) {
		char *path = dl && dir[dl - 1] == '/' ?
			xasprintf("%s%s", dir, ents[i].name) :
			xasprintf("%s/%s", dir, ents[i].name);

		visit(w, path, ents[i].name, ents[i].type);
		free(ents[i].name);
	}
	free(ents);
}

/* While the last files are read: the progress line. */
static void tick(void *ctx)
{
	show_progress(ctx);
}

int walk_paths(const char *const *paths, size_t nr,
	       const struct walk_options *opt, struct walk_stats *stats)
{
	struct walk w;

	memset(&w, 0, sizeof(w));
	memset(stats, 0, sizeof(*stats));
	w.opt = opt;
	w.stats = stats;
	/* the tests pause the walk that reads and reports, not a quiet
	 * first pass over the same files */
	w.pause_fifo = opt->quiet || opt->reread ? NULL :
		       test_hook_fifo("RWONCE_TEST_WALK_FIFO");
	/* Only long runs get a progress line: none in the first 0.5 s. */
	progress_start(opt->progress, 0.5);
	for (size_t i = 0; i < nr; i++) {
		struct stat st;

		if (stat(paths[i], &st) < 0)
			continue;
		if (!S_ISDIR(st.st_mode)) {
			strset_add(&w.named, paths[i]);
		} else {
			char *real = realpath(paths[i], NULL);

			if (real)
				strlist_push_nodup(&w.real_roots, real);
		}
	}

	w.pool = pool_start(&(struct pool_options){
		.jobs = opt->jobs, .ctx = &w, .worker_init = worker_init,
		.worker_done = worker_done, .done = file_done },
		QUEUE_SIZE, worker_run);

	for (size_t i = 0; i < nr; i++) {
		struct stat st;

		if (stat(paths[i], &st) < 0) {
			say_unchecked(&w, "error: ", paths[i], "%s",
				      strerror(errno));
			w.trouble = 1;
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			w.root = paths[i];
			walk_dir(&w, paths[i], &st);
		} else if (excluded(opt, NULL, paths[i])) {
			continue;
		} else {
			pool_push(w.pool, xstrdup(paths[i]));
		}
	}
	pool_finish(w.pool, tick);

	free(w.seen);
	strset_release(&w.named);
	strlist_clear(&w.real_roots);
	progress_stop();
	return w.trouble ? -1 : 0;
}

/* Is `path` (resolved) `dir` or below it? */
static int is_inside(const char *dir, const char *path)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return 1;
	return !strncmp(dir, path, n) && (!path[n] || path[n] == '/');
}

char *walk_tree_root(const char *const *paths, size_t nr, const char *srcroot)
{
	char *root = NULL, *cwd, *rel = NULL;

	if (!nr)
		return NULL;
	if (srcroot) {
		root = realpath(srcroot, NULL);
	} else {
		char *p = realpath(paths[0], NULL);
		struct stat st;

		/* from the path's own folder upwards */
		if (p && stat(p, &st) == 0 && !S_ISDIR(st.st_mode)) {
			char *slash = strrchr(p, '/');

			if (slash && slash != p)
				*slash = '\0';
		}
		while (p) {
			char *git = xasprintf("%s/.git", p);
			int found = access(git, F_OK) == 0;
			char *slash = strrchr(p, '/');

			free(git);
			if (found) {
				root = p;
				break;
			}
			if (!slash || slash == p) {
				free(p);
				p = NULL;
			} else {
				*slash = '\0';
			}
		}
	}
	if (!root)
		return NULL;
	for (size_t i = 0; i < nr; i++) {
		char *p = realpath(paths[i], NULL);
		int in = p && is_inside(root, p);

		free(p);
		if (!in) {
			free(root);
			return NULL;
		}
	}
	cwd = getcwd(NULL, 0);
	if (cwd && is_inside(root, cwd)) {
		struct strbuf sb = STRBUF_INIT;

		/* one ".." per folder of cwd below root */
		for (const char *c = cwd + strlen(root); *c; c++)
			if (*c == '/')
				strbuf_addstr(&sb, sb.len ? "/.." : "..");
		rel = strbuf_detach(&sb);
		if (!*rel) {
			free(rel);
			rel = xstrdup(".");
		}
	}
	else if (cwd && is_inside(cwd, root))
		/* below the current folder: "proj", "src/linux" */
		rel = xstrdup(root + strlen(cwd) + (strcmp(cwd, "/") ? 1 : 0));
	free(cwd);
	if (rel) {
		free(root);
		return rel;
	}
	return root;
}

/* ---- the headers a run's files can see (walk_include_closure) ---- */

struct header_list {
	struct strlist paths;  /* root/.../x.h */
	size_t *by_name;       /* indices, sorted by base name */
};

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static struct strlist *sort_paths; /* for by_name_order (single thread) */

static int by_name_order(const void *a_, const void *b_)
{
	size_t a = *(const size_t *)a_, b = *(const size_t *)b_;

	return strcmp(base_name(sort_paths->items[a]),
		      base_name(sort_paths->items[b]));
}

/* Every *.c (with_c) and *.h below dir; no hidden folders, no links. */
static void list_files(const char *dir, int depth, int with_c,
		       struct strlist *out)
{
	DIR *d;
	struct dirent *de;

	if (depth > 64 || !(d = opendir(dir)))
		return;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		struct stat st;
		char *p;

		if (de->d_name[0] == '.')
			continue;
		p = xasprintf("%s/%s", dir, de->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			list_files(p, depth + 1, with_c, out);
		else if (S_ISREG(st.st_mode) && n > 2 && de->d_name[n - 2] == '.' &&
			 (de->d_name[n - 1] == 'h' ||
			  (with_c && de->d_name[n - 1] == 'c')))
			strlist_push(out, p);
		free(p);
	}
	closedir(d);
}

/* The names of the #include lines of buf: "x.h" (quoted 1) or <x.h>. */
static void each_include(const char *buf, size_t len,
			 void (*fn)(const char *name, size_t n, int quoted,
				    void *ctx),
			 void *ctx)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p)), *q = p;

		if (!eol)
			eol = end;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		if (q < eol && *q == '#') {
			for (q++; q < eol && (*q == ' ' || *q == '\t'); q++)
				;
			if (eol - q > 7 && !strncmp(q, "include", 7)) {
				q += 7;
				if (eol - q > 5 && !strncmp(q, "_next", 5))
					q += 5;
				while (q < eol && (*q == ' ' || *q == '\t'))
					q++;
				if (q < eol && (*q == '"' || *q == '<')) {
					char close = *q == '"' ? '"' : '>';
					const char *e = memchr(q + 1, close,
							       (size_t)(eol - q - 1));

					if (e && e > q + 1)
						fn(q + 1, (size_t)(e - q - 1),
						   close == '"', ctx);
				}
			}
		}
		p = eol + 1;
	}
}

struct closure {
	struct header_list *h;
	struct strset seen;
	struct strlist todo, *out;
	const char *from; /* the file whose includes are read */
};

static void reach(struct closure *c, const char *path)
{
	if (strset_add(&c->seen, path)) {
		strlist_push(&c->todo, path);
		strlist_push(c->out, path);
	}
}

static void on_include(const char *name, size_t n, int quoted, void *ctx)
{
	struct closure *c = ctx;
	char *want = xstrndup(name, n);
	const char *base = base_name(want);
	size_t lo = 0, hi = c->h->paths.nr;

	if (quoted) {
		/* "x.h": the including file's folder first */
		const char *slash = strrchr(c->from, '/');
		char *near = xasprintf("%.*s/%s", slash ? (int)(slash - c->from) : 1,
				       slash ? c->from : ".", want);

		if (access(near, F_OK) == 0 && walk_is_c_name(near)) {
			reach(c, near);
			free(near);
			free(want);
			return;
		}
		free(near);
	}
	/* any header of the tree that ends in /x.h */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(base_name(c->h->paths.items[c->h->by_name[mid]]), base) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < c->h->paths.nr; lo++) {
		const char *p = c->h->paths.items[c->h->by_name[lo]];
		size_t pn = strlen(p), wn = strlen(want);

		if (strcmp(base_name(p), base))
			break;
		if (pn > wn && p[pn - wn - 1] == '/' && !strcmp(p + pn - wn, want))
			reach(c, p);
	}
	free(want);
}

void walk_include_closure(const char *root, const char *const *paths,
			  size_t nr, struct strlist *out)
{
	struct header_list h = { STRLIST_INIT, NULL };
	struct closure c = { &h, STRSET_INIT, STRLIST_INIT, out, NULL };
	struct strlist start = STRLIST_INIT;

	list_files(root, 0, 0, &h.paths);
	h.by_name = xcalloc(h.paths.nr + 1, sizeof(*h.by_name));
	for (size_t i = 0; i < h.paths.nr; i++)
		h.by_name[i] = i;
	sort_paths = &h.paths;
	sane_qsort(h.by_name, h.paths.nr, sizeof(*h.by_name), by_name_order);
	sort_paths = NULL;
	for (size_t i = 0; i < nr; i++) {
		struct stat st;

		if (stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode))
			list_files(paths[i], 0, 1, &start);
		else
			strlist_push(&start, paths[i]);
	}
	for (size_t i = 0; i < start.nr; i++)
		(void)strset_add(&c.seen, start.items[i]);
	for (size_t i = 0; i < start.nr + c.todo.nr; i++) {
		const char *f = i < start.nr ? start.items[i] :
					      c.todo.items[i - start.nr];
		size_t len;
		char *buf = read_file(f, &len);

		if (!buf)
			continue;
		c.from = f;
		if (memmem(buf, len, "include", 7))
			each_include(buf, len, on_include, &c);
		free(buf);
	}
	strset_release(&c.seen);
	strlist_clear(&c.todo);
	strlist_clear(&start);
	strlist_clear(&h.paths);
	free(h.by_name);
}
