/*
 * Tying machine code to sites: the rows of a unit's line table whose line
 * holds a once-access site become that site's instances -- one per
 * function and inline chain -- each with the address ranges of its code.
 *
 * A row is tied to a site on its line by column when the table has
 * columns (DWARF 5 from gcc and clang): the column must fall inside the
 * site's text.  Without columns, a line with one site takes all its rows;
 * a line with several sites is judged as one instance ("together").
 *
 * Sources are found through the table's file names, made absolute with the
 * unit's DW_AT_comp_dir; --sources DIR replaces that directory.  Each
 * source is read and searched for sites once per run (the cache).
 */
#ifndef RWONCE_SCAN_ATTRIBUTE_H
#define RWONCE_SCAN_ATTRIBUTE_H

#include <stddef.h>
#include <stdint.h>

#include "elf/dwarf-lines.h"
#include "scan/sites.h"

#define SCAN_MAX_CHAIN 16

struct source_cache;

/* vol: objects declared volatile (sites.h: source_sites_load), or NULL */
struct source_cache *source_cache_new(const struct once_macros *macros,
				      const struct volatile_objects *vol,
				      const char *sources_dir);
void source_cache_free(struct source_cache *c);
/* A worker is done with an image: forget what its units' file tables'
 * strings found (valid only while the image is open). */
void attribute_image_done(void);
/* Sources with rows that could not be read; sources that a unit was
 * not built from (source-match.h). */
size_t source_cache_missing(const struct source_cache *c);
size_t source_cache_mismatched(const struct source_cache *c);
/* Sites with at least one instance in the code scanned. */
size_t source_cache_sites_seen(const struct source_cache *c);
/* Call fn for every source read (in no particular order). */
void source_cache_each(const struct source_cache *c,
		       void (*fn)(const struct source_sites *src, void *ctx),
		       void *ctx);

/*
 * The path of a line-table file name as scan reads it: absolute with the
 * unit's comp_dir and normalised as spelled; with --sources DIR, DIR
 * takes comp_dir's place (or, when nothing is there or for a file
 * outside comp_dir, DIR is searched for the longest tail of the path
 * that exists).
 */
void scan_source_path(const char *sources_dir, const struct line_unit *u,
		      const char *file, struct strbuf *out);

/* Where a row's column lies, for what the row's code may count as. */
enum row_place {
	ROW_IN_TEXT,   /* inside the site's text */
	ROW_BEFORE,    /* before the line's sites: gcc's column of what
			  receives the value -- the site's only when nothing
			  lies inside its text (verdict.c) */
	ROW_ASSIGNMENT,/* in the rest of the site's assignment (the '=', the
			  value, a '++'): its stores count, and the loads of
			  the bytes it stores (a compound assignment's) */
	ROW_FOLDED,    /* on another column of the site's statement (an
			  operator: clang's cmpl $0, (%rbx) at the '>'):
			  only a load folded into another instruction counts,
			  and only when nothing else does (verdict.c) */
};

struct code_range {
	uint64_t lo, hi;
	enum row_place place;
};

struct site_instance {
	struct source_sites *src;
	size_t site;            /* index into src->sites */
	size_t together;        /* > 1: that many sites of one line, no
				   columns to tell them apart */
	/* > 1: that many sites of one object in one statement share
	 * the instance's rows before the first of them (a macro use over
	 * several lines: its code all on its first line's column), this
	 * one the shared_rank-th (0: the first) -- the judge expects one
	 * access each (share_statement_rows) */
	size_t shared, shared_rank;
	struct inline_frame chain[SCAN_MAX_CHAIN]; /* innermost first */
	size_t nchain;
	struct code_range *ranges;
	size_t nr_ranges, alloc_ranges;
	int call_only;          /* a once-accessor's call site, from rows on
				   its text that are no inlined copy of the
				   accessor: a call left out of line */
	int folded_only;        /* a once-accessor's call site, from rows on
				   an operator's column of its statement
				   (ROW_FOLDED) outside the inlined copy:
				   clang hoists the copy's load out of it and
				   folds it into the caller's compare (`cmpl
				   $0, 0x18(%rdi)` at the '==' after the call,
				   the copy left with its barrier); merged
				   into the nearest inlined copy of the call,
				   never judged alone (attribute.c) */
	int unclear;            /* its copies are at the position of its
				   macro's name, where calls in the
				   macro's arguments are too: which are
				   its own, cannot tell (call_site) */
	int caller_loop;        /* a function of its inline chain is called
				   from inside a loop body: unrolled, its
				   one access may be repeated */
	/* frames whose caller's file was not lexed (no sites in it), so
	 * that its loops are not known yet: attribute_caller_loop() */
	struct source_sites *loops_unknown[SCAN_MAX_CHAIN];
	/* each frame's caller's file, when the unit names it: where the
	 * argument of an inlined call is read (judge.c) */
	struct source_sites *caller_src[SCAN_MAX_CHAIN];
};

struct instance_list {
	struct site_instance *items;
	size_t nr, alloc;
	/* each instance's span (its lowest address to its highest end),
	 * sorted by where it begins: instance_list_spans() builds it for
	 * judging, which asks how far a function's instances reach once
	 * per instance (judge.c) -- a walk of the whole list each time
	 * was 0.8% of a kernel scan (issue 35) */
	struct instance_span {
		uint64_t lo, hi;
	} *spans;
	size_t nr_spans;
};

/*
 * Attribute the rows of u to site instances (appended to out); obj is the
 * object's path, for messages.  Every source the unit's file table names
 * is read (its sites are counted), the lines its rows are on and the
 * functions it declares are marked (coverage.c).  A source the unit was
 * not built from -- another MD5 than the table's, or rows between its
 * tokens (source-match.h) -- is named in an error, once, and its
 * instances of this unit are dropped: not judged.
 */
/*
 * Is the instance called from inside a loop of a caller whose file was
 * not lexed when the instance was made?  Lexes those files now (once,
 * for every worker): only an instance whose verdict the answer could
 * change asks (judge.c), so most files without sites are never lexed.
 */
int attribute_caller_loop(struct source_cache *c,
			  const struct site_instance *in);

/* attribute_unit() (described above) returns 1 when the unit's code
 * rows fall on a source that was read -- or it has none --, 0 when they
 * do not: a unit whose sources could not be read (not there, or file
 * names the DWARF got wrong) is not checked, and neither is its file. */
int attribute_unit(struct line_unit *u, struct source_cache *c,
		   const char *obj, struct instance_list *out);
/* Fill l's spans from its instances that have ranges (again, after a
 * change to them). */
void instance_list_spans(struct instance_list *l);
void instance_list_clear(struct instance_list *l);

#endif
