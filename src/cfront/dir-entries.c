/* Folder listings that answer "not there" (dir-entries.h). */
#include "cfront/dir-entries.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>

void dir_entries_init(struct dir_entries *de)
{
	memset(de, 0, sizeof(*de));
	pthread_mutex_init(&de->lock, NULL);
}

void dir_entries_release(struct dir_entries *de)
{
	strset_release(&de->listed);
	strset_release(&de->missing);
	strset_release(&de->entries);
	strset_release(&de->names);
	pthread_mutex_destroy(&de->lock);
}

/* Read folder (spelled with its last '/', "" for the current one) into
 * de: 1 when listed, 0 when missing, -1 when it cannot be told. */
static int list_folder(struct dir_entries *de, const char *folder)
{
	struct strbuf names = STRBUF_INIT;
	struct dirent *e;
	DIR *dir = opendir(*folder ? folder : ".");

	if (!dir) {
		if (errno != ENOENT && errno != ENOTDIR) {
			pthread_mutex_lock(&de->lock);
			de->unlisted = 1;
			pthread_mutex_unlock(&de->lock);
			return -1; /* unreadable, yet maybe searchable */
		}
		pthread_mutex_lock(&de->lock);
		strset_add(&de->missing, folder);
		pthread_mutex_unlock(&de->lock);
		return 0;
	}
	/* the names first, outside the lock; then all at once */
	while ((e = readdir(dir))) {
		strbuf_addstr(&names, folder);
		strbuf_addstr(&names, e->d_name);
		strbuf_addch(&names, '\0');
	}
	closedir(dir);
	pthread_mutex_lock(&de->lock);
	if (strset_add(&de->listed, folder)) {
		de->folders_read++;
		for (size_t at = 0; at < names.len;
		     at += strlen(names.buf + at) + 1) {
			strset_add(&de->entries, names.buf + at);
			strset_add(&de->names, names.buf + at + strlen(folder));
		}
	}
	pthread_mutex_unlock(&de->lock);
	strbuf_release(&names);
	return 1;
}

int dir_entries_may_have(struct dir_entries *de, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *folder = xstrndup(path, slash ? (size_t)(slash - path) + 1 : 0);
	int state, there = 1;

	if (slash && !slash[1]) /* "a/b/": for access() to say */
		goto out;
	pthread_mutex_lock(&de->lock);
	state = strset_has(&de->listed, folder) ? 1 :
		strset_has(&de->missing, folder) ? 0 : -2;
	pthread_mutex_unlock(&de->lock);
	if (state == -2)
		state = list_folder(de, folder);
	if (state < 0)
		goto out;
	pthread_mutex_lock(&de->lock);
	there = state && strset_has(&de->entries, path);
	de->answered += !there;
	pthread_mutex_unlock(&de->lock);
out:
	free(folder);
	return there;
}

void dir_entries_list(struct dir_entries *de, const char *const *folders,
		      size_t nr)
{
	struct strbuf f = STRBUF_INIT;

	for (size_t i = 0; i < nr; i++) {
		int known;

		strbuf_reset(&f);
		strbuf_addstr(&f, folders[i]);
		strbuf_addch(&f, '/');
		pthread_mutex_lock(&de->lock);
		known = strset_has(&de->listed, f.buf) ||
			strset_has(&de->missing, f.buf);
		pthread_mutex_unlock(&de->lock);
		if (!known)
			(void)list_folder(de, f.buf);
	}
	strbuf_release(&f);
}

int dir_entries_in_none(struct dir_entries *de, const char *name)
{
	int none;

	pthread_mutex_lock(&de->lock);
	none = !de->unlisted && !strset_has(&de->names, name);
	pthread_mutex_unlock(&de->lock);
	return none;
}
