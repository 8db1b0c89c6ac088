/*
 * Small helpers every command uses: error reporting in the tool's one
 * format ("rwonce: error: ..." on stderr), allocation that never returns
 * NULL, and growable string lists.
 */
#ifndef RWONCE_LIB_UTIL_H
#define RWONCE_LIB_UTIL_H

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Exit statuses shared by every command (see rwonce(1), EXIT STATUS). */
enum {
	EXIT_CLEAN = 0,    /* nothing found, everything ok */
	EXIT_FINDINGS = 1, /* findings or violations */
	EXIT_TROUBLE = 2,  /* bad usage, bad input, a tool that failed */
};

#if defined(__GNUC__)
#define RWONCE_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define RWONCE_NORETURN __attribute__((noreturn))
#else
#define RWONCE_PRINTF(f, a)
#define RWONCE_NORETURN
#endif

/* Print "rwonce: error: ..." and return -1, so callers can 'return error()'. */
int error(const char *fmt, ...) RWONCE_PRINTF(1, 2);
void warning(const char *fmt, ...) RWONCE_PRINTF(1, 2);
/* Print "rwonce: error: ..." and exit with EXIT_TROUBLE (temp dirs go too). */
void die(const char *fmt, ...) RWONCE_PRINTF(1, 2) RWONCE_NORETURN;
/* Like die(), adding ": strerror(errno)". */
void die_errno(const char *fmt, ...) RWONCE_PRINTF(1, 2) RWONCE_NORETURN;

void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) RWONCE_PRINTF(1, 2);

/* Grow *p (of *alloc elements of size elem) to hold at least n elements. */
#define ALLOC_GROW(p, n, alloc)                                              \
	do {                                                                 \
		if ((n) > (alloc)) {                                         \
			(alloc) = (alloc) < 16 ? 16 : (alloc) * 2;           \
			if ((alloc) < (n))                                   \
				(alloc) = (n);                               \
			(p) = xrealloc((p), (alloc) * sizeof(*(p)));         \
		}                                                            \
	} while (0)

/*
 * qsort() for every array here, empty ones included: C says qsort's base
 * must be a valid pointer even when nmemb is 0, and an empty list's items
 * are NULL (UBSan aborts on qsort(NULL, 0, ...) under
 * -fno-sanitize-recover).  One element needs no sorting either.  Call
 * this, never qsort() itself (tests/t2340 checks).
 */
static inline void sane_qsort(void *base, size_t nmemb, size_t size,
			      int (*cmp)(const void *, const void *))
{
	const char *p = (const char *)base;
	size_t i = 1;

	/* Lists that are sorted already (one file's findings, edits made
	 * in the order of the file) are common and large: a look is n - 1
	 * comparisons where glibc's merge sort copies the whole array. */
	while (i < nmemb && cmp(p + (i - 1) * size, p + i * size) <= 0)
		i++;
	if (i < nmemb)
		qsort(base, nmemb, size, cmp);
}

/* A list of owned strings. */
struct strlist {
	char **items;
	size_t nr, alloc;
};
#define STRLIST_INIT { NULL, 0, 0 }
void strlist_push(struct strlist *l, const char *s);
void strlist_push_nodup(struct strlist *l, char *s);
void strlist_clear(struct strlist *l);
/* Append the words of s, split on blanks (spaces and tabs; no quoting:
 * "-march=x -fno-y" is two words). */
void strlist_split_blanks(struct strlist *l, const char *s);

/* Does s end with suffix? */
int ends_with(const char *s, const char *suffix);

/*
 * "rwonce: <prefix><text>\n" on f, the text made visible
 * (strbuf_add_visible): no control character of a file name reaches the
 * terminal.  A newline is kept only when the message's format had one
 * (keep_newlines: a block of a compiler's diagnostics), else shown as
 * "\n" -- a file name cannot start a line of its own.
 */
void fput_message(FILE *f, const char *prefix, const char *text,
		  int keep_newlines);
/*
 * One line of diagnostics or report that holds file, function or symbol
 * names (scan -v, verify's report, fuzz's notes): fmt formatted, made
 * visible as fput_message does (a newline or ESC in a name is shown as
 * "\n", "\x1b"), then a newline.  fmt has no newline of its own.
 */
void fput_visible_line(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * error() for an input that was not checked: prints "rwonce: error:
 * PATH: REASON" and keeps (path, reason) for the reports
 * (messages_unchecked()); returns -1.  warning_unchecked(): the same as
 * a warning (an input skipped, said, no trouble by itself).
 */
int error_unchecked(const char *path, const char *fmt, ...) RWONCE_PRINTF(2, 3);
void warning_unchecked(const char *path, const char *fmt, ...)
	RWONCE_PRINTF(2, 3);

/*
 * Read a whole file; NULL and errno set on failure.  Adds a NUL byte.
 * Only a regular file is read: a FIFO, a device or a folder is opened
 * without blocking, seen by fstat() and refused with errno
 * ENOT_REGULAR_FILE (file_strerror() says so), so no input can hang a run.
 */
char *read_file(const char *path, size_t *len);

/* errno of read_file() and open_regular() for a path that is not a
 * regular file; file_strerror() words it. */
#define ENOT_REGULAR_FILE EINVAL

/* open(path, O_RDONLY) without blocking (O_NONBLOCK, then cleared),
 * and only if fstat() says a regular file: else -1, errno set
 * (ENOT_REGULAR_FILE for a FIFO, a device, a socket or a folder). */
int open_regular(const char *path);

/*
 * realpath() of dir/base, given real_dir = realpath(dir) (a copy, or
 * NULL): real_dir "/" base when base is there and not a symbolic link,
 * asked with one readlink() where glibc's realpath() asks one per part
 * of the path (issue #35).  NULL when base is empty, "." or "..", a
 * link, or anything but "not a link" (not there, not allowed): then the
 * caller asks realpath() itself, and the answer is the same either way.
 */
char *realpath_in_real_dir(const char *real_dir, const char *base);

/* strerror(), with ENOT_REGULAR_FILE worded for a file read: "not a
 * regular file (a FIFO, a device or a folder is never read)". */
const char *file_strerror(int err);

/* Number of online processors, at least 1. */
int online_cpus(void);

/* Non-zero when colour may be used on this stream: a terminal, NO_COLOR
 * not set, TERM not "dumb". */
int want_color(int fd);

/* --color=WHEN (parse-options.h's OPT_COLOR). */
enum color_when {
	COLOR_AUTO = 0, /* want_color(fd) */
	COLOR_ALWAYS,   /* even when piped, even with NO_COLOR: the user
			   asked for it on the command line */
	COLOR_NEVER,
};
/* "auto", "always", "never" -> enum color_when; -1 if unknown. */
int color_when_parse(const char *s);
/* Colour on fd, as --color=when says? */
int color_wanted(int when, int fd);

#endif
