/*
 * Objects from a compilation database (compdb.h): an array of objects
 * whose members "directory", "output", "command" and "arguments" are read
 * (src/lib/json.h), any other member skipped.
 */
#include "scan/compdb.h"
#include "lib/json.h"
#include "lib/messages.h"
#include "lib/strbuf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The include folders of one entry's arguments (-I, -isystem, -iquote,
 * -idirafter), relative to its directory, appended to *out. */
static void include_dirs_of(const struct strlist *args, const char *directory,
			    struct strlist *out)
{
	static const char *const opts[] = {
		"-I", "-isystem", "-iquote", "-idirafter",
	};

	for (size_t i = 0; out && i < args->nr; i++) {
		const char *a = args->items[i], *dir = NULL;

		for (size_t k = 0; k < ARRAY_SIZE(opts) && !dir; k++) {
			size_t n = strlen(opts[k]);

			if (strncmp(a, opts[k], n))
				continue;
			if (a[n])
				dir = a + n;
			else if (i + 1 < args->nr)
				dir = args->items[++i];
		}
		if (!dir)
			continue;
		if (dir[0] == '/' || !directory)
			strlist_push(out, dir);
		else
			strlist_push_nodup(out, xasprintf("%s/%s", directory, dir));
	}
}

int compdb_objects(const char *dir, struct strlist *out, size_t *nmissing,
		   struct strlist *include_dirs)
{
	struct stat st;
	char *path, *buf;
	size_t len, missing = 0, entries = 0;
	struct json_reader j;
	struct strbuf key = STRBUF_INIT, val = STRBUF_INIT;
	int r = -1;

	*nmissing = 0;
	path = !stat(dir, &st) && S_ISDIR(st.st_mode) ?
		xasprintf("%s/compile_commands.json", dir) : xstrdup(dir);
	buf = read_file(path, &len);
	if (!buf) {
		error("-p: cannot read %s: %s", path, file_strerror(errno));
		free(path);
		return -1;
	}
	json_reader_init(&j, buf, len);
	if (!json_eat(&j, '['))
		goto bad;
	if (json_eat(&j, ']'))
		goto done;
	do {
		struct strlist args = STRLIST_INIT;
		char *directory = NULL, *output = NULL, *obj;

		if (!json_eat(&j, '{'))
			goto bad;
		if (!json_eat(&j, '}')) {
			do {
				if (json_read_string(&j, &key) || !json_eat(&j, ':'))
					goto bad_entry;
				if (!strcmp(key.buf, "directory") ||
				    !strcmp(key.buf, "output") ||
				    !strcmp(key.buf, "command")) {
					if (json_read_string(&j, &val))
						goto bad_entry;
					if (key.buf[0] == 'd')
						directory = strbuf_detach(&val);
					else if (key.buf[0] == 'o')
						output = strbuf_detach(&val);
					else if (!args.nr)
						split_command(val.buf, &args);
				} else if (!strcmp(key.buf, "arguments") && json_eat(&j, '[')) {
					strlist_clear(&args);
					if (!json_eat(&j, ']')) {
						do {
							if (json_read_string(&j, &val))
								goto bad_entry;
							strlist_push(&args, val.buf);
						} while (json_eat(&j, ','));
						if (!json_eat(&j, ']'))
							goto bad_entry;
					}
				} else if (json_skip_value(&j)) {
					goto bad_entry;
				}
			} while (json_eat(&j, ','));
			if (!json_eat(&j, '}'))
				goto bad_entry;
		}
		entries++;
		include_dirs_of(&args, directory, include_dirs);
		if (!output)
			output = output_of(&args);
		if (output) {
			obj = output[0] == '/' || !directory ? xstrdup(output) :
				xasprintf("%s/%s", directory, output);
			if (access(obj, R_OK)) {
				missing++;
				messages_unchecked(MESSAGE_ERROR, obj,
						   "named by the compilation "
						   "database, not there (not "
						   "built?)");
			}
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
	} while (json_eat(&j, ','));
	if (!json_eat(&j, ']'))
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
	      "bad JSON near byte %zu", path, json_offset(&j));
out:
	strbuf_release(&key);
	strbuf_release(&val);
	free(buf);
	free(path);
	return r;
}
