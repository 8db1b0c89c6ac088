/* Replacing a file whole, never half (replace-file.h). */
#define _GNU_SOURCE /* O_TMPFILE, linkat's AT_EMPTY_PATH */
#include "lib/replace-file.h"
#include "lib/tempdir.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

/* The folder of path, with its trailing slash ("" for the current one). */
static size_t dir_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) + 1 : 0;
}

/*
 * r->tmp becomes a fresh ".NAME.rwonce-XXXXXX" next to the file: six
 * random letters and digits, as mkstemp makes them.  The caller creates
 * it exclusively and asks again when the name is taken.
 */
static void make_temp_name(struct replace_file *r)
{
	static const char chars[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	size_t d = dir_len(r->path);
	uint64_t bits;

	if (getrandom(&bits, sizeof(bits), GRND_NONBLOCK) != sizeof(bits)) {
		static _Atomic uint64_t counter;
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		bits = ((uint64_t)ts.tv_nsec << 20) ^ (uint64_t)getpid() ^
		       (counter++ * 0x9e3779b97f4a7c15ull);
	}
	strbuf_reset(&r->tmp);
	strbuf_add(&r->tmp, r->path, d);
	strbuf_addf(&r->tmp, ".%s.rwonce-", r->path + d);
	for (int k = 0; k < 6; k++) {
		strbuf_addch(&r->tmp, chars[bits % (sizeof(chars) - 1)]);
		bits /= sizeof(chars) - 1;
	}
}

/* Forget the registered name, if any (after it is renamed or removed). */
static void forget_name(struct replace_file *r)
{
	tempfile_forget(r->slot);
	r->slot = NULL;
}

/*
 * Give the temporary file the name r->tmp: a new, registered name
 * (signals and exit remove it) made exclusively.  With fd >= 0 the file
 * exists already, nameless (O_TMPFILE), and is linked there; else it is
 * created.  Returns the descriptor of a created file, 0 for a linked
 * one, or -1 with errno set.
 */
static int name_temp_file(struct replace_file *r, int fd)
{
	for (int tries = 0; tries < 100; tries++) {
		char proc[64];
		int ret;

		make_temp_name(r);
		r->slot = tempfile_register(r->tmp.buf);
		if (fd < 0) {
			ret = open(r->tmp.buf,
				   O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		} else {
			/* /proc links any descriptor of ours; AT_EMPTY_PATH
			 * needs CAP_DAC_READ_SEARCH, so it comes second */
			snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
			ret = linkat(AT_FDCWD, proc, AT_FDCWD, r->tmp.buf,
				     AT_SYMLINK_FOLLOW);
			if (ret < 0 && errno != EEXIST)
				ret = linkat(fd, "", AT_FDCWD, r->tmp.buf,
					     AT_EMPTY_PATH);
		}
		if (ret >= 0)
			return ret;
		forget_name(r);
		if (errno != EEXIST)
			break;
	}
	strbuf_reset(&r->tmp); /* nothing of ours is there */
	return -1;
}

/*
 * A nameless file in path's folder (O_TMPFILE: Linux 3.11, on ext4,
 * tmpfs, xfs, btrfs ...), if the folder's file system makes one and
 * /proc lets it be linked later; else -1.  No interruption, SIGKILL
 * included, can leave it behind: it has no name until the switch.
 */
static int open_nameless(const struct replace_file *r)
{
#ifdef O_TMPFILE
	size_t d = dir_len(r->path);
	char *dir;
	int fd;
	char proc[64];

	/* Test hook: behave as on a file system without O_TMPFILE, so the
	 * named files' cleanup is tested where it has one. */
	if (getenv("RWONCE_TEST_NO_TMPFILE"))
		return -1;
	dir = d ? xstrndup(r->path, d) : xstrdup(".");
	fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	free(dir);
	if (fd < 0)
		return -1;
	/* linked at the commit through /proc: without it, a named file */
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if (access(proc, F_OK) < 0) {
		close(fd);
		return -1;
	}
	return fd;
#else
	(void)r;
	return -1;
#endif
}

/*
 * The process's umask, without changing it even for an instant where the
 * kernel says it (/proc/self/status, Linux 4.7): umask() can only be read
 * by setting it, which would race with files other threads create.
 */
static mode_t current_umask(void)
{
	FILE *f = fopen("/proc/self/status", "re");
	char line[128];
	mode_t mask;

	if (f) {
		unsigned int m;

		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "Umask: %o", &m) == 1) {
				fclose(f);
				return (mode_t)m & 0777;
			}
		fclose(f);
	}
	mask = umask(0);
	umask(mask);
	return mask;
}

/*
 * The temporary file is made 0600 (O_TMPFILE, mkstemp); give it the mode
 * the user expects of the file: an existing file keeps its mode, a new
 * one gets a new file's (0666 less the umask), as `>` in a shell would
 * make it.  A caller that knows better (fix keeps owner and xattrs too)
 * sets its own afterwards.
 */
static int give_mode(const struct replace_file *r)
{
	struct stat st;
	mode_t mode;

	if (!stat(r->path, &st) && S_ISREG(st.st_mode))
		mode = st.st_mode & 07777;
	else
		mode = 0666 & ~current_umask();
	return fchmod(r->fd, mode);
}

int replace_file_begin(struct replace_file *r, const char *path)
{
	r->path = xstrdup(path);
	strbuf_init(&r->tmp);
	r->slot = NULL;
	r->synced = 0;
	r->fd = open_nameless(r);
	if (r->fd >= 0) {
		r->nameless = 1;
	} else {
		r->nameless = 0;
		tempfile_hold(); /* a signal's cleanup comes before or after */
		r->fd = name_temp_file(r, -1);
		tempfile_release();
		if (r->fd < 0)
			return -1;
	}
	return give_mode(r);
}

int replace_file_write(struct replace_file *r, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(r->fd, buf, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/*
 * The names of the extended attributes of a path (fd < 0) or of an open
 * file, as listxattr gives them ("a\0b\0"), in *names; their length, or
 * -1 with errno set.  A file system without them has none.
 */
static ssize_t list_xattrs(const char *path, int fd, char **names)
{
	*names = NULL;
	for (;;) {
		ssize_t n = fd < 0 ? llistxattr(path, NULL, 0) :
				     flistxattr(fd, NULL, 0);

		if (n < 0)
			return errno == ENOTSUP ? 0 : -1;
		free(*names);
		*names = xmalloc((size_t)n + 1);
		n = fd < 0 ? llistxattr(path, *names, (size_t)n) :
			     flistxattr(fd, *names, (size_t)n);
		if (n >= 0)
			return n;
		if (errno != ERANGE)
			return -1;
	}
}

/* Is name one of the n bytes of names? */
static int has_name(const char *names, ssize_t n, const char *name)
{
	for (ssize_t p = 0; p < n; p += (ssize_t)strlen(names + p) + 1)
		if (!strcmp(names + p, name))
			return 1;
	return 0;
}

/* The value of path's attribute name in *value (of *size bytes
 * allocated); its length, or -1 with errno set. */
static ssize_t get_xattr(const char *path, const char *name, char **value,
			 size_t *size)
{
	for (;;) {
		/* with no buffer yet, lgetxattr says the length only */
		ssize_t have = lgetxattr(path, name, *value, *size);

		if (have < 0 && errno != ERANGE)
			return -1;
		if (have >= 0 && *value)
			return have;
		if (have < 0 && (have = lgetxattr(path, name, NULL, 0)) < 0)
			return -1;
		*size = (size_t)have + 1;
		free(*value);
		*value = xmalloc(*size);
	}
}

int replace_file_copy_xattrs(struct replace_file *r, const char **failed)
{
	static __thread char name_copy[256];
	char *names = NULL, *mine = NULL, *value = NULL;
	const char *bad = NULL;
	size_t size = 0;
	ssize_t n, m;
	int ret = -1;

	n = list_xattrs(r->path, -1, &names);
	if (n < 0)
		goto out;
	for (ssize_t p = 0; p < n; p += (ssize_t)strlen(names + p) + 1) {
		ssize_t have = get_xattr(r->path, names + p, &value, &size);

		if (have < 0 && errno == ENODATA)
			continue; /* removed meanwhile */
		if (have < 0 ||
		    fsetxattr(r->fd, names + p, value, (size_t)have, 0) < 0) {
			bad = names + p;
			goto out;
		}
	}
	/* What the new file got from its folder (a default ACL) and the
	 * old one did not have goes. */
	m = list_xattrs(NULL, r->fd, &mine);
	if (m < 0)
		goto out;
	for (ssize_t p = 0; p < m; p += (ssize_t)strlen(mine + p) + 1)
		if (!has_name(names, n, mine + p) &&
		    fremovexattr(r->fd, mine + p) < 0 && errno != ENODATA) {
			bad = mine + p;
			goto out;
		}
	ret = 0;
out:
	*failed = NULL;
	if (bad) {
		snprintf(name_copy, sizeof(name_copy), "%s", bad);
		*failed = name_copy;
	}
	free(names);
	free(mine);
	free(value);
	return ret;
}

int replace_file_close(struct replace_file *r)
{
	int fd = r->fd;

	if (fd < 0)
		return 0;
	if (r->nameless && r->synced)
		return 0;
	if (fsync(fd) < 0)
		goto fail;
	if (r->nameless) {
		r->synced = 1;
		return 0; /* kept open: it is linked through it at the commit */
	}
	r->fd = -1;
	return close(fd);
fail:
	{
		int err = errno;

		close(fd);
		r->fd = -1;
		errno = err;
	}
	return -1;
}

/*
 * The switch: a nameless file gets its temporary name (registered, so
 * SIGINT/SIGTERM/SIGHUP and exit remove it; SIGKILL in the instant
 * between link and rename is the one case left), then the name is
 * renamed over the path.  The calling thread blocks those signals
 * meanwhile, so a signal that reaches it lands after the rename.
 */
int replace_file_commit(struct replace_file *r)
{
	sigset_t block, old;
	int dirfd, ret = 0, err = 0;
	char *dir;

	if (replace_file_close(r) < 0)
		return -1;
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	/* and a signal taken by another thread (signal-owner.h) waits for
	 * the rename, or comes before the name is made */
	tempfile_hold();
	if (r->nameless) {
		ret = name_temp_file(r, r->fd);
		err = errno;
		close(r->fd);
		r->fd = -1;
		r->nameless = 0;
	}
	if (ret == 0 && rename(r->tmp.buf, r->path) < 0) {
		ret = -1;
		err = errno;
	}
	if (ret == 0) {
		forget_name(r);
		strbuf_reset(&r->tmp); /* renamed: nothing left to remove */
	}
	tempfile_release();
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (ret < 0) {
		errno = err;
		return -1;
	}
	/* Make the rename durable; failing here loses nothing. */
	dir = dir_len(r->path) ? xstrndup(r->path, dir_len(r->path))
			       : xstrdup(".");
	dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dirfd >= 0) {
		fsync(dirfd);
		close(dirfd);
	}
	free(dir);
	replace_file_abort(r);
	return 0;
}

void replace_file_abort(struct replace_file *r)
{
	int err = errno; /* the caller may still want to report it */

	if (r->fd >= 0)
		close(r->fd); /* a nameless file goes with it */
	r->fd = -1;
	if (r->tmp.len)
		unlink(r->tmp.buf);
	forget_name(r);
	strbuf_release(&r->tmp);
	free(r->path);
	r->path = NULL;
	errno = err;
}
