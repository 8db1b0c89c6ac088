/* Reading a baseline: an earlier run's JSON or SARIF (baseline.h). */
#include "findings/baseline.h"
#include "findings/finding.h"
#include "lib/json.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct reading {
	struct baseline *b;
	struct strbuf key, value;
	const char *command;
	char *other_rule;        /* a rule of another command, if met */
	size_t missing;          /* findings without a fingerprint */
	int has_fp;              /* the finding being read has one */
	int format;              /* 1: rwonce's JSON, 2: SARIF */
};

/* One member's value, its key in r->key; consumes it: 0 or -1. */
typedef int member_fn(struct json_reader *j, struct reading *r);

/* An object: every member to fn.  0, or -1 when malformed. */
static int each_member(struct json_reader *j, struct reading *r,
		       member_fn *fn)
{
	if (!json_eat(j, '{'))
		return -1;
	if (json_eat(j, '}'))
		return 0;
	do {
		if (json_read_string(j, &r->key) || !json_eat(j, ':') ||
		    fn(j, r))
			return -1;
	} while (json_eat(j, ','));
	return json_eat(j, '}') ? 0 : -1;
}

/* An array of objects, each to each_member(fn); findings: each object
 * is a finding (counted, and it must have a fingerprint). */
static int each_object(struct json_reader *j, struct reading *r,
		       member_fn *fn, int findings)
{
	if (!json_eat(j, '['))
		return -1;
	if (json_eat(j, ']'))
		return 0;
	do {
		if (json_peek(j) != '{') {
			if (json_skip_value(j))
				return -1;
			continue;
		}
		r->has_fp = 0;
		if (each_member(j, r, fn))
			return -1;
		if (findings) {
			r->b->findings++;
			r->missing += !r->has_fp;
		}
	} while (json_eat(j, ','));
	return json_eat(j, ']') ? 0 : -1;
}

/* A string member's value into r->value; -1 if it is not a string. */
static int read_value(struct json_reader *j, struct reading *r)
{
	return json_peek(j) == '"' ? json_read_string(j, &r->value) : -1;
}

static void add_fingerprint(struct reading *r)
{
	strset_add(&r->b->fingerprints, r->value.buf);
	r->has_fp = 1;
}

/* A rule id of the baseline: one of this command's rules? */
static void check_rule(struct reading *r)
{
	int id = rule_lookup(r->value.buf);
	int scan = !strcmp(r->command, "scan");

	if (id >= 0 && RULE_IS_SCAN(id) != scan && !r->other_rule)
		r->other_rule = xstrdup(r->value.buf);
}

/* rwonce's JSON: a finding. */
static int finding_member(struct json_reader *j, struct reading *r)
{
	if (!strcmp(r->key.buf, "fingerprint")) {
		if (read_value(j, r))
			return -1;
		add_fingerprint(r);
		return 0;
	}
	if (!strcmp(r->key.buf, "rule")) {
		if (read_value(j, r))
			return -1;
		check_rule(r);
		return 0;
	}
	return json_skip_value(j);
}

/* SARIF: a result's partialFingerprints. */
static int fingerprints_member(struct json_reader *j, struct reading *r)
{
	if (!strcmp(r->key.buf, FINGERPRINT_SARIF_KEY)) {
		if (read_value(j, r))
			return -1;
		add_fingerprint(r);
		return 0;
	}
	return json_skip_value(j);
}

/* SARIF: a result. */
static int result_member(struct json_reader *j, struct reading *r)
{
	if (!strcmp(r->key.buf, "partialFingerprints"))
		return each_member(j, r, fingerprints_member);
	if (!strcmp(r->key.buf, "ruleId")) {
		if (read_value(j, r))
			return -1;
		check_rule(r);
		return 0;
	}
	return json_skip_value(j);
}

/* SARIF: a run. */
static int run_member(struct json_reader *j, struct reading *r)
{
	if (!strcmp(r->key.buf, "results"))
		return each_object(j, r, result_member, 1);
	return json_skip_value(j);
}

/* The document: rwonce's JSON or a SARIF log. */
static int top_member(struct json_reader *j, struct reading *r)
{
	if (!strcmp(r->key.buf, "findings") ||
	    !strcmp(r->key.buf, "baselined")) {
		r->format |= 1;
		return each_object(j, r, finding_member, 1);
	}
	if (!strcmp(r->key.buf, "runs")) {
		r->format |= 2;
		return each_object(j, r, run_member, 0);
	}
	return json_skip_value(j);
}

int baseline_load(struct baseline *b, const char *path, const char *command,
		  struct strbuf *why)
{
	struct reading r;
	struct json_reader j;
	size_t len;
	char *text = read_file(path, &len);
	int ret = -1;

	if (!text) {
		strbuf_addf(why, "--baseline %s: %s", path, file_strerror(errno));
		return -1;
	}
	memset(&r, 0, sizeof(r));
	r.b = b;
	r.command = command;
	json_reader_init(&j, text, len);
	if (each_member(&j, &r, top_member) || !json_at_end(&j))
		strbuf_addf(why, "--baseline %s: not valid JSON (at byte %zu); "
			    "a baseline is the --format=json or --format=sarif "
			    "output of an earlier run", path, json_offset(&j));
	else if (!r.format || r.format == 3)
		strbuf_addf(why, "--baseline %s: neither rwonce's JSON (with "
			    "\"findings\") nor SARIF (with \"runs\")", path);
	else if (r.other_rule)
		strbuf_addf(why, "--baseline %s: a result of rwonce %s (rule "
			    "'%s'), not of rwonce %s", path,
			    strcmp(command, "scan") ? "scan" : "audit",
			    r.other_rule, command);
	else if (r.missing)
		strbuf_addf(why, "--baseline %s: %zu of its %zu findings have "
			    "no fingerprint (the output of an older rwonce?); "
			    "make the baseline again with this one", path,
			    r.missing, b->findings);
	else
		ret = 0;
	free(r.other_rule);
	strbuf_release(&r.key);
	strbuf_release(&r.value);
	free(text);
	return ret;
}

void baseline_release(struct baseline *b)
{
	strset_release(&b->fingerprints);
	b->findings = 0;
}
