/* One file's outcome in a fix run (file-result.h). */
#include "fix/file-result.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

void fix_file_result_init(struct fix_file_result *r, const char *path)
{
	memset(r, 0, sizeof(*r));
	r->path = xstrdup(path);
	strbuf_init(&r->diff);
	strbuf_init(&r->notes);
	strbuf_init(&r->edits);
}

void fix_file_result_release(struct fix_file_result *r)
{
	free(r->path);
	free(r->apply_from);
	strbuf_release(&r->diff);
	strbuf_release(&r->notes);
	strbuf_release(&r->edits);
	if (r->pending) {
		free(r->pending->old_buf);
		free(r->pending->new_buf);
		free(r->pending);
	}
	memset(r, 0, sizeof(*r));
}
