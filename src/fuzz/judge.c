/*
 * Two configurations on one program, judged: the oracle runs both (in
 * --mode once with the program's marks watched), and the bad one is
 * classified against the reference.  What --check-one (check-one.c)
 * decides on, and what a reduction's report (reduce.c) shows.
 */
#include "fuzz/fuzz.h"

#include <stdlib.h>
#include <string.h>

int judge_pair(const struct build_config *ref, const struct build_config *bad,
	       const char *src, const struct oracle_opts *oo, int once,
	       const char *dir, struct judgement *j)
{
	struct once_marks marks = { 0 };
	char *text = read_file(src, NULL);

	memset(j, 0, sizeof(*j));
	if (once)
		once_marks_parse(&marks, text ? text : "");
	if (ref)
		oracle_run_marked(ref, src, dir, oo, once ? &marks : NULL, &j->ref);
	oracle_run_marked(bad, src, dir, oo, once ? &marks : NULL, &j->bad);
	volobjs_parse(&j->objs, text ? text : "", bad->target->word_size);
	once_marks_release(&marks);
	free(text);
	if (ref && j->ref.status != RUN_OK) {
		j->v.cls = VC_NOT_RUN;
		j->v.detail = xasprintf("the reference: %s: %s", run_status_name(j->ref.status),
					j->ref.detail ? j->ref.detail : "");
		return -1;
	}
	if (j->bad.status != RUN_OK) {
		j->v.cls = VC_NOT_RUN;
		j->v.detail = xasprintf("%s: %s", run_status_name(j->bad.status),
					j->bad.detail ? j->bad.detail : "");
		return -1;
	}
	if (ref)
		classify(&j->ref, &j->bad, &j->objs, &j->v);
	else
		j->v.cls = VC_REFERENCE;
	return 0;
}

void judgement_release(struct judgement *j)
{
	run_release(&j->ref);
	run_release(&j->bad);
	volobjs_release(&j->objs);
	free(j->v.detail);
	memset(j, 0, sizeof(*j));
}

/* The marked-site class of a run, as the results name it. */
const char *site_class_name(const struct run *r)
{
	if (r->status != RUN_OK || r->site_cls == VC_NOT_RUN)
		return "none";
	return r->site_cls == VC_SAME ? "ok" : verdict_class_name(r->site_cls);
}
