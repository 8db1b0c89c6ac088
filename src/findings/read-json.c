/*
 * rwonce's JSON findings read back: the one reader beside the writer
 * (report.c's json_finding), for what takes a result of an earlier run
 * as input -- fix --from-scan.
 */
#include "findings/read-json.h"
#include "lib/json.h"
#include "lib/util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* One member of a finding object. */
static int read_member(struct json_reader *j, struct finding *f,
		       const char *key, struct strbuf *val)
{
	char **s = string_slot(f, key);
	unsigned *n = number_slot(f, key);
	uint64_t v;

	if (s && json_peek(j) == '"') {
		if (json_read_string(j, val) < 0)
			return -1;
		free(*s);
		*s = xstrdup(val->buf);
	} else if (!strcmp(key, "path_bytes") && json_peek(j) == '"') {
		/* the exact bytes of a name that is not UTF-8 ("path"
		 * has U+FFFD for them) */
		struct strbuf raw = STRBUF_INIT;
		int bad = json_read_string(j, &raw) < 0 ||
			  json_path_bytes_decode(raw.buf, val) < 0;

		strbuf_release(&raw);
		if (bad)
			return -1;
		free(f->path);
		f->path = xstrdup(val->buf);
	} else if (!strcmp(key, "rule") && json_peek(j) == '"') {
		if (json_read_string(j, val) < 0)
			return -1;
		f->rule = (enum rule_id)rule_lookup(val->buf);
	} else if (n) {
		if (json_read_u64(j, &v) < 0 || v > 1u << 30)
			return -1;
		*n = (unsigned)v;
	} else {
		if (!strcmp(key, "fixable"))
			f->fixable = json_peek(j) == 't';
		return json_skip_value(j);
	}
	return 0;
}

/* One finding object into *f (its strings owned by f); 0 or -1. */
static int read_finding(struct json_reader *j, struct finding *f)
{
	struct strbuf key = STRBUF_INIT, val = STRBUF_INIT;
	int ret = -1;

	memset(f, 0, sizeof(*f));
	f->rule = (enum rule_id)-1;
	if (!json_eat(j, '{'))
		goto out;
	if (!json_eat(j, '}')) {
		do {
			if (json_read_string(j, &key) < 0 || !json_eat(j, ':') ||
			    read_member(j, f, key.buf, &val) < 0)
				goto out;
		} while (json_eat(j, ','));
		if (!json_eat(j, '}'))
			goto out;
	}
	ret = 0;
out:
	strbuf_release(&key);
	strbuf_release(&val);
	return ret;
}

int findings_read_json(const char *text, size_t len, struct finding_list *out,
		       size_t *offset)
{
	struct json_reader j;
	struct strbuf key = STRBUF_INIT;
	int seen = 0, ret = -1;

	json_reader_init(&j, text, len);
	if (!json_eat(&j, '{'))
		goto out;
	if (!json_eat(&j, '}')) {
		do {
			if (json_read_string(&j, &key) < 0 || !json_eat(&j, ':'))
				goto out;
			if (strcmp(key.buf, "findings")) {
				if (json_skip_value(&j) < 0)
					goto out;
				continue;
			}
			seen = 1;
			if (!json_eat(&j, '['))
				goto out;
			if (json_eat(&j, ']'))
				continue;
			do {
				struct finding f;
				int bad = read_finding(&j, &f) < 0;

				if (!bad)
					finding_list_add(out, &f);
				finding_release(&f);
				if (bad)
					goto out;
			} while (json_eat(&j, ','));
			if (!json_eat(&j, ']'))
				goto out;
		} while (json_eat(&j, ','));
		if (!json_eat(&j, '}'))
			goto out;
	}
	if (!json_at_end(&j))
		goto out;
	ret = seen ? 0 : 1;
out:
	*offset = json_offset(&j);
	strbuf_release(&key);
	return ret;
}
