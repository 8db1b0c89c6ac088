/*
 * A path as the user sees it in a message or report: relative to the
 * current folder when it is below it ("/home/x/src/a.c" run in /home/x
 * is "src/a.c"), else as it is.  The one way every command shortens a
 * path it was given whole (the clang engine's units, scan's DWARF
 * paths, the config file found above the current folder).
 */
#ifndef RWONCE_LIB_SHOWN_PATH_H
#define RWONCE_LIB_SHOWN_PATH_H

/*
 * A pointer into path (nothing allocated): the part after the current
 * folder and its '/', when path starts with them and goes on; path
 * itself otherwise -- also when the current folder is "/" or cannot be
 * read.  NULL (a path nobody gave, such as a DWARF file entry that is
 * not there) is "?".  The current folder is read once, on first use:
 * rwonce never changes folder (children do, run-command.h).  Safe from
 * any thread.
 */
const char *shown_path(const char *path);

#endif
