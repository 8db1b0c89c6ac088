/*
 * Comparing one configuration's accesses with the reference's.  The C
 * abstract machine fixes the number and order of accesses to volatile
 * scalars (Csmith's --strict-volatile-rule keeps one between sequence
 * points), so any difference on a scalar is a compiler bug; a different
 * checksum is a plain miscompile; how a volatile struct or union is
 * copied is implementation-defined and reported apart.
 */
#include "fuzz/fuzz.h"

#include <stdlib.h>
#include <string.h>

static const char *const class_names[] = {
	[VC_SAME] = "same",
	[VC_COUNT] = "count",
	[VC_ORDER] = "order",
	[VC_TORN] = "torn",
	[VC_WIDENED] = "widened",
	[VC_CHECKSUM] = "checksum",
	[VC_AGGREGATE] = "aggregate",
	[VC_UNOBSERVABLE] = "unobservable",
	[VC_REFERENCE] = "reference",
	[VC_NOT_RUN] = "not-run",
};

const char *verdict_class_name(enum verdict_class v)
{
	return (size_t)v < ARRAY_SIZE(class_names) ? class_names[v] : "?";
}

int verdict_class_parse(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(class_names); i++)
		if (!strcmp(class_names[i], name))
			return (int)i;
	return -1;
}

int verdict_class_is_bug(enum verdict_class v)
{
	return v == VC_COUNT || v == VC_ORDER || v == VC_TORN || v == VC_WIDENED;
}

char *describe_object_accesses(const struct run *r, uint32_t obj, size_t max)
{
	struct strbuf sb = STRBUF_INIT;
	size_t shown = 0, total = 0;

	for (size_t i = 0; i < r->nr; i++) {
		const struct vaccess *a = &r->acc[i];

		if (a->obj != obj)
			continue;
		total++;
		if (shown >= max)
			continue;
		strbuf_addf(&sb, "%s%c%u", shown ? " " : "", a->kind, a->size);
		if (a->off)
			strbuf_addf(&sb, "@%+d", (int32_t)a->off);
		shown++;
	}
	if (total > shown)
		strbuf_addf(&sb, " ... (%zu in all)", total);
	if (!total)
		strbuf_addstr(&sb, "none");
	return strbuf_detach(&sb);
}

static int same_access(const struct vaccess *a, const struct vaccess *b)
{
	return a->obj == b->obj && a->off == b->off && a->size == b->size &&
	       a->kind == b->kind;
}

/* The accesses of one object, in order. */
static size_t of_object(const struct run *r, uint32_t obj,
			const struct vaccess ***out)
{
	size_t n = 0;

	*out = xcalloc(r->nr + 1, sizeof(**out));
	for (size_t i = 0; i < r->nr; i++)
		if (r->acc[i].obj == obj)
			(*out)[n++] = &r->acc[i];
	return n;
}

/* Is an access of a scalar object torn (narrower) or widened? */
static enum verdict_class width_class(const struct volobj *o, uint64_t size,
				      const struct vaccess *a)
{
	int32_t off = (int32_t)a->off;

	if (off < 0 || (uint64_t)off + a->size > size)
		return VC_WIDENED;
	if (a->size > o->elem || (off % o->elem) + a->size > o->elem)
		return VC_WIDENED;
	if (a->size < o->elem)
		return VC_TORN;
	return VC_SAME;
}

static void set(struct verdict *v, enum verdict_class cls, char *detail)
{
	v->cls = cls;
	free(v->detail);
	v->detail = detail;
}

/* How the object's accesses differ; VC_SAME when they do not. */
static enum verdict_class compare_object(const struct run *ref,
					 const struct run *r,
					 const struct volobj *o, uint32_t idx,
					 char **detail)
{
	const struct vaccess **a, **b;
	size_t na = of_object(ref, idx, &a), nb = of_object(r, idx, &b);
	enum verdict_class cls = VC_SAME;

	if (na == nb) {
		size_t i;
		for (i = 0; i < na && same_access(a[i], b[i]); i++)
			;
		if (i == na)
			goto out;
	}
	if (!o->elem) {
		cls = VC_AGGREGATE;
	} else {
		for (size_t i = 0; i < nb && cls == VC_SAME; i++)
			cls = width_class(o, idx < r->nr_obj ? r->obj_size[idx] : 0, b[i]);
		if (cls == VC_SAME)
			cls = na != nb ? VC_COUNT : VC_ORDER;
	}
	{
		char *x = describe_object_accesses(ref, idx, 12);
		char *y = describe_object_accesses(r, idx, 12);
		*detail = xasprintf("%s: reference %s; here %s", o->name, x, y);
		free(x);
		free(y);
	}
out:
	free(a);
	free(b);
	return cls;
}

/* Bugs first, then what is only implementation-defined. */
static int rank(enum verdict_class c)
{
	switch (c) {
	case VC_TORN: return 6;
	case VC_WIDENED: return 5;
	case VC_COUNT: return 4;
	case VC_ORDER: return 3;
	case VC_AGGREGATE: return 1;
	default: return 0;
	}
}

int vaccess_halves(const struct vaccess *a, const struct vaccess *b,
		   unsigned elem, unsigned word)
{
	uint32_t lo = a->off < b->off ? a->off : b->off;

	return word && elem > word && b->obj == a->obj && b->kind == a->kind &&
	       a->size == b->size && 2u * a->size == elem &&
	       (a->off + a->size == b->off || b->off + b->size == a->off) &&
	       lo % elem == 0;
}

/*
 * A copy of in->acc where two adjacent accesses that are the two halves
 * of one element wider than the target's word -- a volatile int64_t on
 * armhf read by ldrd, which QEMU reports as two 4-byte accesses -- are one
 * access of the element.  On a 32-bit target C asks for no single
 * instruction there: gcc 12 -O2 read Csmith seed 3's g_42 with one 8-byte
 * vldr where -O0 used ldrd, the same read, which the oracle first called
 * torn.  A lone half stays a narrower access (torn).
 */
static struct vaccess *join_halves(const struct run *in,
				   const struct volobjs *objs, size_t *nr)
{
	struct vaccess *out = xcalloc(in->nr + 1, sizeof(*out));
	size_t n = 0;

	for (size_t i = 0; i < in->nr; i++) {
		const struct vaccess *a = &in->acc[i], *b = a + 1;
		unsigned elem = a->obj < objs->nr ? objs->o[a->obj].elem : 0;

		out[n] = *a;
		if (i + 1 < in->nr && vaccess_halves(a, b, elem, objs->word)) {
			out[n].off = a->off < b->off ? a->off : b->off;
			out[n].size = (uint16_t)elem;
			i++;
		}
		n++;
	}
	*nr = n;
	return out;
}

static void classify_joined(const struct run *ref, const struct run *r,
			    const struct volobjs *objs, struct verdict *v);

void classify(const struct run *ref, const struct run *r,
	      const struct volobjs *objs, struct verdict *v)
{
	struct run a = *ref, b = *r;

	a.acc = join_halves(ref, objs, &a.nr);
	b.acc = join_halves(r, objs, &b.nr);
	classify_joined(&a, &b, objs, v);
	free(a.acc);
	free(b.acc);
}

static void classify_joined(const struct run *ref, const struct run *r,
			    const struct volobjs *objs, struct verdict *v)
{
	enum verdict_class worst = VC_SAME;
	char *worst_detail = NULL;

	memset(v, 0, sizeof(*v));
	if (r->status != RUN_OK) {
		set(v, VC_NOT_RUN, NULL);
		return;
	}
	for (size_t i = 0; i < objs->nr; i++) {
		char *d = NULL;
		enum verdict_class c = compare_object(ref, r, &objs->o[i],
						      (uint32_t)i, &d);

		if (rank(c) > rank(worst)) {
			worst = c;
			free(worst_detail);
			worst_detail = d;
		} else {
			free(d);
		}
	}
	/* Every object alike on its own: the interleaving of the scalar
	 * objects must match as well. */
	if (worst == VC_SAME || worst == VC_AGGREGATE) {
		size_t i = 0, j = 0;

		for (;;) {
			while (i < ref->nr && !objs->o[ref->acc[i].obj].elem)
				i++;
			while (j < r->nr && !objs->o[r->acc[j].obj].elem)
				j++;
			if (i >= ref->nr || j >= r->nr)
				break;
			if (!same_access(&ref->acc[i], &r->acc[j])) {
				worst = VC_ORDER;
				free(worst_detail);
				worst_detail = xasprintf("access %zu: reference %c%u of %s, here %c%u of %s",
					i, ref->acc[i].kind, ref->acc[i].size,
					objs->o[ref->acc[i].obj].name,
					r->acc[j].kind, r->acc[j].size,
					objs->o[r->acc[j].obj].name);
				break;
			}
			i++;
			j++;
		}
	}
	if (verdict_class_is_bug(worst) && r->nr_blind) {
		char *d = xasprintf("%s (but the tracer could not see %zu instructions, e.g. %s)",
				    worst_detail ? worst_detail : "",
				    r->nr_blind, r->blind_example ? r->blind_example : "?");
		free(worst_detail);
		set(v, VC_UNOBSERVABLE, d);
		return;
	}
	if (worst == VC_SAME || worst == VC_AGGREGATE) {
		if (strcmp(ref->checksum ? ref->checksum : "",
			   r->checksum ? r->checksum : "")) {
			free(worst_detail);
			set(v, VC_CHECKSUM, xasprintf("checksum %s, reference %s",
				r->checksum, ref->checksum));
			return;
		}
	}
	set(v, worst, worst_detail);
}
