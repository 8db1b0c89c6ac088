/*
 * The names of objects declared volatile, from the build's DWARF
 * (volatile-objects.h): one pass over every unit of every file before
 * the sources are read, one thread -- the option is asked for, and the
 * walk is of DIEs only, no code.
 */
#include "scan/volatile-objects.h"
#include "scan/disasm.h"
#include "elf/dwarf-lines.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct vo_entry {
	char *name;
	size_t hash;
	unsigned bits;
	/* the volatile ones' size; VO_SIZES_DIFFER once two differ */
	unsigned var_size, member_size;
};
#define VO_SIZES_DIFFER (~0u)

struct volatile_objects {
	struct vo_entry *slot; /* open addressing; name NULL: empty */
	size_t size, nr, nr_volatile;
};

/* FNV-1a over name[0..len) */
static size_t hash_of(const char *name, size_t len)
{
	size_t h = 2166136261u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619u;
	return h;
}

static struct vo_entry *find(const struct volatile_objects *vo,
			     const char *name, size_t len, size_t h)
{
	if (!vo->size)
		return NULL;
	for (size_t i = h & (vo->size - 1);; i = (i + 1) & (vo->size - 1)) {
		struct vo_entry *e = &vo->slot[i];

		if (!e->name ||
		    (e->hash == h && !strncmp(e->name, name, len) &&
		     !e->name[len]))
			return e;
	}
}

static void grow(struct volatile_objects *vo)
{
	struct volatile_objects bigger = *vo;

	bigger.size = vo->size ? vo->size * 2 : 1024;
	bigger.slot = xcalloc(bigger.size, sizeof(*bigger.slot));
	for (size_t i = 0; i < vo->size; i++)
		if (vo->slot[i].name)
			*find(&bigger, vo->slot[i].name,
			      strlen(vo->slot[i].name), vo->slot[i].hash) =
				vo->slot[i];
	free(vo->slot);
	*vo = bigger;
}

static void set_size(unsigned *have, unsigned size)
{
	if (!*have)
		*have = size ? size : VO_SIZES_DIFFER;
	else if (*have != size)
		*have = VO_SIZES_DIFFER;
}

static void add_name(const struct volatile_name *v, void *ctx)
{
	struct volatile_objects *vo = ctx;
	size_t len = strlen(v->name), h = hash_of(v->name, len);
	unsigned bit = v->member ?
		(v->is_volatile ? VO_MEMBER : VO_MEMBER_OTHER) :
		(v->is_volatile && v->shared ? VO_VAR : VO_VAR_OTHER);
	struct vo_entry *e;

	if (2 * (vo->nr + 1) > vo->size)
		grow(vo);
	e = find(vo, v->name, len, h);
	if (!e->name) {
		e->name = xstrdup(v->name);
		e->hash = h;
		vo->nr++;
	}
	if ((bit & (VO_VAR | VO_MEMBER)) &&
	    !(e->bits & (VO_VAR | VO_MEMBER)))
		vo->nr_volatile++;
	e->bits |= bit;
	if ((bit & (VO_VAR | VO_MEMBER)) && v->array)
		e->bits |= VO_ARRAY;
	if (bit == VO_VAR)
		set_size(&e->var_size, v->size);
	else if (bit == VO_MEMBER)
		set_size(&e->member_size, v->size);
}

static int unit_names(struct line_unit *u, void *ctx)
{
	line_unit_volatile_names(u, add_name, ctx);
	return 0;
}

static int image_names(struct elf_image *img, void *ctx)
{
	struct strbuf why = STRBUF_INIT;

	if (!elf_image_info(img)->damaged)
		elf_image_units_each(img, unit_names, ctx, &why);
	strbuf_release(&why);
	return 0;
}

struct volatile_objects *volatile_objects_collect(const char *const *files,
						  size_t nr)
{
	struct volatile_objects *vo = xcalloc(1, sizeof(*vo));
	struct strbuf why = STRBUF_INIT;

	for (size_t i = 0; i < nr; i++) {
		elf_images_each(files[i], disasm_elf_rules, image_names, vo,
				&why);
		strbuf_reset(&why);
	}
	strbuf_release(&why);
	return vo;
}

void volatile_objects_free(struct volatile_objects *vo)
{
	if (!vo)
		return;
	for (size_t i = 0; i < vo->size; i++)
		free(vo->slot[i].name);
	free(vo->slot);
	free(vo);
}

unsigned volatile_objects_lookup(const struct volatile_objects *vo,
				 const char *name, size_t len,
				 unsigned *var_size, unsigned *member_size)
{
	const struct vo_entry *e;

	if (!vo || !vo->nr)
		return 0;
	e = find(vo, name, len, hash_of(name, len));
	if (!e || !e->name)
		return 0;
	if (var_size)
		*var_size = e->var_size == VO_SIZES_DIFFER ? 0 : e->var_size;
	if (member_size)
		*member_size = e->member_size == VO_SIZES_DIFFER ? 0 :
			       e->member_size;
	return e->bits;
}

size_t volatile_objects_count(const struct volatile_objects *vo)
{
	return vo ? vo->nr_volatile : 0;
}
