#define _GNU_SOURCE /* vasprintf */
#include "lib/util.h"
#include "lib/messages.h"
#include "lib/progress.h"
#include "lib/strbuf.h"
#include "lib/tempdir.h"
#include "lib/utf8.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void fput_message(FILE *f, const char *prefix, const char *text,
		  int keep_newlines)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, "rwonce: ");
	strbuf_addstr(&sb, prefix);
	strbuf_add_visible(&sb, text, strlen(text), keep_newlines);
	strbuf_addch(&sb, '\n');
	if (f == stderr) /* not into the middle of the progress line */
		progress_hold();
	fwrite(sb.buf, 1, sb.len, f);
	if (f == stderr)
		progress_release();
	strbuf_release(&sb);
}

void fput_visible_line(FILE *f, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	char *text;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("out of memory");
	strbuf_add_visible(&sb, text, (size_t)n, 0);
	strbuf_addch(&sb, '\n');
	fwrite(sb.buf, 1, sb.len, f);
	strbuf_release(&sb);
	free(text);
}

static void vreport(const char *prefix, const char *fmt, va_list ap)
{
	va_list keep;
	char *text;

	va_copy(keep, ap);
	messages_add(prefix, fmt, keep);
	va_end(keep);
	if (vasprintf(&text, fmt, ap) < 0) { /* out of memory: as it is */
		fprintf(stderr, "rwonce: %s%s\n", prefix, fmt);
		return;
	}
	fput_message(stderr, prefix, text, strchr(fmt, '\n') != NULL);
	free(text);
}

/* Print and keep an input that was not checked. */
static void vunchecked(enum message_level level, const char *path,
		       const char *fmt, va_list ap)
{
	char *reason;
	struct strbuf sb = STRBUF_INIT;

	if (vasprintf(&reason, fmt, ap) < 0)
		reason = NULL;
	messages_unchecked(level, path, reason ? reason : fmt);
	strbuf_addf(&sb, "%s: %s", path, reason ? reason : fmt);
	messages_add_text(level == MESSAGE_ERROR ? "error: " : "warning: ",
			  sb.buf);
	fput_message(stderr, level == MESSAGE_ERROR ? "error: " : "warning: ",
		     sb.buf, 0);
	strbuf_release(&sb);
	free(reason);
}

int error_unchecked(const char *path, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vunchecked(MESSAGE_ERROR, path, fmt, ap);
	va_end(ap);
	return -1;
}

void warning_unchecked(const char *path, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vunchecked(MESSAGE_WARNING, path, fmt, ap);
	va_end(ap);
}

int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
	exit(EXIT_TROUBLE); /* the atexit handler removes temp dirs */
}

void die_errno(const char *fmt, ...)
{
	int err = errno;
	va_list ap;

	fputs("rwonce: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, ": %s\n", strerror(err));
	exit(EXIT_TROUBLE);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		die("out of memory (%zu x %zu bytes)", nmemb, size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char small[128], *p;
	int n;

	/* one vsnprintf when the result is short, as most are */
	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		die("bad format string");
	p = xmalloc((size_t)n + 1);
	if ((size_t)n < sizeof(small)) {
		memcpy(p, small, (size_t)n + 1);
		return p;
	}
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void strlist_push(struct strlist *l, const char *s)
{
	strlist_push_nodup(l, xstrdup(s));
}

void strlist_push_nodup(struct strlist *l, char *s)
{
	ALLOC_GROW(l->items, l->nr + 2, l->alloc);
	l->items[l->nr++] = s;
	l->items[l->nr] = NULL; /* usable as an argv */
}

void strlist_clear(struct strlist *l)
{
	for (size_t i = 0; i < l->nr; i++)
		free(l->items[i]);
	free(l->items);
	l->items = NULL;
	l->nr = l->alloc = 0;
}

void strlist_split_blanks(struct strlist *l, const char *s)
{
	while (*s) {
		size_t n;

		s += strspn(s, " \t");
		n = strcspn(s, " \t");
		if (n)
			strlist_push_nodup(l, xstrndup(s, n));
		s += n;
	}
}

/* open_regular(), and the file's size then (a hint: it may grow);
 * blocking again when blocking (read_file() closes it after its reads,
 * which never block on a regular file: two system calls a file spared,
 * 25,000 in a scan of Debian's vmlinux with its sources). */
static int open_regular_sized(const char *path, size_t *size, int blocking)
{
	/* O_NONBLOCK: opening a FIFO for reading would wait for a writer */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	struct stat st;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0) {
		int err = errno;

		close(fd);
		errno = err;
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		errno = ENOT_REGULAR_FILE;
		return -1;
	}
	/* reads of a regular file never block; cleared all the same for
	 * the callers that keep the descriptor */
	if (blocking)
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	*size = st.st_size > 0 ? (size_t)st.st_size : 0;
	return fd;
}

int open_regular(const char *path)
{
	size_t size;

	return open_regular_sized(path, &size, 1);
}

char *realpath_in_real_dir(const char *real_dir, const char *base)
{
	char *full, c;

	if (!real_dir || !*base || !strcmp(base, ".") || !strcmp(base, ".."))
		return NULL;
	full = xasprintf("%s%s%s", real_dir, strcmp(real_dir, "/") ? "/" : "",
			 base);
	if (readlink(full, &c, 1) < 0 && errno == EINVAL)
		return full;
	free(full);
	return NULL;
}

const char *file_strerror(int err)
{
	if (err == ENOT_REGULAR_FILE)
		return "not a regular file (a FIFO, a device or a folder is "
			"never read)";
	return strerror(err);
}

char *read_file(const char *path, size_t *len)
{
	size_t cap = 8192, n = 0, size;
	int fd = open_regular_sized(path, &size, 0);
	char *buf;

	if (fd < 0)
		return NULL;
	/* the size fstat() gave, and a byte more so that the read that
	 * sees the end needs no bigger buffer: one read, no copy (a
	 * buffer doubled from 8 KiB read a kernel header in up to six,
	 * copying it each time, issue #35) */
	if (size >= cap && size < SIZE_MAX - 2)
		cap = size + 1;
	buf = xmalloc(cap + 1);
	for (;;) {
		ssize_t r;

		if (n == cap) {
			cap *= 2;
			buf = xrealloc(buf, cap + 1);
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0) {
			int err = errno;

			if (err == EINTR)
				continue;
			free(buf);
			close(fd);
			errno = err;
			return NULL;
		}
		if (r == 0)
			break;
		n += (size_t)r;
		/* short at fstat()'s size: the end, without a read of 0 */
		if (n == size && (size_t)r < cap - (n - (size_t)r))
			break;
	}
	close(fd);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

int ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

int online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

int want_color(int fd)
{
	const char *nc = getenv("NO_COLOR");
	const char *term = getenv("TERM");

	if (nc && *nc)
		return 0;
	/* a terminal that says it cannot do escapes (git's rule too) */
	if (term && !strcmp(term, "dumb"))
		return 0;
	return isatty(fd);
}

int color_when_parse(const char *s)
{
	if (!strcmp(s, "auto"))
		return COLOR_AUTO;
	if (!strcmp(s, "always"))
		return COLOR_ALWAYS;
	if (!strcmp(s, "never"))
		return COLOR_NEVER;
	return -1;
}

int color_wanted(int when, int fd)
{
	if (when == COLOR_ALWAYS)
		return 1;
	if (when == COLOR_NEVER)
		return 0;
	return want_color(fd);
}
