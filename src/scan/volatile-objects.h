/*
 * Objects declared volatile (scan --volatile-objects): before the sites,
 * the names the build's DWARF gives to variables of static storage and
 * to struct and union members whose type is volatile-qualified at its
 * top level (volatile uint64_t tick, struct { volatile pid_t pid; }), and
 * whether the same name is also something that is not volatile -- a
 * local or parameter that may shadow it, a member of another struct.
 * sites.c makes each use of such a name a site; judge.c asks the DWARF
 * at each instance whether the object there is the volatile one, and
 * says "cannot tell" when it cannot be typed and the name is both.
 */
#ifndef RWONCE_SCAN_VOLATILE_OBJECTS_H
#define RWONCE_SCAN_VOLATILE_OBJECTS_H

#include <stddef.h>

/* What a name is, over the whole build (volatile_objects_lookup()). */
#define VO_VAR          1u /* a volatile variable of static storage */
#define VO_VAR_OTHER    2u /* a variable or parameter not volatile */
#define VO_MEMBER       4u /* a volatile member */
#define VO_MEMBER_OTHER 8u /* a member not volatile */
#define VO_ARRAY       16u /* a volatile one is an array of volatile
			      elements: its object is an element, x[i] */

struct volatile_objects;

/* Read the DWARF of files[0..nr) (files that cannot be read skipped
 * quietly: the scan names them).  Never NULL. */
struct volatile_objects *volatile_objects_collect(const char *const *files,
						  size_t nr);
void volatile_objects_free(struct volatile_objects *vo);

/* The VO_* bits of name[0..len) (0: none, or only VO_*_OTHER bits for a
 * name that is never volatile); *var_size, *member_size: the size the
 * volatile variables, members of the name all have (0: they differ or
 * are not known).  Either may be NULL. */
unsigned volatile_objects_lookup(const struct volatile_objects *vo,
				 const char *name, size_t len,
				 unsigned *var_size, unsigned *member_size);

/* How many names are volatile somewhere (VO_VAR or VO_MEMBER). */
size_t volatile_objects_count(const struct volatile_objects *vo);

#endif
