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

/* Keep a message already formatted (when keeping). */
void messages_add_text(const char *prefix, const char *text);

/*
 * An input that was not checked, and why: kept always (up to a limit),
 * for the reports to name -- JSON's "unchecked", SARIF's notifications
 * with the artifact, the HTML page.  error_unchecked() (util.h) prints
 * and keeps one.
 */
struct unchecked_input {
	enum message_level level; /* error: not checked; warning: skipped */
	char *path;
	char *reason;
};

void messages_unchecked(enum message_level level, const char *path,
			const char *reason);
/* The inputs kept, sorted by path, then reason (workers say them in any
 * order); *dropped: how many beyond the limit. */
const struct unchecked_input *messages_unchecked_list(size_t *nr,
						     size_t *dropped);

/* "unchecked": [{"path", "path_bytes" (json_add_path), "level",
 * "reason"}, ...]: every input the run did not check and why, for the
 * JSON of audit, scan and fix. */
struct strbuf;
void messages_unchecked_json(struct strbuf *sb);

/* The messages kept so far, in the order they were printed. */
const struct kept_message *messages_kept(size_t *nr);
/* How many were printed beyond the limit and not kept. */
size_t messages_dropped(void);

#endif
