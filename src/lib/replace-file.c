/* Replacing a file whole, never half (replace-file.h). */
#include "lib/replace-file.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int replace_file_begin(struct replace_file *r, const char *path)
{
	const char *slash = strrchr(path, '/');

	r->path = xstrdup(path);
	strbuf_init(&r->tmp);
	if (slash)
		strbuf_add(&r->tmp, path, (size_t)(slash - path) + 1);
	strbuf_addf(&r->tmp, ".%s.rwonce-XXXXXX", slash ? slash + 1 : path);
	r->fd = mkstemp(r->tmp.buf);
	if (r->fd < 0) {
		/* nothing to remove: forget the name */
		strbuf_reset(&r->tmp);
		return -1;
	}
	return 0;
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

int replace_file_close(struct replace_file *r)
{
	int fd = r->fd;

	if (fd < 0)
		return 0;
	r->fd = -1;
	if (fsync(fd) < 0) {
		int err = errno;

		close(fd);
		errno = err;
		return -1;
	}
	return close(fd);
}

int replace_file_commit(struct replace_file *r)
{
	const char *slash = strrchr(r->path, '/');
	char *dir;
	int dirfd;

	if (replace_file_close(r) < 0 || rename(r->tmp.buf, r->path) < 0)
		return -1;
	/* Make the rename durable; failing here loses nothing. */
	dir = slash ? xstrndup(r->path, (size_t)(slash - r->path) + 1)
		    : xstrdup(".");
	dirfd = open(dir, O_RDONLY | O_DIRECTORY);
	if (dirfd >= 0) {
		fsync(dirfd);
		close(dirfd);
	}
	free(dir);
	strbuf_reset(&r->tmp); /* renamed: nothing left to remove */
	replace_file_abort(r);
	return 0;
}

void replace_file_abort(struct replace_file *r)
{
	int err = errno; /* the caller may still want to report it */

	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
	if (r->tmp.len)
		unlink(r->tmp.buf);
	strbuf_release(&r->tmp);
	free(r->path);
	r->path = NULL;
	errno = err;
}
