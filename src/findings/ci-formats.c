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

/*
 * The findings a CI format reports -- the active ones, in list order --
 * each with its path relative to the report's root (--srcroot, default
 * "."), or as given when it lies outside:
 *
 *	struct active_finding it;
 *
 *	active_finding_start(&it, l, o);
 *	while (active_finding_next(&it))
 *		... it.x, it.path ...
 *
 * The last call, which returns 0, releases what the walk held.
 */
struct active_finding {
	const struct finding_list *l;
	size_t i;
	char *root, *abs;
	const struct finding *x;
	const char *path;
};

static void active_finding_start(struct active_finding *it,
				 const struct finding_list *l,
				 const struct report_options *o)
{
	memset(it, 0, sizeof(*it));
	it->l = l;
	it->root = source_path_absolute(o->srcroot ? o->srcroot : ".");
}

static int active_finding_next(struct active_finding *it)
{
	const char *rel;

	free(it->abs);
	it->abs = NULL;
	while (it->i < it->l->nr && !finding_is_active(&it->l->items[it->i]))
		it->i++;
	if (it->i == it->l->nr) {
		free(it->root);
		it->root = NULL;
		return 0;
	}
	it->x = &it->l->items[it->i++];
	it->abs = source_path_absolute(it->x->path);
	rel = source_path_relative(it->abs, it->root);
	it->path = rel ? rel : it->x->path;
	return 1;
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
	struct active_finding it;
	size_t n = 0;
	int ret = 0;

	strbuf_addch(&sb, '[');
	active_finding_start(&it, l, o);
	while (active_finding_next(&it)) {
		const struct finding *x = it.x;

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
			    "{",
			    codequality_severity(rules[x->rule].level));
		json_add_path(&sb, "path", it.path, 1);
		strbuf_addf(&sb, ", \"lines\": {\"begin\": %u", x->line);
		if (x->end_line > x->line)
			strbuf_addf(&sb, ", \"end\": %u", x->end_line);
		strbuf_addstr(&sb, "}}}");
		if (sb.len > 65536 && flush_to(f, &sb))
			ret = -1;
	}
	strbuf_addstr(&sb, n ? "\n]\n" : "]\n");
	if (flush_to(f, &sb))
		ret = -1;
	strbuf_release(&sb);
	strbuf_release(&desc);
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
	struct active_finding it;
	int ret = 0;

	active_finding_start(&it, l, o);
	while (active_finding_next(&it)) {
		const struct finding *x = it.x;

		strbuf_addf(&sb, "::%s file=", command[rules[x->rule].level]);
		github_escape(&sb, it.path, 1);
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
		if (sb.len > 65536 && flush_to(f, &sb))
			ret = -1;
	}
	if (flush_to(f, &sb))
		ret = -1;
	strbuf_release(&sb);
	strbuf_release(&title);
	return ret;
}
