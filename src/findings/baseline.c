/*
 * Reading a baseline: an earlier run's JSON or SARIF (baseline.h), read
 * by findings_read_json() (read-json.h); here only what a baseline makes
 * of it.
 */
#include "findings/baseline.h"
#include "findings/finding.h"
#include "findings/read-json.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* What the findings read say beyond their fingerprints. */
struct taken {
	int other_rule;   /* the first rule of another command met, or -1 */
	size_t missing;   /* findings without a fingerprint */
};

/* The place, the rule and the message of f, for SARIF's "absent"
 * results: what a result of the baseline says, nothing more. */
static void keep_entry(struct baseline *b, const struct finding *f)
{
	struct finding e;

	memset(&e, 0, sizeof(e));
	e.rule = f->rule;
	e.path = f->path;
	e.line = f->line;
	e.col = f->col;
	e.message = f->message;
	e.fingerprint = f->fingerprint;
	finding_list_add(&b->entries, &e);
}

/* The fingerprints of doc's findings into b (those of its suppressed
 * ones apart), and its entries. */
static void take_findings(struct baseline *b, const struct findings_doc *doc,
			  const char *command, struct taken *t)
{
	t->other_rule = -1;
	t->missing = 0;
	for (size_t i = 0; i < doc->list.nr; i++) {
		const struct finding *f = &doc->list.items[i];
		int known = (int)f->rule >= 0;

		if (known && !rule_of_command(f->rule, command) &&
		    t->other_rule < 0)
			t->other_rule = f->rule;
		if (f->suppression) {
			if (f->fingerprint)
				strset_add(&b->suppressed, f->fingerprint);
			continue;
		}
		b->findings++;
		if (!f->fingerprint) {
			t->missing++;
			continue;
		}
		strset_add(&b->fingerprints, f->fingerprint);
		if (f->message && f->path && known)
			keep_entry(b, f);
	}
}

int baseline_load(struct baseline *b, const char *path, const char *command,
		  struct strbuf *why)
{
	struct findings_doc doc = FINDINGS_DOC_INIT;
	struct taken t = { -1, 0 };
	size_t len, at;
	char *text = read_file(path, &len);
	enum findings_read_status st;
	int ret = -1;

	if (!text) {
		strbuf_addf(why, "--baseline %s: %s", path, file_strerror(errno));
		return -1;
	}
	st = findings_read_json(text, len, &doc, &at);
	if (st == FINDINGS_READ_NOT_JSON) {
		strbuf_addf(why, "--baseline %s: not valid JSON (at byte %zu); "
			    "a baseline is the --format=json or --format=sarif "
			    "output of an earlier run", path, at);
		goto out;
	}
	if (st == FINDINGS_READ_BAD_SHAPE) {
		strbuf_addf(why, "--baseline %s: valid JSON, but not the shape "
			    "of a baseline (at byte %zu): expected the "
			    "--format=json output of an earlier run, an object "
			    "with \"findings\": [{\"fingerprint\": \"...\", "
			    "...}, ...], or its SARIF, an object with "
			    "\"runs\": [{\"results\": [...]}]", path, at);
		goto out;
	}
	take_findings(b, &doc, command, &t);
	if (doc.formats != FINDINGS_DOC_JSON &&
	    doc.formats != FINDINGS_DOC_SARIF)
		strbuf_addf(why, "--baseline %s: neither rwonce's JSON (with "
			    "\"findings\") nor SARIF (with \"runs\")", path);
	else if (t.other_rule >= 0)
		strbuf_addf(why, "--baseline %s: a result of rwonce %s (rule "
			    "'%s'), not of rwonce %s", path,
			    rules[t.other_rule].command,
			    rules[t.other_rule].name, command);
	else if (doc.formats == FINDINGS_DOC_SARIF && doc.sarif_v2 &&
		 doc.sarif_v3)
		strbuf_addf(why, "--baseline %s: a mix of %s and %s "
			    "fingerprints", path, FINGERPRINT_SARIF_KEY_V2,
			    FINGERPRINT_SARIF_KEY);
	else if (t.missing)
		strbuf_addf(why, "--baseline %s: %zu of its %zu findings have "
			    "no fingerprint (the output of an older rwonce?); "
			    "make the baseline again with this one", path,
			    t.missing, b->findings);
	else
		ret = 0;
out:
	b->version = (doc.formats == FINDINGS_DOC_JSON &&
		      doc.fingerprint_version == 3) ||
		(doc.formats == FINDINGS_DOC_SARIF && !doc.sarif_v2) ? 3 : 2;
	findings_doc_release(&doc);
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
