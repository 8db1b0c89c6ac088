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
	int v3_json;             /* JSON: "fingerprint_version": 3 */
	int in_suppressed;       /* JSON: reading "suppressed" */
	int v2_sarif, v3_sarif;  /* SARIF: the keys met */
	struct finding cur;      /* the finding being read */
};

/* A number member's value (a line, a column); another value is
 * skipped and leaves *out as it was. */
static int read_number(struct json_reader *j, unsigned *out)
{
	uint64_t v;

	if (json_peek(j) < '0' || json_peek(j) > '9')
		return json_skip_value(j);
	if (json_read_u64(j, &v))
		return -1;
	*out = v > 0xffffffffu ? 0 : (unsigned)v;
	return 0;
}

static void keep_entry(struct reading *r);

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
		if (findings) {
			keep_entry(r); /* drops a half-read one */
			r->cur.rule = (enum rule_id)-1;
		}
		if (each_member(j, r, fn))
			return -1;
		if (findings) {
			r->b->findings++;
			r->missing += !r->has_fp;
			keep_entry(r);
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
	strset_add(r->in_suppressed ? &r->b->suppressed : &r->b->fingerprints,
		   r->value.buf);
	r->has_fp = 1;
	free(r->cur.fingerprint);
	r->cur.fingerprint = xstrdup(r->value.buf);
}

/* The finding just read, for SARIF's "absent" results (rule, place,
 * message); one of another command's rules is not kept. */
static void keep_entry(struct reading *r)
{
	struct finding *f = &r->cur;

	if (f->fingerprint && f->message && f->path && (int)f->rule >= 0)
		finding_list_add(&r->b->entries, f);
	free(f->fingerprint);
	free(f->message);
	free(f->path);
	memset(f, 0, sizeof(*f));
	f->rule = (enum rule_id)-1;
}

static void keep_string(struct reading *r, char **where)
{
	free(*where);
	*where = xstrdup(r->value.buf);
}

/* A rule id of the baseline: one of this command's rules? */
static void check_rule(struct reading *r)
{
	int id = rule_lookup(r->value.buf);

	if (id >= 0 && !rule_of_command(id, r->command) && !r->other_rule)
		r->other_rule = xstrdup(r->value.buf);
	r->cur.rule = id >= 0 ? (enum rule_id)id : (enum rule_id)-1;
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
	if (!strcmp(r->key.buf, "path") || !strcmp(r->key.buf, "message")) {
		char **where = r->key.buf[0] == 'p' ? &r->cur.path :
			&r->cur.message;

		if (read_value(j, r))
			return -1;
		keep_string(r, where);
		return 0;
	}
	if (!strcmp(r->key.buf, "line"))
		return read_number(j, &r->cur.line);
	if (!strcmp(r->key.buf, "column"))
		return read_number(j, &r->cur.col);
	return json_skip_value(j);
}

/* SARIF: a result's partialFingerprints. */
static int fingerprints_member(struct json_reader *j, struct reading *r)
{
	int v3 = !strcmp(r->key.buf, FINGERPRINT_SARIF_KEY);

	if (v3 || !strcmp(r->key.buf, FINGERPRINT_SARIF_KEY_V2)) {
		if (read_value(j, r))
			return -1;
		r->v3_sarif |= v3;
		r->v2_sarif |= !v3;
		add_fingerprint(r);
		return 0;
	}
	return json_skip_value(j);
}

/* SARIF: a result's message, {"text": ...}. */
static int message_member(struct json_reader *j, struct reading *r)
{
	if (!strcmp(r->key.buf, "text")) {
		if (read_value(j, r))
			return -1;
		keep_string(r, &r->cur.message);
		return 0;
	}
	return json_skip_value(j);
}

/* SARIF: the first location's physicalLocation: its uri and region. */
static int place_member(struct json_reader *j, struct reading *r)
{
	if (!strcmp(r->key.buf, "physicalLocation") ||
	    !strcmp(r->key.buf, "artifactLocation") ||
	    !strcmp(r->key.buf, "region"))
		return each_member(j, r, place_member);
	if (!strcmp(r->key.buf, "uri") && !r->cur.path) {
		if (read_value(j, r))
			return -1;
		keep_string(r, &r->cur.path);
		return 0;
	}
	if (!strcmp(r->key.buf, "startLine") && !r->cur.line)
		return read_number(j, &r->cur.line);
	if (!strcmp(r->key.buf, "startColumn") && !r->cur.col)
		return read_number(j, &r->cur.col);
	return json_skip_value(j);
}

/* SARIF: a result. */
static int result_member(struct json_reader *j, struct reading *r)
{
	if (!strcmp(r->key.buf, "partialFingerprints"))
		return each_member(j, r, fingerprints_member);
	if (!strcmp(r->key.buf, "message"))
		return each_member(j, r, message_member);
	if (!strcmp(r->key.buf, "locations"))
		return each_object(j, r, place_member, 0);
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
	if (!strcmp(r->key.buf, "suppressed")) {
		int ret;

		r->format |= 1;
		r->in_suppressed = 1;
		ret = each_object(j, r, finding_member, 0);
		r->in_suppressed = 0;
		/* not an entry of its own: drop what was read */
		free(r->cur.fingerprint);
		free(r->cur.message);
		free(r->cur.path);
		r->cur.fingerprint = r->cur.message = r->cur.path = NULL;
		return ret;
	}
	if (!strcmp(r->key.buf, "runs")) {
		r->format |= 2;
		return each_object(j, r, run_member, 0);
	}
	if (!strcmp(r->key.buf, FINGERPRINT_JSON_VERSION)) {
		unsigned v = 0;
		int ret = read_number(j, &v);

		r->v3_json = v == 3;
		return ret;
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
	/* First the syntax, then the shape: a valid document of another
	 * shape is no "invalid JSON" */
	json_reader_init(&j, text, len);
	if (json_skip_value(&j) || !json_at_end(&j)) {
		strbuf_addf(why, "--baseline %s: not valid JSON (at byte %zu); "
			    "a baseline is the --format=json or --format=sarif "
			    "output of an earlier run", path, json_offset(&j));
		goto out;
	}
	json_reader_init(&j, text, len);
	if (each_member(&j, &r, top_member) || !json_at_end(&j))
		strbuf_addf(why, "--baseline %s: valid JSON, but not the shape "
			    "of a baseline (at byte %zu): expected the "
			    "--format=json output of an earlier run, an object "
			    "with \"findings\": [{\"fingerprint\": \"...\", "
			    "...}, ...], or its SARIF, an object with "
			    "\"runs\": [{\"results\": [...]}]", path,
			    json_offset(&j));
	else if (!r.format || r.format == 3)
		strbuf_addf(why, "--baseline %s: neither rwonce's JSON (with "
			    "\"findings\") nor SARIF (with \"runs\")", path);
	else if (r.other_rule)
		strbuf_addf(why, "--baseline %s: a result of rwonce %s (rule "
			    "'%s'), not of rwonce %s", path,
			    rules[rule_lookup(r.other_rule)].command,
			    r.other_rule, command);
	else if (r.format == 2 && r.v2_sarif && r.v3_sarif)
		strbuf_addf(why, "--baseline %s: a mix of %s and %s "
			    "fingerprints", path, FINGERPRINT_SARIF_KEY_V2,
			    FINGERPRINT_SARIF_KEY);
	else if (r.missing)
		strbuf_addf(why, "--baseline %s: %zu of its %zu findings have "
			    "no fingerprint (the output of an older rwonce?); "
			    "make the baseline again with this one", path,
			    r.missing, b->findings);
	else
		ret = 0;
out:
	b->version = (r.format == 1 && r.v3_json) ||
		(r.format == 2 && !r.v2_sarif) ? 3 : 2;
	keep_entry(&r); /* releases a half-read one */
	free(r.other_rule);
	strbuf_release(&r.key);
	strbuf_release(&r.value);
	free(text);
	return ret;
}

void baseline_release(struct baseline *b)
{
	strset_release(&b->fingerprints);
	strset_release(&b->suppressed);
	finding_list_release(&b->entries);
	b->findings = 0;
}

void baseline_take_absent(struct baseline *b, const struct finding_list *l,
			  char *const *fps, char *const *alt,
			  struct finding_list *absent)
{
	struct strset seen = STRSET_INIT;

	for (size_t i = 0; i < l->nr; i++) {
		strset_add(&seen, fps[i]);
		if (alt)
			strset_add(&seen, alt[i]);
	}
	for (size_t i = 0; i < b->entries.nr; i++) {
		struct finding *f;

		if (strset_has(&seen, b->entries.items[i].fingerprint))
			continue;
		f = finding_list_add(absent, &b->entries.items[i]);
		f->baseline_state = BASELINE_ABSENT;
	}
	strset_release(&seen);
}
