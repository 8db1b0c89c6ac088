/*
 * rwonce's JSON and SARIF findings read back: the one reader beside the
 * writer (report.c), for what takes a result of an earlier run as input
 * -- baselines and fix --from-scan.
 */
#include "findings/read-json.h"
#include "findings/baseline.h"
#include "lib/json.h"
#include "lib/util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct reading {
	struct json_reader j;
	struct strbuf key, val;
	struct findings_doc *doc;
	struct finding cur;    /* the finding being read */
	int path_exact;        /* cur.path is from "path_bytes" */
};

/* Which list of rwonce's JSON a finding is read from. */
enum section { NOT_FINDINGS, REPORTED, SUPPRESSED, BASELINED };

/* One member's value, its key in r->key; consumes it: 0 or -1. */
typedef int member_fn(struct reading *r);

/* A string (or null: left as it is) into *slot. */
static int read_string(struct reading *r, char **slot)
{
	if (json_peek(&r->j) == 'n')
		return json_skip_value(&r->j);
	if (json_peek(&r->j) != '"' || json_read_string(&r->j, &r->val) < 0)
		return -1;
	free(*slot);
	*slot = xstrdup(r->val.buf);
	return 0;
}

/* A line, a column, a size: a small non-negative integer. */
static int read_unsigned(struct reading *r, unsigned *out)
{
	uint64_t v;

	if (json_read_u64(&r->j, &v) < 0 || v > 1u << 30)
		return -1;
	*out = (unsigned)v;
	return 0;
}

static int read_bool(struct reading *r, int *out)
{
	int c = json_peek(&r->j);

	if (c != 't' && c != 'f')
		return -1;
	*out = c == 't';
	return json_skip_value(&r->j);
}

/* A rule's name: its id, or -1 when this rwonce does not know it. */
static int read_rule(struct reading *r)
{
	if (json_peek(&r->j) != '"' || json_read_string(&r->j, &r->val) < 0)
		return -1;
	r->cur.rule = (enum rule_id)rule_lookup(r->val.buf);
	return 0;
}

/* An object: every member to fn.  0, or -1 when malformed. */
static int each_member(struct reading *r, member_fn *fn)
{
	if (!json_eat(&r->j, '{'))
		return -1;
	if (json_eat(&r->j, '}'))
		return 0;
	do {
		if (json_read_string(&r->j, &r->key) < 0 ||
		    !json_eat(&r->j, ':') || fn(r) < 0)
			return -1;
	} while (json_eat(&r->j, ','));
	return json_eat(&r->j, '}') ? 0 : -1;
}

/* A finding read whole: onto the list, as its section says. */
static void keep_finding(struct reading *r, enum section s)
{
	struct finding *f = &r->cur;

	if (s == SUPPRESSED && !f->suppression)
		f->suppression = xstrdup("");
	if (s != SUPPRESSED) {
		free(f->suppression);
		f->suppression = NULL;
	}
	f->baselined = s == BASELINED;
	finding_list_add(&r->doc->list, f);
}

/* An array of objects, each to each_member(fn); of findings (s is not
 * NOT_FINDINGS): each object is a finding. */
static int each_object(struct reading *r, member_fn *fn, enum section s)
{
	if (!json_eat(&r->j, '['))
		return -1;
	if (json_eat(&r->j, ']'))
		return 0;
	do {
		int bad;

		if (s == NOT_FINDINGS) {
			if (each_member(r, fn) < 0)
				return -1;
			continue;
		}
		memset(&r->cur, 0, sizeof(r->cur));
		r->cur.rule = (enum rule_id)-1;
		r->path_exact = 0;
		bad = each_member(r, fn) < 0;
		if (!bad)
			keep_finding(r, s);
		finding_release(&r->cur);
		if (bad)
			return -1;
	} while (json_eat(&r->j, ','));
	return json_eat(&r->j, ']') ? 0 : -1;
}

/* ---- rwonce's JSON ---- */

/* The string members kept, and where. */
static char **string_slot(struct finding *f, const char *key)
{
	static const struct {
		const char *key;
		size_t offset;
	} slots[] = {
		{ "path", offsetof(struct finding, path) },
		{ "message", offsetof(struct finding, message) },
		{ "type", offsetof(struct finding, type_spelled) },
		{ "type_canonical", offsetof(struct finding, type_canonical) },
		{ "function", offsetof(struct finding, function) },
		{ "fingerprint", offsetof(struct finding, fingerprint) },
		{ "justification", offsetof(struct finding, suppression) },
		{ "placed_object", offsetof(struct finding, placed_object) },
	};

	for (size_t i = 0; i < ARRAY_SIZE(slots); i++)
		if (!strcmp(slots[i].key, key))
			return (char **)((char *)f + slots[i].offset);
	return NULL;
}

/* The number members kept, and where. */
static unsigned *number_slot(struct finding *f, const char *key)
{
	return !strcmp(key, "line") ? &f->line :
	       !strcmp(key, "column") ? &f->col :
	       !strcmp(key, "end_line") ? &f->end_line :
	       !strcmp(key, "end_column") ? &f->end_col :
	       !strcmp(key, "size") ? &f->size : NULL;
}

/* The exact bytes of a name that is not UTF-8 ("path" has U+FFFD for
 * them). */
static int read_path_bytes(struct reading *r)
{
	struct strbuf raw = STRBUF_INIT;
	int bad = json_peek(&r->j) != '"' ||
		  json_read_string(&r->j, &raw) < 0 ||
		  json_path_bytes_decode(raw.buf, &r->val) < 0;

	strbuf_release(&raw);
	if (bad)
		return -1;
	free(r->cur.path);
	r->cur.path = xstrdup(r->val.buf);
	r->path_exact = 1;
	return 0;
}

/* A member of one of its findings. */
static int finding_member(struct reading *r)
{
	struct finding *f = &r->cur;
	const char *key = r->key.buf;
	char **s = string_slot(f, key);
	unsigned *n = number_slot(f, key);

	if (s == &f->path && r->path_exact) /* path_bytes came first */
		return json_skip_value(&r->j);
	if (s)
		return read_string(r, s);
	if (n)
		return read_unsigned(r, n);
	if (!strcmp(key, "path_bytes"))
		return read_path_bytes(r);
	if (!strcmp(key, "rule"))
		return read_rule(r);
	if (!strcmp(key, "fixable"))
		return read_bool(r, &f->fixable);
	return json_skip_value(&r->j);
}

/* ---- SARIF ---- */

/* A result's partialFingerprints: rwonce's key (v3 or v2). */
static int fingerprints_member(struct reading *r)
{
	int v3 = !strcmp(r->key.buf, FINGERPRINT_SARIF_KEY);

	if (!v3 && strcmp(r->key.buf, FINGERPRINT_SARIF_KEY_V2))
		return json_skip_value(&r->j);
	r->doc->sarif_v3 |= v3;
	r->doc->sarif_v2 |= !v3;
	return json_peek(&r->j) == '"' ? read_string(r, &r->cur.fingerprint) :
		-1;
}

/* A result's message: {"text": ...}. */
static int message_member(struct reading *r)
{
	if (!strcmp(r->key.buf, "text"))
		return json_peek(&r->j) == '"' ?
			read_string(r, &r->cur.message) : -1;
	return json_skip_value(&r->j);
}

/* A location: the first uri and region met. */
static int place_member(struct reading *r)
{
	const char *key = r->key.buf;

	if (!strcmp(key, "physicalLocation") ||
	    !strcmp(key, "artifactLocation") || !strcmp(key, "region"))
		return each_member(r, place_member);
	if (!strcmp(key, "uri") && !r->cur.path)
		return json_peek(&r->j) == '"' ?
			read_string(r, &r->cur.path) : -1;
	if (!strcmp(key, "startLine") && !r->cur.line)
		return read_unsigned(r, &r->cur.line);
	if (!strcmp(key, "startColumn") && !r->cur.col)
		return read_unsigned(r, &r->cur.col);
	return json_skip_value(&r->j);
}

static int result_member(struct reading *r)
{
	const char *key = r->key.buf;

	if (!strcmp(key, "partialFingerprints"))
		return each_member(r, fingerprints_member);
	if (!strcmp(key, "message"))
		return each_member(r, message_member);
	if (!strcmp(key, "locations"))
		return each_object(r, place_member, NOT_FINDINGS);
	if (!strcmp(key, "ruleId"))
		return read_rule(r);
	return json_skip_value(&r->j);
}

static int run_member(struct reading *r)
{
	if (!strcmp(r->key.buf, "results"))
		return each_object(r, result_member, REPORTED);
	return json_skip_value(&r->j);
}

/* ---- the document ---- */

static int top_member(struct reading *r)
{
	static const char *const lists[] = {
		[REPORTED] = "findings", [SUPPRESSED] = "suppressed",
		[BASELINED] = "baselined",
	};
	const char *key = r->key.buf;

	for (enum section s = REPORTED; s <= BASELINED; s++)
		if (!strcmp(key, lists[s])) {
			r->doc->formats |= FINDINGS_DOC_JSON;
			return each_object(r, finding_member, s);
		}
	if (!strcmp(key, "runs")) {
		r->doc->formats |= FINDINGS_DOC_SARIF;
		return each_object(r, run_member, NOT_FINDINGS);
	}
	if (!strcmp(key, FINGERPRINT_JSON_VERSION))
		return read_unsigned(r, &r->doc->fingerprint_version);
	return json_skip_value(&r->j);
}

enum findings_read_status findings_read_json(const char *text, size_t len,
					     struct findings_doc *doc,
					     size_t *offset)
{
	struct reading r;
	enum findings_read_status ret = FINDINGS_READ_OK;

	memset(&r, 0, sizeof(r));
	r.doc = doc;
	/* First the syntax, then the shape: a valid document of another
	 * shape is no "invalid JSON" */
	json_reader_init(&r.j, text, len);
	if (json_skip_value(&r.j) < 0 || !json_at_end(&r.j)) {
		*offset = json_offset(&r.j);
		return FINDINGS_READ_NOT_JSON;
	}
	json_reader_init(&r.j, text, len);
	if (each_member(&r, top_member) < 0 || !json_at_end(&r.j))
		ret = FINDINGS_READ_BAD_SHAPE;
	*offset = json_offset(&r.j);
	strbuf_release(&r.key);
	strbuf_release(&r.val);
	return ret;
}

void findings_doc_release(struct findings_doc *doc)
{
	finding_list_release(&doc->list);
	memset(doc, 0, sizeof(*doc));
}
