/*
 * Objects declared volatile, as a unit's DWARF declares them
 * (dwarf-lines.h: line_unit_volatile_names, dwarf_type_volatile): for
 * scan's --volatile-objects, which makes every access to such an object
 * a site.  The qualifier is on the object's own type -- through
 * typedefs, const and _Atomic -- or on an array's elements, not on what
 * a pointer points to.
 */
#include "elf/dwarf-lines.h"
#include "elf/dwarf-internal.h"

#include <dwarf.h>
#include <elfutils/libdw.h>

int dwarf_type_volatile(Dwarf_Die *type, int *array)
{
	Dwarf_Die t = *type;
	Dwarf_Attribute a;

	if (array)
		*array = 0;
	/* a chain of qualifiers and typedefs is short; a cycle is not C */
	for (int depth = 0; depth < 64; depth++) {
		switch (dwarf_tag(&t)) {
		case DW_TAG_volatile_type:
			/* gcc qualifies an array of volatile elements so;
			 * clang the elements: the same C type either way */
			if (array && !*array) {
				Dwarf_Die in = t;

				if (dwarf_peel_type(&t, &in) == 0 &&
				    dwarf_tag(&in) == DW_TAG_array_type)
					*array = 1;
			}
			return 1;
		case DW_TAG_array_type: /* its elements' type */
		case DW_TAG_typedef:
		case DW_TAG_const_type:
		case DW_TAG_restrict_type:
		case DW_TAG_atomic_type:
			if (array && dwarf_tag(&t) == DW_TAG_array_type)
				*array = 1;
			if (!dwarf_formref_die(dwarf_attr_integrate(&t,
					DW_AT_type, &a), &t))
				return 0; /* const void */
			break;
		default:
			return 0;
		}
	}
	return 0;
}

/* The size of the object of type die: 0 when not known. */
static unsigned object_size(Dwarf_Die *type)
{
	Dwarf_Die peeled;
	Dwarf_Word size;

	if (dwarf_peel_type(type, &peeled) ||
	    dwarf_aggregate_size(&peeled, &size) || !size ||
	    size >= (1u << 30))
		return 0;
	return (unsigned)size;
}

/* Is a variable DIE one of static storage (file scope, or a function's
 * static: a location that is an address, or a declaration)? */
static int static_storage(Dwarf_Die *var, int top)
{
	Dwarf_Attribute a;
	Dwarf_Op *ops;
	size_t n;

	if (top || dwarf_hasattr(var, DW_AT_external))
		return 1;
	if (!dwarf_attr(var, DW_AT_location, &a) ||
	    dwarf_getlocation(&a, &ops, &n) || n < 1)
		return 0;
	return ops[0].atom == DW_OP_addr || ops[0].atom == DW_OP_addrx ||
	       ops[0].atom == DW_OP_GNU_addr_index;
}

static void walk(Dwarf_Die *die, int top, int depth,
		 void (*fn)(const struct volatile_name *v, void *ctx),
		 void *ctx)
{
	Dwarf_Die c, type;
	Dwarf_Attribute a;

	if (depth > 64 || dwarf_child(die, &c))
		return;
	do {
		int tag = dwarf_tag(&c);
		struct volatile_name v;

		if ((tag == DW_TAG_variable || tag == DW_TAG_formal_parameter ||
		     tag == DW_TAG_member) &&
		    (v.name = dwarf_diename(&c)) &&
		    dwarf_formref_die(dwarf_attr_integrate(&c, DW_AT_type, &a),
				      &type)) {
			v.member = tag == DW_TAG_member;
			v.is_volatile = dwarf_type_volatile(&type, &v.array);
			/* a local or parameter is no object another agent
			 * shares by its name, but a volatile global's name
			 * it shadows is not that object there */
			v.shared = v.member || (tag == DW_TAG_variable &&
						static_storage(&c, top));
			/* an element's size the DWARF gives at the use */
			v.size = v.array ? 0 : object_size(&type);
			fn(&v, ctx);
		}
		if (dwarf_haschildren(&c))
			walk(&c, 0, depth + 1, fn, ctx);
	} while (!dwarf_siblingof(&c, &c));
}

void line_unit_volatile_names(struct line_unit *u,
			      void (*fn)(const struct volatile_name *v,
					 void *ctx),
			      void *ctx)
{
	struct unit_priv *p = u->priv;

	walk(&p->cu, 1, 0, fn, ctx);
}
