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
 * Down from path[0] (the function): the first child holding pc, as long
 * as the last one may hold scopes.  Returns the depth, or -1 where only
 * dwarf_getscopes knows.
 */
static int walk_down(Dwarf_Die *path, Dwarf_Addr pc)
{
	int n = 1;

	while (n < MAX_DEPTH && may_hold_scopes(dwarf_tag(&path[n - 1])) &&
	       dwarf_haschildren(&path[n - 1]) > 0) {
		Dwarf_Die c;
		int found = 0;

		if (dwarf_child(&path[n - 1], &c))
			break;
		do {
			int has;

			if (dwarf_tag(&c) == DW_TAG_imported_unit)
				return -1;
			has = dwarf_haspc(&c, pc);
			if (has < 0)
				return -1;
			if (has) {
				path[n++] = c;
				found = 1;
				break;
			}
		} while (!dwarf_siblingof(&c, &c));
		if (!found)
			break;
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
	n = walk_down(path, pc);
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
