/*
 * "Is there a file at this path?" answered from folder listings, each
 * folder read once (readdir), for the searches that try one name in many
 * folders: discovery looks for each #include <name> in every folder a
 * named source is in, and on a kernel's line tables nearly all of those
 * tries find nothing -- 27,000 failed access() calls for Debian's
 * vmlinux (issue 35).  A path whose folder's listing lacks its last part
 * is not there; anything else is asked of the file system as before, so
 * the answer is access()'s (for a tree that does not change meanwhile).
 */
#ifndef RWONCE_CFRONT_DIR_ENTRIES_H
#define RWONCE_CFRONT_DIR_ENTRIES_H

#include <pthread.h>
#include <stddef.h>

#include "lib/strset.h"

struct dir_entries {
	pthread_mutex_t lock;
	struct strset listed;   /* folders read, as spelled, with their '/' */
	struct strset missing;  /* folders that are not there (ENOENT) */
	struct strset entries;  /* folder + name of every entry listed */
	struct strset names;    /* the names alone, of every folder listed */
	int unlisted;           /* a folder that could not be listed */
	size_t folders_read, answered; /* statistics */
};

void dir_entries_init(struct dir_entries *de);
void dir_entries_release(struct dir_entries *de);

/* 0 when path is surely not there (its folder is missing, or its
 * listing has no such name); 1 when it may be.  Safe from several
 * threads at once. */
int dir_entries_may_have(struct dir_entries *de, const char *path);

/* List folders[0..nr) (each spelled without its last '/'), so that
 * dir_entries_in_none() can answer for all of them at once. */
void dir_entries_list(struct dir_entries *de, const char *const *folders,
		      size_t nr);
/* 1 when no folder listed has an entry called name -- and every folder
 * given to dir_entries_list() was listed or is missing -- else 0. */
int dir_entries_in_none(struct dir_entries *de, const char *name);

#endif
