/*
 * Objects from a compilation database (compdb.h).  The JSON reader knows
 * just what such a database holds -- an array of objects whose members
 * are strings or arrays of strings -- and skips any other value.
 */
#include "scan/compdb.h"
#include "lib/strbuf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct json {
	const char *p, *end;
	int bad;
};

static void ws(struct json *j)
{
	while (j->p < j->end && strchr(" \t\r\n", *j->p))
		j->p++;
}

static int eat(struct json *j, char c)
{
	ws(j);
	if (j->p < j->end && *j->p == c) {
		j->p++;
		return 1;
	}
	return 0;
}

/* A string (escapes decoded; \u only for ASCII) into out. */
static int string(struct json *j, struct strbuf *out)
{
	strbuf_reset(out);
	if (!eat(j, '"'))
		return -1;
	while (j->p < j->end && *j->p != '"') {
		char c = *j->p++;

		if (c == '\\' && j->p < j->end) {
			c = *j->p++;
			switch (c) {
			case 'n': c = '\n'; break;
			case 't': c = '\t'; break;
			case 'r': c = '\r'; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'u':
				if (j->end - j->p < 4)
					return -1;
				c = (char)strtol((char[]){ j->p[0], j->p[1], j->p[2],
							   j->p[3], 0 }, NULL, 16);
				j->p += 4;
				break;
			}
		}
		strbuf_addch(out, c);
	}
	return eat(j, '"') ? 0 : -1;
}

/* Skip any value. */
static int skip(struct json *j)
{
	struct strbuf tmp = STRBUF_INIT;
	int r = 0;

	ws(j);
	if (j->p >= j->end)
		return -1;
	if (*j->p == '"') {
		r = string(j, &tmp);
	} else if (*j->p == '[' || *j->p == '{') {
		char close = *j->p == '[' ? ']' : '}';

		j->p++;
		if (eat(j, close))
			goto out;
		do {
			if (close == '}' && (string(j, &tmp) || !eat(j, ':'))) {
				r = -1;
				goto out;
			}
			if (skip(j)) {
				r = -1;
				goto out;
			}
		} while (eat(j, ','));
		r = eat(j, close) ? 0 : -1;
	} else {
		while (j->p < j->end && !strchr(",]} \t\r\n", *j->p))
			j->p++;
	}
out:
	strbuf_release(&tmp);
	return r;
}

/* Split a shell-like command line: spaces, '...' and "..." and \x. */
static void split_command(const char *s, struct strlist *out)
{
	struct strbuf w = STRBUF_INIT;
	int in_word = 0;

	for (; ; s++) {
		if (!*s || *s == ' ' || *s == '\t') {
			if (in_word)
				strlist_push(out, w.buf);
			strbuf_reset(&w);
			in_word = 0;
			if (!*s)
				break;
			continue;
		}
		in_word = 1;
		if (*s == '\\' && s[1]) {
			strbuf_addch(&w, *++s);
		} else if (*s == '\'' || *s == '"') {
			char q = *s++;

			for (; *s && *s != q; s++) {
				if (q == '"' && *s == '\\' && s[1])
					s++;
				strbuf_addch(&w, *s);
			}
			if (!*s)
				s--;
		} else {
			strbuf_addch(&w, *s);
		}
	}
	strbuf_release(&w);
}

static char *output_of(const struct strlist *args)
{
	for (size_t i = 0; i < args->nr; i++) {
		if (!strcmp(args->items[i], "-o") && i + 1 < args->nr)
			return xstrdup(args->items[i + 1]);
		if (!strncmp(args->items[i], "-o", 2) && args->items[i][2])
			return xstrdup(args->items[i] + 2);
	}
	return NULL;
}

int compdb_objects(const char *dir, struct strlist *out, size_t *nmissing)
{
	struct stat st;
	char *path, *buf;
	size_t len, missing = 0, entries = 0;
	struct json j;
	struct strbuf key = STRBUF_INIT, val = STRBUF_INIT;
	int r = -1;

	*nmissing = 0;
	path = !stat(dir, &st) && S_ISDIR(st.st_mode) ?
		xasprintf("%s/compile_commands.json", dir) : xstrdup(dir);
	buf = read_file(path, &len);
	if (!buf) {
		error("-p: cannot read %s: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	j.p = buf;
	j.end = buf + len;
	j.bad = 0;
	if (!eat(&j, '['))
		goto bad;
	if (eat(&j, ']'))
		goto done;
	do {
		struct strlist args = STRLIST_INIT;
		char *directory = NULL, *output = NULL, *obj;

		if (!eat(&j, '{'))
			goto bad;
		if (!eat(&j, '}')) {
			do {
				if (string(&j, &key) || !eat(&j, ':'))
					goto bad_entry;
				ws(&j);
				if (!strcmp(key.buf, "directory") ||
				    !strcmp(key.buf, "output") ||
				    !strcmp(key.buf, "command")) {
					if (string(&j, &val))
						goto bad_entry;
					if (key.buf[0] == 'd')
						directory = strbuf_detach(&val);
					else if (key.buf[0] == 'o')
						output = strbuf_detach(&val);
					else if (!args.nr)
						split_command(val.buf, &args);
				} else if (!strcmp(key.buf, "arguments") && eat(&j, '[')) {
					strlist_clear(&args);
					if (!eat(&j, ']')) {
						do {
							if (string(&j, &val))
								goto bad_entry;
							strlist_push(&args, val.buf);
						} while (eat(&j, ','));
						if (!eat(&j, ']'))
							goto bad_entry;
					}
				} else if (skip(&j)) {
					goto bad_entry;
				}
			} while (eat(&j, ','));
			if (!eat(&j, '}'))
				goto bad_entry;
		}
		entries++;
		if (!output)
			output = output_of(&args);
		if (output) {
			obj = output[0] == '/' || !directory ? xstrdup(output) :
				xasprintf("%s/%s", directory, output);
			if (access(obj, R_OK))
				missing++;
			else
				strlist_push_nodup(out, obj), obj = NULL;
			free(obj);
		}
		free(directory);
		free(output);
		strlist_clear(&args);
		continue;
bad_entry:
		free(directory);
		free(output);
		strlist_clear(&args);
		goto bad;
	} while (eat(&j, ','));
	if (!eat(&j, ']'))
		goto bad;
done:
	if (missing)
		error("%s: %zu of %zu objects it names are not there (not "
		      "built?): not checked", path, missing, entries);
	*nmissing = missing;
	if (!out->nr)
		error("%s: names no object file that exists", path);
	else
		r = 0;
	goto out;
bad:
	error("%s: not a compilation database (a JSON array of objects): "
	      "bad JSON near byte %zu", path, (size_t)(j.p - buf));
out:
	strbuf_release(&key);
	strbuf_release(&val);
	free(buf);
	free(path);
	return r;
}
