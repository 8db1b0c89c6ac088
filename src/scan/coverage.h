/*
 * Every site accounted for: after a run, each site of the sources the
 * line tables name is either checked (it has instances, each with a
 * verdict) or said why it is not:
 *
 *   source mismatch  its source is not the text the build was made from
 *                    (source-match.h): not judged
 *   other columns    its line has code, but no row's column lies in it
 *   optimised out    its function has code (rows on its lines, or
 *                    address ranges), its line none (the note names a
 *                    conditional group of the body that holds the line:
 *                    the preprocessor may have left it out)
 *   inlined away     its function is only an abstract origin: inlined,
 *                    and no copy has code (the note names a conditional
 *                    group of the body that holds the line, as above)
 *   not compiled     no unit of the build has its function (not used,
 *                    #ifdef'd out, or its unit was not scanned)
 *
 * A header is one source however many units include it: its site has
 * code when any unit gives it some.  The sources are the files the line
 * tables name that could be read.
 */
#ifndef RWONCE_SCAN_COVERAGE_H
#define RWONCE_SCAN_COVERAGE_H

#include <stddef.h>

#include "lib/strbuf.h"
#include "scan/attribute.h"
#include "scan/verdict.h"

enum site_state {
	SITE_CHECKED,
	SITE_MISMATCH,
	SITE_OTHER_COLUMNS,
	SITE_OPTIMISED_OUT,
	SITE_INLINED_AWAY,
	SITE_NOT_COMPILED,
	SITE__COUNT
};

struct coverage {
	size_t sources;          /* read */
	size_t sources_with_sites;
	size_t sources_volatile; /* read, and saying "volatile" */
	size_t sites;
	size_t state[SITE__COUNT];
	/* calls of an accessor whose order the caller gives that are no
	 * once-access (sites.h: named_call): not sites, listed */
	size_t not_once;
	/* uses of a once-macro whose object scan cannot place (sites.h:
	 * named_call.unplaced): not checked, listed */
	size_t unplaced;
	/* uses of a volatile object's name (--volatile-objects) whose
	 * every instance was typed as an object that is not volatile (a
	 * local of the name, a member of another struct): no sites */
	size_t not_volatile;
	/* the sites without code (and those not judged), sorted */
	struct strbuf no_code_json; /* "[{...}, ...]" */
	struct strbuf no_code_text; /* one note line each */
};

/* Count the sites of every source read, and list those without code. */
void coverage_collect(const struct source_cache *c, struct coverage *cov,
		      const char *(*shown)(const char *path));
void coverage_release(struct coverage *cov);

/* "120 sites in 35 of 410 sources: 100 checked, ..." */
void coverage_line(const struct coverage *cov,
		   const size_t unattributed[UNATTRIBUTED__COUNT],
		   size_t instances, struct strbuf *out);
/* "{"sources": ..., "sites": ..., ...}" */
void coverage_json(const struct coverage *cov,
		   const size_t unattributed[UNATTRIBUTED__COUNT],
		   size_t instances, struct strbuf *out);

#endif
