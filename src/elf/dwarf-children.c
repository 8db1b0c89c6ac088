/*
 * A DIE's blocks and inlined copies with their ranges, kept per unit
 * (dwarf-internal.h, unit_scope_kids).  The inline chain at an address is
 * found by walking down from the function, asking each child whether it
 * holds the address; a large function has hundreds of inlined copies at
 * its top level, and every row on a site's line asked them all again
 * through libdw.  Kept, a walk is a pass over an array.
 */
#include "elf/dwarf-internal.h"
#include "lib/util.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#define KIDS_BUCKETS 1024

struct kids_node {
	struct kids_node *next;
	Dwarf_Off off;
	struct scope_kid *kids;
	size_t n;
	/* every kid's ranges, in the kids' order: one allocation, not one
	 * per kid (their malloc and free were 1% of a kernel scan) */
	Dwarf_Addr (*ranges)[2];
	/* another child may hold an address (unit_scope_kids: whole) */
	int partial;
};

int unit_die_tag(struct unit_priv *p, Dwarf_Die *die)
{
	unsigned code;
	int tag;

	if (die->abbrev || !die->addr || p->abbrevs_off)
		return dwarf_tag(die);
	code = *(const unsigned char *)die->addr; /* a ULEB128 of one byte */
	if (!code || code >= 128)
		return dwarf_tag(die);
	if (p->abbrevs_cu != die->cu) {
		memset(p->abbrevs, 0, sizeof(p->abbrevs));
		memset(p->pc_attrs, 0, sizeof(p->pc_attrs));
		p->abbrevs_cu = die->cu;
	}
	die->abbrev = p->abbrevs[code];
	tag = dwarf_tag(die);
	if (die->abbrev != DWARF_END_ABBREV)
		p->abbrevs[code] = die->abbrev;
	return tag;
}

/* The attributes of die that unit_die_has_pc() and unit_die_ranged()
 * ask of: PC_OWN, PC_INTEGRATED; read once per one-byte code. */
#define PC_ASKED 1
#define PC_OWN 2        /* DW_AT_high_pc or DW_AT_ranges */
#define PC_INTEGRATED 4 /* DW_AT_abstract_origin or DW_AT_specification */

static unsigned pc_attrs(struct unit_priv *p, Dwarf_Die *die)
{
	unsigned code = die->addr ? *(const unsigned char *)die->addr : 0;
	unsigned has;

	if (!p->abbrevs_off && code && code < 128 && p->abbrevs_cu == die->cu &&
	    p->pc_attrs[code])
		return p->pc_attrs[code];
	has = PC_ASKED;
	if (dwarf_hasattr(die, DW_AT_high_pc) || dwarf_hasattr(die, DW_AT_ranges))
		has |= PC_OWN;
	if (dwarf_hasattr(die, DW_AT_abstract_origin) ||
	    dwarf_hasattr(die, DW_AT_specification))
		has |= PC_INTEGRATED;
	if (!p->abbrevs_off && code && code < 128 && p->abbrevs_cu == die->cu)
		p->pc_attrs[code] = (unsigned char)has;
	return has;
}

int unit_die_has_pc(struct unit_priv *p, Dwarf_Die *die)
{
	return !!(pc_attrs(p, die) & PC_OWN);
}

int unit_die_ranged(struct unit_priv *p, Dwarf_Die *die)
{
	return !!(pc_attrs(p, die) & (PC_OWN | PC_INTEGRATED));
}

static void load(struct unit_priv *p, struct kids_node *node, Dwarf_Die *die)
{
	Dwarf_Die c;
	size_t alloc = 0, ralloc = 0, nranges = 0, at = 0;

	if (dwarf_child(die, &c))
		return;
	do {
		int tag = unit_die_tag(p, &c);
		struct scope_kid *k;
		Dwarf_Addr base, lo, hi;
		ptrdiff_t off = 0;

		if (tag != DW_TAG_inlined_subroutine &&
		    tag != DW_TAG_lexical_block) {
			node->partial |= tag == DW_TAG_imported_unit ||
					 unit_die_has_pc(p, &c);
			continue;
		}
		ALLOC_GROW(node->kids, node->n + 1, alloc);
		k = &node->kids[node->n++];
		k->die = c;
		k->ranges = NULL;
		k->nranges = 0;
		/* up to an error, as dwarf_haspc would read them */
		while ((off = dwarf_ranges(&c, off, &base, &lo, &hi)) > 0) {
			ALLOC_GROW(node->ranges, nranges + 1, ralloc);
			node->ranges[nranges][0] = lo;
			node->ranges[nranges][1] = hi;
			nranges++;
			k->nranges++;
		}
		node->partial |= off < 0;
	} while (!dwarf_siblingof(&c, &c));
	/* the array has stopped moving: each kid's part of it */
	for (size_t i = 0; i < node->n; i++) {
		if (node->kids[i].nranges)
			node->kids[i].ranges = node->ranges + at;
		at += node->kids[i].nranges;
	}
}

const struct scope_kid *unit_scope_kids(struct unit_priv *p, Dwarf_Die *die,
					size_t *n, int *whole)
{
	Dwarf_Off off = dwarf_dieoffset(die);
	struct kids_node *node;
	size_t b = (size_t)(off % KIDS_BUCKETS);

	if (!p->kids)
		p->kids = xcalloc(KIDS_BUCKETS, sizeof(*p->kids));
	for (node = p->kids[b]; node; node = node->next)
		if (node->off == off)
			break;
	if (!node) {
		node = xcalloc(1, sizeof(*node));
		node->off = off;
		load(p, node, die);
		node->next = p->kids[b];
		p->kids[b] = node;
	}
	*n = node->n;
	if (whole)
		*whole = !node->partial;
	return node->kids;
}

const struct unit_child *unit_children(struct unit_priv *p, size_t *n)
{
	if (!p->children_loaded) {
		Dwarf_Die c;
		size_t alloc = 0;

		p->children_loaded = 1;
		if (p->walks)
			(*p->walks)++;
		if (!dwarf_child(&p->cu, &c))
			do {
				ALLOC_GROW(p->children, p->nchildren + 1, alloc);
				p->children[p->nchildren].die = c;
				p->children[p->nchildren++].tag =
					unit_die_tag(p, &c);
			} while (!dwarf_siblingof(&c, &c));
	}
	*n = p->nchildren;
	return p->children;
}

void unit_kids_free(struct unit_priv *p)
{
	free(p->children);
	p->children = NULL;
	p->nchildren = 0;
	p->children_loaded = 0;
	if (!p->kids)
		return;
	for (size_t b = 0; b < KIDS_BUCKETS; b++) {
		struct kids_node *node = p->kids[b], *next;

		for (; node; node = next) {
			next = node->next;
			free(node->ranges);
			free(node->kids);
			free(node);
		}
	}
	free(p->kids);
	p->kids = NULL;
}
