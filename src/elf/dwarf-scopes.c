/*
 * The scopes at an address, as dwarf_getscopes gives them, without its
 * walk over every DIE of the unit (dwarf-internal.h, unit_scopes).
 *
 * dwarf_getscopes visits the unit's DIEs in order, asking each whether it
 * holds pc, until it has the innermost; a kernel unit has tens of
 * thousands of type DIEs before its functions, and scan types an operand
 * at every site instance.  The function table (sorted ranges) finds the
 * function at once; from there the walk is the same: the first child
 * that holds pc, down to the innermost.  What dwarf_getscopes returns:
 *
 *   no inlined copy on the way: innermost, ..., the function, the unit;
 *   else: innermost, ..., the innermost inlined copy, then the scopes that
 *   hold that copy's abstract origin (for a function of the unit: the
 *   unit alone).
 *
 * Wherever the shortcut could give something else -- overlapping function
 * ranges, a function in a namespace, an origin that is not a function of
 * the unit, an imported unit, a DWARF error -- dwarf_getscopes is asked.
 */
#include "elf/dwarf-internal.h"
#include "lib/util.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 128

/* dwarf_getscopes goes into the children of these (libdw's list). */
static int may_hold_scopes(int tag)
{
	switch (tag) {
	case DW_TAG_compile_unit:
	case DW_TAG_module:
	case DW_TAG_lexical_block:
	case DW_TAG_with_stmt:
	case DW_TAG_catch_block:
	case DW_TAG_try_block:
	case DW_TAG_entry_point:
	case DW_TAG_inlined_subroutine:
	case DW_TAG_subprogram:
	case DW_TAG_namespace:
	case DW_TAG_class_type:
	case DW_TAG_structure_type:
		return 1;
	}
	return 0;
}

static int is_top(const struct unit_priv *p, Dwarf_Off off)
{
	size_t lo = 0, hi = p->ntop;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->top[mid] == off)
			return 1;
		if (p->top[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/*
 * dwarf_haspc(c, pc) for a child of a scope: libdw 0.188's dwarf_ranges
 * says 0 at once for a DIE that is no unit's and has neither
 * DW_AT_high_pc nor DW_AT_ranges (no range list, no high bound), after
 * looking for each attribute among its values; the abbreviation says
 * it without them (most of a function's children are variables,
 * parameters and call sites: dwarf_haspc was 1.7% of a kernel scan).
 */
static int child_haspc(Dwarf_Die *c, Dwarf_Addr pc)
{
	if (!dwarf_hasattr(c, DW_AT_high_pc) && !dwarf_hasattr(c, DW_AT_ranges))
		return 0;
	return dwarf_haspc(c, pc);
}

/*
 * The first child of die holding pc, asked of libdw child by child:
 * 1 with it in *out, 0 for none, -1 where only dwarf_getscopes knows.
 */
static int child_holding(struct unit_priv *p, Dwarf_Die *die, Dwarf_Addr pc,
			 Dwarf_Die *out)
{
	Dwarf_Die c;

	if (dwarf_child(die, &c))
		return 0;
	do {
		int has;

		if (unit_die_tag(p, &c) == DW_TAG_imported_unit)
			return -1;
		has = child_haspc(&c, pc);
		if (has < 0)
			return -1;
		if (has) {
			*out = c;
			return 1;
		}
	} while (!dwarf_siblingof(&c, &c));
	return 0;
}

/*
 * The same from the blocks and inlined copies with their ranges kept
 * for the inline chains (dwarf-children.c: unit_scope_kids), read when
 * a row on a site's line was attributed -- the scopes an instance is
 * then typed in -- where they are every child that can hold pc: -2
 * where they are not (another child may hold it), or with the test
 * hook's "off".  (walk_down asking libdw of each child was 2.5% of a
 * kernel scan, most of it dwarf_haspc() and dwarf_siblingof().)
 */
static int kid_holding(struct unit_priv *p, Dwarf_Die *die, Dwarf_Addr pc,
		       Dwarf_Die *out)
{
	size_t n;
	int whole;
	const struct scope_kid *k;

	if (p->scopes_hook && p->scopes_hook->off)
		return -2;
	k = unit_scope_kids(p, die, &n, &whole);
	if (!whole)
		return -2;
	for (size_t i = 0; i < n; i++)
		for (size_t r = 0; r < k[i].nranges; r++)
			if (k[i].ranges[r][0] <= pc && pc < k[i].ranges[r][1]) {
				*out = k[i].die;
				return 1;
			}
	return 0;
}

/*
 * Down from path[0] (the function): the first child holding pc, as long
 * as the last one may hold scopes.  Returns the depth, or -1 where only
 * dwarf_getscopes knows.
 */
static int walk_down(struct unit_priv *p, Dwarf_Die *path, Dwarf_Addr pc)
{
	struct scopes_hook *hook = p->scopes_hook;
	int n = 1;

	while (n < MAX_DEPTH && may_hold_scopes(dwarf_tag(&path[n - 1])) &&
	       dwarf_haschildren(&path[n - 1]) > 0) {
		Dwarf_Die c, d;
		int found = kid_holding(p, &path[n - 1], pc, &c);

		if (found == -2) {
			found = child_holding(p, &path[n - 1], pc, &c);
			if (hook)
				hook->libdw++;
		} else if (hook) {
			int again = child_holding(p, &path[n - 1], pc, &d);

			hook->kept++;
			hook->differ += again != found ||
					(found > 0 && d.addr != c.addr);
		}
		if (found < 0)
			return -1;
		if (!found)
			break;
		path[n++] = c;
	}
	return n < MAX_DEPTH ? n : -1;
}

int unit_scopes(struct unit_priv *p, Dwarf_Addr pc, Dwarf_Die **scopes)
{
	const struct fn_range *f;
	Dwarf_Die path[MAX_DEPTH], origin;
	Dwarf_Attribute a;
	Dwarf_Die *out;
	int n, inl = -1, k = 0;

	unit_fns_load(p);
	f = p->fns_overlap ? NULL : unit_function_at(p, pc);
	if (!f || !f->top)
		return dwarf_getscopes(&p->cu, pc, scopes);
	path[0] = f->die;
	n = walk_down(p, path, pc);
	if (n < 0)
		return dwarf_getscopes(&p->cu, pc, scopes);
	for (int i = 0; i < n; i++)
		if (dwarf_tag(&path[i]) == DW_TAG_inlined_subroutine)
			inl = i;
	if (inl >= 0 &&
	    (!dwarf_formref_die(dwarf_attr(&path[inl], DW_AT_abstract_origin,
					   &a), &origin) ||
	     !is_top(p, dwarf_dieoffset(&origin))))
		return dwarf_getscopes(&p->cu, pc, scopes);
	/* innermost first, down to the inlined copy (or the function), then
	 * the unit */
	out = xmalloc((size_t)(n - (inl > 0 ? inl : 0) + 1) * sizeof(*out));
	for (int i = n - 1; i >= (inl > 0 ? inl : 0); i--)
		out[k++] = path[i];
	out[k++] = p->cu;
	*scopes = out;
	return k;
}

/* Is die an inlined copy of `function` called at call_line? */
static int is_call_of(Dwarf_Die *die, const char *function,
		      unsigned call_line)
{
	Dwarf_Attribute a;
	Dwarf_Word line;
	const char *name;

	if (dwarf_tag(die) != DW_TAG_inlined_subroutine)
		return 0;
	name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &a));
	return name && !strcmp(name, function) &&
	       !dwarf_formudata(dwarf_attr(die, DW_AT_call_line, &a), &line) &&
	       line == call_line;
}

/*
 * full[0..n): the scopes holding pc, outermost (the unit) first, every
 * inlined copy on the way -- not cut at the innermost copy as
 * dwarf_getscopes cuts them.  Through the function table where it
 * answers, else from the innermost copy's own nesting
 * (dwarf_getscopes_die, a walk of the unit).  Returns n, or -1.
 */
static int full_path(struct unit_priv *p, Dwarf_Addr pc, Dwarf_Die *full)
{
	const struct fn_range *f;
	Dwarf_Die path[MAX_DEPTH], *inner = NULL, *nest = NULL;
	int n, k, inl = -1;

	unit_fns_load(p);
	f = p->fns_overlap ? NULL : unit_function_at(p, pc);
	if (f && f->top) {
		path[0] = f->die;
		n = walk_down(p, path, pc);
		if (n > 0 && n < MAX_DEPTH) {
			full[0] = p->cu;
			memcpy(full + 1, path, (size_t)n * sizeof(*path));
			return n + 1;
		}
	}
	n = dwarf_getscopes(&p->cu, pc, &inner);
	for (int i = 0; i < n; i++)
		if (dwarf_tag(&inner[i]) == DW_TAG_inlined_subroutine)
			inl = i;
	if (inl < 0 || (k = dwarf_getscopes_die(&inner[inl], &nest)) <= 0 ||
	    k + inl > MAX_DEPTH) {
		free(inner);
		free(nest);
		return -1;
	}
	/* the unit ... the innermost copy, then what is inside it */
	for (int i = 0; i < k; i++)
		full[i] = nest[k - 1 - i];
	for (int i = inl - 1; i >= 0; i--)
		full[k++] = inner[i];
	free(inner);
	free(nest);
	return k;
}

int unit_call_scopes(struct unit_priv *p, Dwarf_Addr pc, const char *function,
		     unsigned call_line, Dwarf_Die **scopes)
{
	Dwarf_Die full[MAX_DEPTH];
	int n = full_path(p, pc, full), copy = -1, k = 0, outer;
	Dwarf_Die *out;

	for (int i = 1; i < n; i++)
		if (is_call_of(&full[i], function, call_line))
			copy = i;
	if (copy < 2) /* no copy, or one right in the unit */
		return 0;
	/* from the copy's parent out to the function or copy that holds
	 * the call: the names the call's argument sees, then the unit */
	for (outer = copy - 1; outer > 1; outer--) {
		int tag = dwarf_tag(&full[outer]);

		if (tag == DW_TAG_inlined_subroutine || tag == DW_TAG_subprogram)
			break;
	}
	out = xmalloc((size_t)(copy - outer + 1) * sizeof(*out));
	for (int i = copy - 1; i >= outer; i--)
		out[k++] = full[i];
	out[k++] = full[0];
	*scopes = out;
	return k;
}
