/*
 * The comparator: see compare.h.  Small on purpose -- every decision it
 * makes is pinned by a line in tests/verify/compare-cases.txt.
 */
#include "verify/compare.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Most serious first: the headline of a set is its first member here. */
static const struct { unsigned bit; const char *name; } verdicts[] = {
	{ V_DUPLICATED, "duplicated" },
	{ V_TORN, "torn" },
	{ V_FUSED, "fused" },
	{ V_WIDENED, "widened" },
	{ V_ELIDED, "elided" },
	{ V_REORDERED, "reordered" },
	{ V_UNOBSERVABLE, "unobservable" },
};

const char *verdict_name(unsigned bit)
{
	for (size_t i = 0; i < ARRAY_SIZE(verdicts); i++)
		if (verdicts[i].bit == bit)
			return verdicts[i].name;
	return "?";
}

const char *verdict_headline(unsigned set)
{
	for (size_t i = 0; i < ARRAY_SIZE(verdicts); i++)
		if (set & verdicts[i].bit)
			return verdicts[i].name;
	return "ok";
}

void verdict_list(unsigned set, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	if (!set) {
		snprintf(buf, size, "ok");
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(verdicts); i++)
		if ((set & verdicts[i].bit) && len < size)
			len += snprintf(buf + len, size - len, "%s%s",
					len ? "," : "", verdicts[i].name);
}

static int64_t end_of(const struct obs_access *o)
{
	return o->off + (int64_t)o->size;
}

/* Is a write (plain or as part of an RMW) of exactly these bytes expected? */
static int expects_write_at(const struct exp_access *e, size_t nr_e,
			    int64_t off, unsigned size)
{
	for (size_t i = 0; i < nr_e; i++)
		if (e[i].kind != 'r' && (int64_t)e[i].off == off &&
		    e[i].width == size)
			return 1;
	return 0;
}

static void remove_at(struct obs_access *o, size_t *nr, size_t i)
{
	memmove(o + i, o + i + 1, (*nr - i - 1) * sizeof(*o));
	(*nr)--;
}

void normalise_accesses(struct obs_access *o, size_t *nr,
			const struct exp_access *e, size_t nr_e)
{
	/*
	 * Pieces of one execution: vector accesses arrive as 8-byte
	 * callbacks, in either order; merge any two that touch.
	 */
	for (size_t i = 0; i < *nr; i++) {
		for (size_t j = i + 1; j < *nr && o[j].seq == o[i].seq; j++) {
			if (o[j].kind != o[i].kind)
				continue;
			if (o[j].off == end_of(&o[i])) {
				o[i].size += o[j].size;
			} else if (end_of(&o[j]) == o[i].off) {
				o[i].off = o[j].off;
				o[i].size += o[j].size;
			} else {
				continue;
			}
			remove_at(o, nr, j);
			j = i; /* something else may touch the bigger piece */
		}
	}
	/* Read + write of one execution on the same bytes: an atomic RMW. */
	for (size_t i = 0; i < *nr; i++) {
		for (size_t j = i + 1; j < *nr && o[j].seq == o[i].seq; j++) {
			if (o[i].off != o[j].off || o[i].size != o[j].size ||
			    o[i].kind == o[j].kind ||
			    o[i].kind == 'x' || o[j].kind == 'x')
				continue;
			o[i].kind = 'x';
			remove_at(o, nr, j);
			break;
		}
	}
	/*
	 * Load-linked / store-conditional: a load-exclusive immediately followed by
	 * a write (or a cmpxchg-style 'x', which is how QEMU reports a
	 * store-exclusive) of the same bytes, where an RMW is expected.
	 */
	for (size_t i = 0; i + 1 < *nr; i++) {
		if (o[i].kind != 'r' || !o[i].exclusive || o[i + 1].kind == 'r' ||
		    o[i].off != o[i + 1].off || o[i].size != o[i + 1].size ||
		    !expects_write_at(e, nr_e, o[i].off, o[i].size))
			continue;
		o[i].kind = 'x';
		o[i].pc = o[i + 1].pc; /* the store-exclusive decides */
		remove_at(o, nr, i + 1);
	}
}

int is_load_exclusive(const char *d)
{
	/*
	 * aarch64 ldxr/ldaxr (b, h, p), arm ldrex (b, h, d), ppc l[bhwd]arx,
	 * riscv lr.w/lr.d (.aq, .rl), mips ll/lld.  s390x has none (CS/CSG
	 * are single instructions).  `sized` allows a b/h/d/p suffix.
	 */
	static const struct { const char *m; int sized; } ex[] = {
		{ "ldxr", 1 }, { "ldaxr", 1 }, { "ldxp", 0 }, { "ldaxp", 0 },
		{ "ldrex", 1 }, { "lbarx", 0 }, { "lharx", 0 }, { "lwarx", 0 },
		{ "ldarx", 0 }, { "lr.w", 0 }, { "lr.d", 0 }, { "ll", 0 },
		{ "lld", 0 },
	};
	size_t n;

	if (!d)
		return 0;
	while (*d == ' ' || *d == '\t')
		d++;
	n = strcspn(d, " \t");
	/* Some disassemblers print the encoding first ("1408372f  lr.d.aq"). */
	if ((n == 4 || n == 8) && strspn(d, "0123456789abcdef") == n &&
	    d[n + strspn(d + n, " \t")]) {
		d += n;
		d += strspn(d, " \t");
		n = strcspn(d, " \t");
	}
	for (size_t i = 0; i < ARRAY_SIZE(ex); i++) {
		size_t k = strlen(ex[i].m);

		if (n < k || strncmp(d, ex[i].m, k))
			continue;
		if (n == k || d[k] == '.')
			return 1;
		if (ex[i].sized && n == k + 1 && strchr("bhdp", d[k]))
			return 1;
	}
	return 0;
}

static int overlaps(const struct obs_access *o, const struct exp_access *e)
{
	return o->off < (int64_t)(e->off + e->width) && (int64_t)e->off < end_of(o);
}

/*
 * An atomic read-modify-write that stores the expected bytes is that
 * store: ARMv7 has no other single-copy-atomic 8-byte store than an
 * ldrexd/strexd loop, and gcc on riscv64 stores relaxed atomics with
 * amoswap.  The read half of such an instruction is not a second access.
 */
static int same_kind(char observed, char expected)
{
	return observed == expected || (observed == 'x' && expected == 'w');
}

unsigned compare_accesses(const struct exp_access *e, size_t nr_e,
			  struct obs_access *o, size_t nr_o, size_t nr_blind)
{
	unsigned set = 0;
	/* Per expected access: matched (full), pieces, covered by wider. */
	size_t *full = xcalloc(nr_e + 1, sizeof(*full));
	size_t *pieces = xcalloc(nr_e + 1, sizeof(*pieces));
	size_t *covered = xcalloc(nr_e + 1, sizeof(*covered));
	/* Index of the first expected access with the same key. */
	size_t *key = xcalloc(nr_e + 1, sizeof(*key));

	for (size_t i = 0; i < nr_e; i++) {
		key[i] = i;
		for (size_t j = 0; j < i; j++)
			if (e[j].kind == e[i].kind && e[j].off == e[i].off &&
			    e[j].width == e[i].width) {
				key[i] = j;
				break;
			}
	}

	for (size_t k = 0; k < nr_o; k++) {
		size_t n_over = 0, exact = nr_e, only = nr_e;
		int64_t lo = INT64_MAX, hi = INT64_MIN;
		size_t n_inside = 0;

		for (size_t i = 0; i < nr_e; i++) {
			if (key[i] != i || !same_kind(o[k].kind, e[i].kind) ||
			    !overlaps(&o[k], &e[i]))
				continue;
			n_over++;
			only = i;
			if ((int64_t)e[i].off == o[k].off && e[i].width == o[k].size)
				exact = i;
			if ((int64_t)e[i].off >= o[k].off &&
			    (int64_t)(e[i].off + e[i].width) <= end_of(&o[k])) {
				n_inside++;
				if ((int64_t)e[i].off < lo)
					lo = e[i].off;
				if ((int64_t)(e[i].off + e[i].width) > hi)
					hi = e[i].off + e[i].width;
			}
		}
		if (exact < nr_e) {
			o[k].cls = OBS_MATCH;
			full[exact]++;
		} else if (n_over == 0) {
			o[k].cls = OBS_WIDENED;
			set |= V_WIDENED;
		} else if (n_over == 1 && o[k].off >= (int64_t)e[only].off &&
			   end_of(&o[k]) <= (int64_t)(e[only].off + e[only].width)) {
			o[k].cls = OBS_PIECE;
			pieces[only]++;
		} else if (n_inside >= 2 && n_inside == n_over &&
			   lo == o[k].off && hi == end_of(&o[k])) {
			o[k].cls = OBS_FUSED;
			set |= V_FUSED;
		} else {
			o[k].cls = OBS_WIDENED;
			set |= V_WIDENED;
		}
		if (o[k].cls == OBS_FUSED || o[k].cls == OBS_WIDENED)
			for (size_t i = 0; i < nr_e; i++)
				if (key[i] == i && same_kind(o[k].kind, e[i].kind) &&
				    overlaps(&o[k], &e[i]))
					covered[i]++;
	}

	for (size_t i = 0; i < nr_e; i++) {
		size_t need = 0;

		if (key[i] != i)
			continue;
		for (size_t j = 0; j < nr_e; j++)
			need += key[j] == i;
		if (full[i] > need)
			set |= V_DUPLICATED;
		else if (full[i] == need && pieces[i])
			set |= V_DUPLICATED; /* a partial reload, as in 001 */
		else if (full[i] < need && pieces[i]) {
			set |= V_TORN;
			/* Pieces that add up to more than the missing bytes
			 * touch some byte twice. */
			size_t bytes = 0;
			for (size_t k = 0; k < nr_o; k++)
				if (o[k].cls == OBS_PIECE && same_kind(o[k].kind, e[i].kind) &&
				    overlaps(&o[k], &e[i]))
					bytes += o[k].size;
			if (bytes > (need - full[i]) * e[i].width)
				set |= V_DUPLICATED;
		} else if (full[i] + covered[i] < need) {
			set |= nr_blind ? V_UNOBSERVABLE : V_ELIDED;
		}
	}

	/* Everything matched one to one: is the order the promised one? */
	if (!set) {
		for (size_t k = 0; k < nr_o && k < nr_e; k++)
			if ((int64_t)e[k].off != o[k].off || e[k].width != o[k].size ||
			    !same_kind(o[k].kind, e[k].kind)) {
				set |= V_REORDERED;
				break;
			}
	}

	free(full);
	free(pieces);
	free(covered);
	free(key);
	return set;
}
