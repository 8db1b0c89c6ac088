/*
 * The errors and warnings a run printed, kept for its report: SARIF names
 * every input that could not be checked in its invocation's
 * toolExecutionNotifications, not only on stderr.  util.c's error() and
 * warning() and the tree walker's messages pass through here; nothing is
 * kept until a command asks for it.  Thread-safe.
 */
#ifndef RWONCE_LIB_MESSAGES_H
#define RWONCE_LIB_MESSAGES_H

#include <stdarg.h>
#include <stddef.h>

enum message_level {
	MESSAGE_ERROR,
	MESSAGE_WARNING,
};

struct kept_message {
	enum message_level level;
	char *text; /* without "rwonce: error: " and the newline */
};

/* From now on, keep every message (up to a limit: the report should not
 * grow with a tree of a million unreadable files). */
void messages_keep(void);

/* Keep one message, when keeping; prefix is "error: " or "warning: ". */
void messages_add(const char *prefix, const char *fmt, va_list ap);

/* The messages kept so far, in the order they were printed. */
const struct kept_message *messages_kept(size_t *nr);
/* How many were printed beyond the limit and not kept. */
size_t messages_dropped(void);

#endif
