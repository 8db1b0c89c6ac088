/*
 * The two formats a CI system reads directly (report.h): GitLab's Code
 * Quality report and GitHub's workflow annotations.
 *
 * codequality: a JSON array, one object per reported finding, with the
 *   fields GitLab documents as required -- description, check_name,
 *   fingerprint, severity (info, minor, major, critical, blocker),
 *   location.path (relative to the repository: --srcroot) and
 *   location.lines.begin.  The fingerprint is the finding's own (stable
 *   across unrelated edits, triage.h), so a merge request's report
 *   compares with its target's.
 * github: one workflow command per reported finding,
 *   ::error file=P,line=L,col=C,endLine=..,endColumn=..,title=T::MESSAGE
 *   (notice for a note), with GitHub's escaping: in the message '%',
 *   CR and LF become %25, %0D and %0A; in a property ':' and ',' also
 *   become %3A and %2C.  The runner turns them into annotations on the
 *   pull request's diff; no code scanning needed.
 * Suppressed and baselined findings are left out of both: they are the
 * findings a gate does not count.
 */
#include "findings/report.h"
#include "lib/json.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* path relative to the report's root (--srcroot, default "."), or as
 * given when it lies outside */
static const char *repo_path(const char *path, const char *root,
			     char **abs)
{
	const char *rel;

	*abs = source_path_absolute(path);
	rel = source_path_relative(*abs, root);
	return rel ? rel : path;
}

static const char *codequality_severity(enum level l)
{
	return l == LEVEL_ERROR ? "critical" : l == LEVEL_WARNING ? "major" :
		"info";
}

static int flush_to(FILE *f, struct strbuf *sb)
{
	if (sb->len && fwrite(sb->buf, 1, sb->len, f) != sb->len)
		return -1;
	strbuf_reset(sb);
	return 0;
}

int report_write_codequality(FILE *f, const struct finding_list *l,
			     const struct report_options *o)
{
	struct strbuf sb = STRBUF_INIT, desc = STRBUF_INIT;
	char *root = source_path_absolute(o->srcroot ? o->srcroot : ".");
	size_t n = 0;
	int ret = 0;

	strbuf_addch(&sb, '[');
	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];
		char *abs;
		const char *path;

		if (!finding_is_active(x))
			continue;
		path = repo_path(x->path, root, &abs);
		strbuf_reset(&desc);
		strbuf_addf(&desc, "%s [%s]", x->message, rules[x->rule].name);
		strbuf_addstr(&sb, n++ ? ",\n  {\"description\": " :
			      "\n  {\"description\": ");
		json_add_string(&sb, desc.buf);
		strbuf_addf(&sb, ", \"check_name\": \"%s\", \"fingerprint\": ",
			    rules[x->rule].name);
		/* the rule is part of it: two rules at one place differ */
		strbuf_reset(&desc);
		strbuf_addf(&desc, "%s:%s", rules[x->rule].name,
			    x->fingerprint ? x->fingerprint : "");
		json_add_string(&sb, desc.buf);
		strbuf_addf(&sb, ", \"severity\": \"%s\", \"location\": "
			    "{\"path\": ",
			    codequality_severity(rules[x->rule].level));
		json_add_string(&sb, path);
		strbuf_addf(&sb, ", \"lines\": {\"begin\": %u", x->line);
		if (x->end_line > x->line)
			strbuf_addf(&sb, ", \"end\": %u", x->end_line);
		strbuf_addstr(&sb, "}}}");
		free(abs);
		if (sb.len > 65536 && flush_to(f, &sb))
			ret = -1;
	}
	strbuf_addstr(&sb, n ? "\n]\n" : "]\n");
	if (flush_to(f, &sb))
		ret = -1;
	strbuf_release(&sb);
	strbuf_release(&desc);
	free(root);
	return ret;
}

/* GitHub's escaping of a command's message (property: also ':' and
 * ','), so that no text of a finding can end the command or start
 * another one. */
static void github_escape(struct strbuf *sb, const char *s, int property)
{
	for (; *s; s++) {
		switch (*s) {
		case '%':
			strbuf_addstr(sb, "%25");
			break;
		case '\r':
			strbuf_addstr(sb, "%0D");
			break;
		case '\n':
			strbuf_addstr(sb, "%0A");
			break;
		case ':':
			strbuf_addstr(sb, property ? "%3A" : ":");
			break;
		case ',':
			strbuf_addstr(sb, property ? "%2C" : ",");
			break;
		default:
			strbuf_addch(sb, *s);
		}
	}
}

int report_write_github(FILE *f, const struct finding_list *l,
			const struct report_options *o)
{
	static const char *const command[LEVEL__COUNT] = {
		[LEVEL_NOTE] = "notice", [LEVEL_WARNING] = "warning",
		[LEVEL_ERROR] = "error",
	};
	struct strbuf sb = STRBUF_INIT, title = STRBUF_INIT;
	char *root = source_path_absolute(o->srcroot ? o->srcroot : ".");
	int ret = 0;

	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];
		char *abs;
		const char *path;

		if (!finding_is_active(x))
			continue;
		path = repo_path(x->path, root, &abs);
		strbuf_addf(&sb, "::%s file=", command[rules[x->rule].level]);
		github_escape(&sb, path, 1);
		strbuf_addf(&sb, ",line=%u", x->line);
		if (x->col)
			strbuf_addf(&sb, ",col=%u", x->col);
		if (x->end_line && x->end_col)
			strbuf_addf(&sb, ",endLine=%u,endColumn=%u", x->end_line,
				    x->end_col);
		strbuf_reset(&title);
		strbuf_addf(&title, "rwonce %s: %s",
			    o->command,
			    rules[x->rule].name);
		strbuf_addstr(&sb, ",title=");
		github_escape(&sb, title.buf, 1);
		strbuf_addstr(&sb, "::");
		github_escape(&sb, x->message, 0);
		/* scan's notes (function, instructions) on the lines below */
		if (x->notes && *x->notes) {
			char *notes = xstrdup(x->notes);
			size_t n = strlen(notes);

			while (n && notes[n - 1] == '\n')
				notes[--n] = '\0';
			strbuf_addstr(&sb, "%0A");
			github_escape(&sb, notes, 0);
			free(notes);
		}
		strbuf_addch(&sb, '\n');
		free(abs);
		if (sb.len > 65536 && flush_to(f, &sb))
			ret = -1;
	}
	if (flush_to(f, &sb))
		ret = -1;
	strbuf_release(&sb);
	strbuf_release(&title);
	free(root);
	return ret;
}
