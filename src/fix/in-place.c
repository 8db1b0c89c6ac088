/*
 * Atomic file replacement for `rwonce fix --in-place` (see fix-inplace.h).
 */
#include "fix/in-place.h"
#include "lib/replace-file.h"
#include "lib/test-hook.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <errno.h>
#include <grp.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *inplace_check(const char *path, struct inplace_snapshot *snap)
{
	static __thread char reason[128];

	if (lstat(path, &snap->st) < 0) {
		snprintf(reason, sizeof(reason), "cannot stat: %s",
			 strerror(errno));
		return reason;
	}
	if (S_ISLNK(snap->st.st_mode))
		return "is a symbolic link; run fix on the file it names";
	if (!S_ISREG(snap->st.st_mode))
		return "is not a regular file";
	/*
	 * No write bit at all means the owner marked it read-only.  root
	 * could write it anyway; we do not, whoever runs us.
	 */
	if (!(snap->st.st_mode & 0222))
		return "is read-only";
	if (access(path, W_OK) < 0) {
		snprintf(reason, sizeof(reason), "is not writable: %s",
			 strerror(errno));
		return reason;
	}
	/* rename(2) would give this name a new inode, cutting the links. */
	if (snap->st.st_nlink > 1)
		return "has more than one hard link; replacing it would break them";
	return NULL;
}

static int same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_size == b->st_size && a->st_mode == b->st_mode &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/*
 * Test hooks: with RWONCE_TEST_INPLACE_FIFO=FIFO set, stop before the
 * final check, so a test can change the file at exactly the worst
 * moment; with RWONCE_TEST_INPLACE_DELAY_US=N, wait N microseconds
 * there, so that a signal sent at a random moment lands inside the
 * writes on any machine (t2336).
 */
static void test_pause(const char *path)
{
	const char *fifo = test_hook_fifo("RWONCE_TEST_INPLACE_FIFO");

	if (fifo)
		test_hook_pause(fifo, path);
	test_hook_delay("RWONCE_TEST_INPLACE_DELAY_US");
}

/* Does PATH still hold exactly what we read (and the same inode)? */
static const char *still_unchanged(const char *path,
				   const struct inplace_snapshot *snap,
				   const char *old_buf, size_t old_len)
{
	struct stat st;
	char *now;
	size_t now_len;
	int same;

	if (lstat(path, &st) < 0)
		return "disappeared while it was being fixed";
	if (!same_stat(&st, &snap->st))
		return "changed since it was read";
	/* mtime granularity can hide a quick edit: compare the bytes too. */
	now = read_file(path, &now_len);
	if (!now)
		return "cannot be read again";
	same = now_len == old_len && !memcmp(now, old_buf, old_len);
	free(now);
	return same ? NULL : "changed since it was read";
}

/* The message of a file not replaced: said, or kept in *out for the
 * caller to say (inplace_replace()). */
static int not_replaced(struct strbuf *out, const char *fmt, ...)
	RWONCE_PRINTF(2, 3);
static int not_replaced(struct strbuf *out, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(out ? out : &sb, fmt, ap);
	va_end(ap);
	if (!out)
		error("%s", sb.buf);
	strbuf_release(&sb);
	return -1;
}

/* "cannot keep its group": a user may own a file whose group is one
 * that user is not in (after chown -R by root); the new file would be
 * in the user's own group. */
static void group_why(char *out, size_t n, gid_t gid)
{
	struct group gr, *found = NULL;
	char buf[1024];

	if (!getgrgid_r(gid, &gr, buf, sizeof(buf), &found) && found)
		snprintf(out, n, "cannot keep its group %s, which this user "
			 "is not in", found->gr_name);
	else
		snprintf(out, n, "cannot keep its group %lu, which this user "
			 "is not in", (unsigned long)gid);
}

int inplace_replace(const char *path, const struct inplace_snapshot *snap,
		    const char *old_buf, size_t old_len,
		    const char *new_buf, size_t new_len, struct strbuf *msg)
{
	struct replace_file r;
	const char *why, *attr;
	char attr_why[512];

	if (replace_file_begin(&r, path) < 0) {
		not_replaced(msg, "%s: cannot create a temporary file next to "
			     "it: %s; not modified", path, strerror(errno));
		replace_file_abort(&r);
		return -1;
	}
	if (replace_file_write(&r, new_buf, new_len) < 0)
		goto fail_errno;
	/*
	 * Keep the owner; a user who cannot is the owner already.  Before
	 * the mode: a change of owner clears the set-user-ID and
	 * set-group-ID bits.  The group may fail alone (a user not in it):
	 * then the file would change hands, so it is refused too.
	 */
	if (fchown(r.fd, snap->st.st_uid, snap->st.st_gid) < 0) {
		if (snap->st.st_uid != geteuid()) {
			why = "cannot keep its owner";
			goto fail;
		}
		if (fchown(r.fd, (uid_t)-1, snap->st.st_gid) < 0) {
			group_why(attr_why, sizeof(attr_why), snap->st.st_gid);
			why = attr_why;
			goto fail;
		}
	}
	if (fchmod(r.fd, snap->st.st_mode & 07777) < 0)
		goto fail_errno;
	/* Extended attributes last (an ACL sets mode bits; fchown clears
	 * a capability set): an ACL, an SELinux label, user.* stay. */
	if (replace_file_copy_xattrs(&r, &attr) < 0) {
		snprintf(attr_why, sizeof(attr_why),
			 "cannot keep its extended attribute%s%s: %s",
			 attr ? " " : "s", attr ? attr : "", strerror(errno));
		why = attr_why;
		goto fail;
	}
	if (replace_file_close(&r) < 0)
		goto fail_errno;

	test_pause(path);
	if ((why = still_unchanged(path, snap, old_buf, old_len))) {
		not_replaced(msg, "%s %s; not modified", path, why);
		replace_file_abort(&r);
		return -1;
	}
	if (replace_file_commit(&r) < 0)
		goto fail_errno;
	return 0;

fail_errno:
	why = strerror(errno);
fail:
	not_replaced(msg, "%s: cannot write the fixed file: %s; not modified",
		     path, why);
	replace_file_abort(&r);
	return -1;
}
