/*
 * The macros around a file's code, for two questions sites.c asks of
 * them (through src/cfront/macro-args.h):
 *
 * - a site that stands in an argument of a function-like macro whose
 *   body names that argument more than once is accessed as many times
 *   as the expansion evaluates it: bdwgc's
 *   FINAL_MARK_BIT(AO_load((volatile AO_t *)&hhdr->hb_sz)) asks for up
 *   to three relaxed loads of hb_sz.  Two of them in the code are what
 *   the source wrote, and scan says so (verdict.c);
 * - a use of a macro that opens a loop (list_for_each_entry_safe(...)
 *   { ... }) is a loop as a for is: code copied by unrolling or
 *   rotating it is not duplicated.
 *
 * The file's own function-like #defines are read here; the headers'
 * are discovery's (source_sites.headers).
 */
#ifndef RWONCE_SCAN_REPEATS_H
#define RWONCE_SCAN_REPEATS_H

#include "cfront/header-macros.h"
#include "cfront/lexer.h"
#include "cfront/macro-args.h"
#include "scan/sites.h"

/* Add the function-like #defines of buf (lexed into l) to own, and
 * finish it over the headers' (header_macros_finish_over()); release it
 * after. */
void repeats_own_macros(const char *buf, const struct token_list *l,
			struct header_macros *own,
			const struct header_macros *headers);

/* Set each site's repeat_macro, repeat_min and repeat_max (sites.h). */
void repeats_mark_sites(struct source_sites *s, const char *buf,
			const struct token_list *l,
			const struct macro_scope *sc);

#endif
