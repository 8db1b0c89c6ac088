/*
 * The lexical engine's rules: access-once, access-once-nonscalar,
 * volatile-cast and double-fetch, run over one lexed file at a time.
 */
#ifndef RWONCE_AUDIT_RULES_LEXICAL_H
#define RWONCE_AUDIT_RULES_LEXICAL_H

#include "findings/finding.h"
#include "cfront/once-macros.h"
#include "cfront/tokscan.h"
#include "rewrite/macro-roles.h"
#include "rewrite/provider.h"
#include "rewrite/rewrite.h"

struct lexical_tree;

struct lexical_options {
	int enabled[RULE__COUNT];
	/* The once-macros: built-ins, then --preset, --macro and the ones
	 * discovered in the tree (cfront/once-macros.h). */
	struct once_macros macros;
	/* The folders being walked: an ACCESS_ONCE operand whose type the
	 * file alone cannot tell is resolved through their headers
	 * (cfront/treetypes.h, built on first need).  NULL: not done. */
	struct lexical_tree *tree;
	/* rwonce fix's conversions (src/rewrite/), asked site by site:
	 * a finding is "fixable" exactly when fix converts the site, and
	 * says fix's reason when it does not.  Its macros are the table
	 * above. */
	struct rewrite_opts fix;
	/* ... with fix's defaults for where READ_ONCE comes from: a site
	 * fix leaves because nothing defines it there is not fixable */
	struct include_line fix_include;
	struct provider_opts fix_provider;
	struct provider_cache *fix_headers;
	struct macro_roles fix_roles;
	struct include_edges *fix_edges;
};

/* The rules on by default, and the built-in once-macros. */
void lexical_options_init(struct lexical_options *o);
void lexical_options_release(struct lexical_options *o);
/* Resolve types through the headers below these folders (kept by
 * pointer); files among the paths are ignored.  sketches (taken over;
 * NULL: none): the headers a walk of this run read, sketched from its
 * buffers (tree_types_build_sketched()). */
struct tree_sketches;
void lexical_set_tree(struct lexical_options *o, const char *const *paths,
		      size_t nr, struct tree_sketches *sketches);

/*
 * Can this file hold anything the enabled rules look for, or a
 * once-access site to count?  A cheap byte search that lets the engine
 * skip lexing most files of a large tree.  says_volatile: whether buf
 * holds the word "volatile", which the caller has searched for already.
 */
int lexical_wants_file(const struct lexical_options *o, int says_volatile,
		       const char *buf,
		       size_t len);

/*
 * Run the enabled rules over one lexed file; append to *out.  Returns
 * the number of once-access sites in it that audit looked at: calls of
 * once-macros (READ_ONCE too: the marked form, nothing to say) and
 * volatile casts, outside the definitions of once-macros.  A run whose
 * files have none checked nothing (rwonce-audit(1), EXIT STATUS).
 * kw_possible: 0 only when the bytes do not say "volatile" and no token
 * holds a line splice (lex_buffer()'s answer), so that no token can be
 * the keyword.
 */
size_t lexical_audit_file(const struct lexical_options *o, const char *path,
			const char *buf, const struct token_list *l,
			int kw_possible, struct finding_list *out);

#endif
