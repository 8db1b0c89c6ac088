/* Verdicts on the instances of a site (verdict.h). */
#include "scan/verdict.h"
#include "lib/util.h"

#include <stdlib.h>
#include <ctype.h>
#include <string.h>

const char *scan_verdict_name(enum scan_verdict v)
{
	static const char *const names[SCAN__COUNT] = {
		"ok", "torn", "duplicated", "widened", "unattributed",
	};

	return v < SCAN__COUNT ? names[v] : "?";
}

const char *unattributed_reason_name(enum unattributed_reason r)
{
	static const char *const names[UNATTRIBUTED__COUNT] = {
		"no memory access", "a call instead", "not decoded",
		"the stack only", "only the pointer to it",
		"its address not known", "a local, published or not",
		"its size not known", "whether volatile not known",
		"whose copy not known",
	};

	return r < UNATTRIBUTED__COUNT ? names[r] : "?";
}

/*
 * Is the site's object reached through a pointer (p->f, *(p), a
 * pointer-argument macro or accessor)?  In the frame, that is a local
 * object whose address the program took: the site's object, shared if
 * the address was published -- which the code of the site does not say.
 */
static int through_pointer(const struct scan_site *site)
{
	return site->pointee || (site->lvalue && (site->lvalue[0] == '*' ||
						  strstr(site->lvalue, "->")));
}

/* Does this access count for a site that reads, writes or both? */
static int relevant(const struct scan_site *site, const struct mem_access *a)
{
	/* the frame's slots are copies -- unless the object is a local
	 * whose address was taken (published): then they are it.  What
	 * the address is decides, not how the instruction forms it: a
	 * slot through the stack pointer (x86-64's 0x18(%rsp)) and one
	 * through a register formed from it (aarch64's add x19, sp, #..)
	 * are both the frame's */
	if (a->kind == ACC_NONE || (a->frame && !site->published) || !a->size)
		return 0;
	switch (site->access) {
	case SITE_READ:
		return a->kind & ACC_LOAD;
	case SITE_WRITE:
		return a->kind & ACC_STORE;
	default:
		return 1;
	}
}

static int same_base(const struct mem_access *a, const struct mem_access *b)
{
	return a->base == b->base && a->index == b->index &&
	       a->base_gen == b->base_gen && a->index_gen == b->index_gen;
}

static int overlap(const struct mem_access *a, const struct mem_access *b)
{
	return a->disp < b->disp + (int64_t)b->size &&
	       b->disp < a->disp + (int64_t)a->size;
}

/*
 * ARM conditional execution: a and b run under opposite conditions of
 * the same flags (ldrne and ldreq with no flag write between), so at
 * most one of them executes.  capstone numbers the conditions in
 * complementary pairs: EQ 1 / NE 2, HS 3 / LO 4, ... GT 13 / LE 14.
 */
static int opposite_conditions(const struct mem_access *a,
			       const struct mem_access *b)
{
	unsigned x = a->cond, y = b->cond;

	if (!x || !y || x >= 15 || y >= 15 || a->flags_gen != b->flags_gen)
		return 0;
	return (x % 2 && y == x + 1) || (y % 2 && x == y + 1);
}

#define MAX_TARGETS 64

/*
 * Can one execution go from acc[i] to acc[j] (i < j, in address order)
 * through the code between them, going forward?  Branches in between
 * are followed: a jump ahead makes its destination reachable, an
 * unconditional jump or a return ends the straight line, an indirect jump
 * may lead anywhere after it.  A jump backwards is a loop: the code it
 * reaches runs again, in another execution of the site.  Accesses at the
 * same address (one ldrd) are on one path.
 */
static int one_path(const struct mem_access *acc, size_t nr, size_t i,
		    size_t j)
{
	uint64_t targets[MAX_TARGETS], cur = acc[i].pc;
	size_t nt = 0;
	int live = 1, kill = 0, wild = 0;

	for (size_t k = i; k < nr; k++) {
		const struct mem_access *e = &acc[k];

		if (e->pc != cur) { /* the effects of the branch at cur */
			if (kill)
				live = 0;
			kill = 0;
			for (size_t t = 0; t < nt; t++)
				if (targets[t] > cur && targets[t] <= e->pc)
					live = 1;
			if (wild)
				live = 1;
			cur = e->pc;
		}
		if (k == j)
			return live;
		if (!e->branch || !live || k == i)
			continue;
		if (e->wild)
			wild = 1;
		if (e->target > e->pc) {
			if (nt == MAX_TARGETS)
				wild = 1; /* too many to follow: say maybe */
			else
				targets[nt++] = e->target;
		}
		if (!e->falls)
			kill = 1;
	}
	return 0;
}

/* Can acc[i] and acc[j] both happen in one execution of the site? */
static int together(const struct mem_access *acc, size_t nr, size_t i,
		    size_t j)
{
	if (opposite_conditions(&acc[i], &acc[j]))
		return 0;
	return i < j ? one_path(acc, nr, i, j) : one_path(acc, nr, j, i);
}

static const char *kind_word(enum access_kind k, int plural)
{
	switch (k) {
	case ACC_LOAD:
		return plural ? "loads" : "load";
	case ACC_STORE:
		return plural ? "stores" : "store";
	default:
		return plural ? "read-modify-writes" : "read-modify-write";
	}
}

/* Are the accesses that count for the site, the ones still considered
 * (not dropped by the rules before), all narrower than size? */
static int all_narrower(const struct scan_site *site,
			const struct mem_access *acc, size_t nr, unsigned size)
{
	size_t n = 0;

	for (size_t k = 0; k < nr; k++) {
		if (!relevant(site, &acc[k]))
			continue;
		if (acc[k].size >= size)
			return 0;
		n++;
	}
	return n > 0;
}

/* "a 4-byte", "an 8-byte", "an 11-byte", "an 18-byte" */
static const char *article(unsigned n)
{
	return n == 8 || n == 11 || n == 18 || (n >= 80 && n < 90) ? "an" : "a";
}

/*
 * The cause, when the source repeats the site: it stands in an argument
 * of a macro whose expansion evaluates that argument more than once
 * (bdwgc's FINAL_MARK_BIT(AO_load(&hhdr->hb_sz)): three times).  Said,
 * as a wrapper's own repeats are: the values may still disagree.
 */
static void say_repeat(const struct scan_site *site, struct strbuf *why)
{
	strbuf_addf(why, ", as the source asks: %s names its argument ",
		    site->repeat_macro);
	if (site->repeat_min == site->repeat_max)
		strbuf_addf(why, "%u times", site->repeat_max);
	else if (!site->repeat_min)
		strbuf_addf(why, "up to %u times", site->repeat_max);
	else /* by its definitions, or __builtin_choose_expr's arms */
		strbuf_addf(why, "%u to %u times", site->repeat_min,
			    site->repeat_max);
}

/* Is there code not decoded between acc[i] and acc[j] (i < j)? */
static int gap_between(const struct mem_access *acc, size_t i, size_t j)
{
	for (size_t m = i + 1; m < j; m++)
		if (acc[m].gap)
			return 1;
	return 0;
}

/*
 * Two loads (or two stores) of the same bytes that one execution can
 * make: on one forward path (one_path(), as for torn).  Stopping at the
 * first branch between them passed clang's three loads of bdwgc's
 * hb_sz (a load, a ja not taken, a load) as one.  The copies on the two
 * arms of a branch are on no one path: each one access.  Nor are two
 * with code between them that was not decoded (ranges far apart: a
 * function's .cold part), whose paths cannot be told -- as before.
 */
static int find_duplicate(const struct scan_site *site, int in_loop,
			  const struct mem_access *acc, size_t nr,
			  size_t *pi, size_t *pj)
{
	for (size_t i = 0; i < nr; i++) {
		if (!relevant(site, &acc[i]) || acc[i].kind == ACC_RMW)
			continue;
		for (size_t j = i + 1; j < nr; j++) {
			if (!relevant(site, &acc[j]) || acc[j].kind != acc[i].kind ||
			    acc[j].pc == acc[i].pc || !same_base(&acc[i], &acc[j]) ||
			    !overlap(&acc[i], &acc[j]) ||
			    gap_between(acc, i, j) ||
			    !together(acc, nr, i, j))
				continue;
			/* In a loop, identical accesses are what unrolling
			 * makes: one per iteration, not two in one -- unless
			 * the source asks for several in one (a macro that
			 * names the argument holding the site twice or more,
			 * in each of its definitions): then they may as well
			 * be those, and are what the source wrote. */
			if (in_loop && acc[j].size == acc[i].size &&
			    acc[j].disp == acc[i].disp && site->repeat_min < 2)
				continue;
			*pi = i;
			*pj = j;
			return 1;
		}
	}
	return 0;
}

/*
 * For a site the source repeats (site->repeat_min >= 2): two accesses
 * that one execution can make, of one kind and width, at one
 * displacement from the register each names, but through bases not
 * shown to be one (what a register held was dropped at a join: the
 * kernel's sk_wait_event() reads sk->sk_err as `movl 0x220(%r15)`
 * before and after a call, r15 known to be rdi's value only before).
 * The source asks for two there: whether these are them, cannot tell.
 */
static int unpaired_copies(const struct scan_site *site,
			   const struct mem_access *acc, size_t nr,
			   size_t *pi, size_t *pj)
{
	for (size_t i = 0; i < nr; i++) {
		if (!relevant(site, &acc[i]) || acc[i].kind == ACC_RMW ||
		    !acc[i].reg)
			continue;
		for (size_t j = i + 1; j < nr; j++) {
			if (!relevant(site, &acc[j]) || acc[j].kind != acc[i].kind ||
			    acc[j].size != acc[i].size || !acc[j].reg ||
			    acc[j].reg_disp != acc[i].reg_disp ||
			    same_base(&acc[i], &acc[j]) ||
			    gap_between(acc, i, j) || !together(acc, nr, i, j))
				continue;
			*pi = i;
			*pj = j;
			return 1;
		}
	}
	return 0;
}

/* Can acc[k] happen in one execution with each access marked in used? */
static int with_all(const struct mem_access *acc, size_t nr, size_t k,
		    const char *used)
{
	for (size_t m = 0; m < nr; m++)
		if (used[m] && !together(acc, nr, m, k))
			return 0;
	return 1;
}

/*
 * Accesses of one kind through the base of acc[first] that do not
 * overlap, can all happen in one execution (one path, not under opposite
 * conditions) and together cover one contiguous range: *lo..*hi.
 * Returns how many, marking them in used.
 */
static size_t contiguous_group(const struct scan_site *site,
			       const struct mem_access *acc, size_t nr,
			       size_t first, int64_t *lo, int64_t *hi,
			       char *used)
{
	size_t n = 1;
	int grew = 1;

	*lo = acc[first].disp;
	*hi = acc[first].disp + (int64_t)acc[first].size;
	used[first] = 1;
	/* grow the range while some access touches its ends */
	while (grew) {
		grew = 0;
		for (size_t k = 0; k < nr; k++) {
			const struct mem_access *a = &acc[k];

			if (used[k] || !relevant(site, a) || a->kind != acc[first].kind ||
			    !same_base(a, &acc[first]))
				continue;
			if (a->disp != *hi && a->disp + (int64_t)a->size != *lo)
				continue;
			if (!with_all(acc, nr, k, used))
				continue;
			if (a->disp == *hi)
				*hi += (int64_t)a->size;
			else
				*lo = a->disp;
			used[k] = 1;
			n++;
			grew = 1;
		}
	}
	return n;
}

/* Are all the accesses marked in used made by one instruction (ldrd)? */
static int one_instruction(const struct mem_access *acc, size_t nr,
			   const char *used)
{
	uint64_t pc = 0;
	int seen = 0;

	for (size_t k = 0; k < nr; k++) {
		if (!used[k])
			continue;
		if (seen && acc[k].pc != pc)
			return 0;
		pc = acc[k].pc;
		seen = 1;
	}
	return seen;
}

/*
 * gcc gives a site's load the column of what receives it (`t =
 * READ_ONCE(*p)`: the 't'), so rows whose column lies before the site
 * are the site's -- unless the line's other expressions before it
 * (`if (tsk->parent_exec_id != READ_ONCE(...))`) are what they hold.
 * When some access lies inside the site's text, those before it are the
 * other expressions: they no longer count.
 */
/*
 * A slot of the frame, of the object's width, inside the site's text:
 * the site's access of a local whose address it was given (p = &here;
 * READ_ONCE(*p) == trace[i], Linux's trace_stack.c), which relevant()
 * sets aside as the frame's.
 */
static int frame_slot_inside(const struct scan_site *site, unsigned size,
			     const struct mem_access *acc)
{
	struct mem_access a = *acc;

	if (a.before || !a.frame || !size || a.size != size)
		return 0;
	a.frame = 0;
	return relevant(site, &a);
}

static int folding_insn(const char *text);

static void drop_before(const struct scan_site *site, unsigned size,
			struct mem_access *acc, size_t nr)
{
	int inside = 0, frame_inside = 0;

	for (size_t k = 0; k < nr; k++) {
		if (relevant(site, &acc[k]) && !acc[k].before)
			inside = 1;
		else if (frame_slot_inside(site, size, &acc[k]))
			frame_inside = 1;
	}
	/* With only a frame slot inside the text, a load folded into an
	 * operator's instruction before it is the operator's other
	 * operand (the compare of trace[i]), not the site's; a plain load
	 * before it may still be the site's, through a pointer reloaded
	 * from the frame (clang -O0: movq -8(%rbp), %rax inside the text,
	 * movl (%rax), %eax on the column before) */
	for (size_t k = 0; k < nr; k++)
		if (acc[k].before && acc[k].kind != ACC_NONE &&
		    (inside ||
		     (frame_inside && folding_insn(acc[k].text))))
			acc[k].kind = ACC_NONE;
}

/*
 * Does the instruction (its text) compute with its memory operand --
 * x86's add, cmp, test ... with a load folded in -- rather than only
 * move it?  A plain load on an operator's column is another operand's.
 */
static int folding_insn(const char *text)
{
	static const char *const ops[] = {
		"add", "sub", "and", "or", "xor", "cmp", "test", "adc", "sbb",
		"imul", "cmov", "bt", "ucomis", "comis", "vucomis", "vcomis",
	};

	for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
		if (!strncmp(text, ops[i], strlen(ops[i])))
			return 1;
	return 0;
}

/* Are the folded loads kept (keep_folded) all of the same bytes? */
static int folded_same_bytes(const struct scan_site *site,
			     const struct mem_access *acc, size_t nr)
{
	long first = -1;

	for (size_t k = 0; k < nr; k++) {
		if (!acc[k].folded || !relevant(site, &acc[k]))
			continue;
		if (first < 0)
			first = (long)k;
		else if (!same_base(&acc[first], &acc[k]) ||
			 acc[first].disp != acc[k].disp ||
			 acc[first].size != acc[k].size)
			return 0;
	}
	return 1;
}

/*
 * The rows on an operator's column of the site's statement (ROW_FOLDED)
 * hold the site's load only folded into the operator's instruction, and
 * only when nothing else of the instance is the site's -- and of the
 * object's width, when that is known: a compare of other bytes on the
 * operator is another operand's (no "ok" on an access that is not the
 * object's) -- and only through the register the DWARF puts the
 * object's pointer in there, at its offset (judge.c, folded_address):
 * a compare of the same width may be the other operand's
 * (READ_ONCE(a->x) == b->y, the site's own load on a row of nobody's).
 */
static long keep_folded(const struct scan_site *site, unsigned size,
			struct mem_access *acc, size_t nr, long *not_shown)
{
	int other = 0;
	size_t kept = 0;
	long off_width = -1; /* the first folded load of another width */

	*not_shown = -1; /* the first not shown to be at the object */
	for (size_t k = 0; k < nr; k++)
		if (relevant(site, &acc[k]) && !acc[k].folded)
			other = 1;
	for (size_t k = 0; k < nr; k++) {
		if (!acc[k].folded || acc[k].kind == ACC_NONE)
			continue;
		if (other || acc[k].kind != ACC_LOAD ||
		    !folding_insn(acc[k].text)) {
			acc[k].kind = ACC_NONE;
		} else if (size && acc[k].size != size) {
			if (off_width < 0 && relevant(site, &acc[k]))
				off_width = (long)k;
			acc[k].kind = ACC_NONE;
		} else if (acc[k].folded_address != FOLDED_OBJECT) {
			/* the operator's instruction may compare the other
			 * operand's memory: the object's only where the
			 * DWARF shows its pointer there (judge.c) */
			if (*not_shown < 0 && relevant(site, &acc[k]))
				*not_shown = (long)k;
			acc[k].kind = ACC_NONE;
		} else if (relevant(site, &acc[k])) {
			kept++;
		}
	}
	/* several such loads on the statement's operators: which is the
	 * site's cannot be told (a + READ_ONCE(s->a) + s->b) -- unless they
	 * are one load of the same bytes on several paths (a loop clang
	 * rotated: its test before the loop and at its end) */
	if (kept > 1 && folded_same_bytes(site, acc, nr))
		return -1;
	for (size_t k = 0; kept > 1 && k < nr; k++)
		if (acc[k].folded)
			acc[k].kind = ACC_NONE;
	return kept ? -1 : off_width;
}

/*
 * The rows of a site's assignment after its text (the '=', the value, a
 * '++') hold its store -- and the value's own code: only the stores
 * count there, and the loads of bytes the instance also stores (the read
 * of ACCESS_ONCE(x) += v, if the compiler put it at the '+=').
 */
static void keep_assignment_stores(struct mem_access *acc, size_t nr)
{
	for (size_t k = 0; k < nr; k++) {
		int stored = 0;

		if (!acc[k].assignment || acc[k].kind != ACC_LOAD)
			continue;
		for (size_t j = 0; j < nr && !stored; j++)
			stored = (acc[j].kind & ACC_STORE) && !acc[j].stack &&
				 same_base(&acc[k], &acc[j]) &&
				 overlap(&acc[k], &acc[j]);
		if (!stored)
			acc[k].kind = ACC_NONE;
	}
}

/*
 * A macro of the file that reads and writes one object (sub_positive:
 * READ_ONCE(*ptr) ... WRITE_ONCE(*ptr, res)) has all its code, the
 * arguments' too, on the column of its use: the arguments' plain loads
 * (gcc reads se->avg.load_sum of sub_positive(&cfs_rq->avg.load_sum,
 * se->avg.load_sum) as two words) are not the object's.  The object is
 * what the instance both loads and stores: one base, overlapping bytes.
 * When some access is, the others no longer count; when none is (the
 * store went elsewhere, a base register was reloaded), all stay.
 */
static void keep_loaded_and_stored(const struct scan_site *site,
				   struct mem_access *acc, size_t nr)
{
	char *obj;
	int any = 0;

	if (!site->via || site->several || !site->body_reads ||
	    !site->body_writes)
		return;
	obj = xcalloc(nr, 1);
	for (size_t i = 0; i < nr; i++) {
		if (!relevant(site, &acc[i]))
			continue;
		if (acc[i].kind == ACC_RMW)
			obj[i] = 1;
		for (size_t j = 0; acc[i].kind == ACC_LOAD && j < nr; j++)
			if (relevant(site, &acc[j]) && acc[j].kind == ACC_STORE &&
			    same_base(&acc[i], &acc[j]) && overlap(&acc[i], &acc[j]))
				obj[i] = obj[j] = 1;
		any |= obj[i];
	}
	for (size_t k = 0; any && k < nr; k++)
		if (relevant(site, &acc[k]) && !obj[k])
			acc[k].kind = ACC_NONE;
	free(obj);
}

/* "net_hotdata.tstamp_prequeue", "jiffies": an object named, not
 * reached through a pointer -- a global (or a local) */
static int named_object(const char *lvalue)
{
	if (!lvalue || !(isalpha((unsigned char)*lvalue) || *lvalue == '_'))
		return 0;
	for (; *lvalue; lvalue++)
		if (!isalnum((unsigned char)*lvalue) && *lvalue != '_' &&
		    *lvalue != '.')
			return 0;
	return 1;
}

/*
 * rcu_dereference(to_vlan(a)->vlan_p)->tcfv_push_dst: the site's value
 * is dereferenced right after it, so an access through the register a
 * load of the site set -- and that feeds no further access itself -- is
 * of the object the value points to (here a 6-byte memcpy), not of the
 * site's: not counted.  A load that feeds another is kept: in
 * rcu_dereference(p->q)->f the load of p is the way to q.
 */
static void drop_through_value(const struct scan_site *site,
			       struct mem_access *acc, size_t nr)
{
	if (!site->deref_after)
		return;
	for (size_t k = 0; k < nr; k++) {
		if (!acc[k].fed_by_pc || acc[k].feeds_address ||
		    !relevant(site, &acc[k]))
			continue;
		for (size_t m = 0; m < nr; m++)
			if (m != k && acc[m].pc == acc[k].fed_by_pc &&
			    acc[m].kind == ACC_LOAD && relevant(site, &acc[m])) {
				acc[k].kind = ACC_NONE;
				break;
			}
	}
}

/*
 * A named object that some access reaches at its symbol's address is a
 * global: the accesses through other registers on its rows are of other
 * objects (net_timestamp_check(READ_ONCE(net_hotdata.tstamp_prequeue),
 * skb) reads skb->tstamp on the same line -- two 4-byte loads on ARM,
 * not a torn flag).  Not counted, nor as the stack's.
 */
static void drop_off_symbol(const struct scan_site *site, unsigned size,
			    struct mem_access *acc, size_t nr)
{
	int at_symbol = 0;

	if (!named_object(site->lvalue))
		return;
	/* a load wider than the object whose value is then an address is
	 * the way to it, not it: a PIC unit's GOT entry (`movq
	 * background_thread_enabled_state@GOTPCREL(%rip), %r11`, then
	 * `movzbl (%r11)` of jemalloc's 1-byte flag, whose name with its
	 * member .repr is an object named too) */
	for (size_t k = 0; k < nr && !at_symbol; k++)
		at_symbol = relevant(site, &acc[k]) &&
			    acc[k].base == BASE_ABSOLUTE &&
			    !(size && acc[k].size > size &&
			      acc[k].feeds_address);
	for (size_t k = 0; at_symbol && k < nr; k++) {
		int frame = acc[k].frame;

		acc[k].frame = 0;
		if (relevant(site, &acc[k]) && acc[k].base != BASE_ABSOLUTE)
			acc[k].kind = ACC_NONE;
		acc[k].frame = frame;
	}
}

/* Whose pointee a torn site's object is, for the note: a macro's use
 * sized by its body's volatile cast (judge.c) has no argument to it. */
static const char *pointee_whose(const struct scan_site *site)
{
	return site->cast_type && !site->pointee ?
	       "its volatile cast points to" : "its argument points to";
}

/* Is acc[k] read through the value a relevant load of the instance
 * read? */
static int fed_by_relevant(const struct scan_site *site,
			   const struct mem_access *acc, size_t nr, size_t k)
{
	for (size_t m = 0; acc[k].fed_by_pc && m < nr; m++)
		if (m != k && (acc[m].pc == acc[k].fed_by_pc ||
			       acc[m].pc == acc[k].fed_base_pc) &&
		    acc[m].kind == ACC_LOAD && relevant(site, &acc[m]))
			return 1;
	return 0;
}

/*
 * Can a call of a copy function (memcpy ...) at the site be its one
 * access, compiled as a call?  For an aggregate: a struct the compiler
 * copies through memcpy (s390x clang's 4-byte struct aligned to 2).
 * Never for a scalar: the target reads and writes one of its width in
 * one instruction, so a copy call on its rows is another expression's
 * (Linux's neigh_confirm(): `now = jiffies` inlined beside the skb
 * header copy).  Of a kind not known, only wider than any scalar
 * (8 bytes).
 */
static int copy_may_be_access(int aggregate, unsigned size)
{
	return aggregate == 1 || (aggregate < 0 && size > 8);
}

/*
 * The instance's rows are shared by `shared` sites of one object in one
 * statement (attribute.h: a macro use whose code is all on its first
 * line's column), and find_duplicate() found acc[i] and acc[j] of the
 * same bytes on one path.  The accesses of acc[i]'s bytes on that path
 * are the sites' own when there are as many as sites: one each, this
 * site the rank-th -- ok when it is of the object's width; more are
 * duplicated; fewer cannot be told apart.
 */
static enum scan_verdict shared_verdict(const struct scan_site *site,
					unsigned size, size_t shared,
					size_t rank, const struct mem_access *acc,
					size_t nr, size_t i, struct strbuf *why,
					char *used,
					enum unattributed_reason *reason)
{
	size_t n = 0, mine = i, last = i;

	for (size_t k = 0; k < nr; k++) {
		if (!relevant(site, &acc[k]) || acc[k].kind != acc[i].kind ||
		    !same_base(&acc[k], &acc[i]) || !overlap(&acc[k], &acc[i]) ||
		    (k != i && (!together(acc, nr, i, k) ||
				gap_between(acc, k < i ? k : i, k < i ? i : k))))
			continue;
		if (n == rank)
			mine = k;
		last = k;
		n++;
	}
	if (n > shared) {
		used[i] = used[last] = 1;
		strbuf_addf(why, "compiled to %zu %s of the same bytes for the "
			    "%zu sites of the object in the statement, whose "
			    "code shares these rows: duplicated", n,
			    kind_word(acc[i].kind, 1), shared);
		return SCAN_DUPLICATED;
	}
	if (n < shared) {
		used[i] = 1;
		*reason = UNATTRIBUTED_ADDRESS;
		strbuf_addf(why, "%zu %s of the same bytes for the %zu sites of "
			    "the object in the statement, whose code shares "
			    "these rows (a macro's use, all its code on its "
			    "first line's column): "
			    "which site's, cannot tell", n,
			    kind_word(acc[i].kind, n != 1), shared);
		return SCAN_UNATTRIBUTED;
	}
	used[mine] = 1;
	strbuf_addf(why, "compiled to one %u-byte %s, one of %zu of the same "
		    "bytes for the %zu sites of the object in the statement, "
		    "whose code shares these rows (a macro's use, all its "
		    "code on its first line's column): one each",
		    acc[mine].size,
		    kind_word(acc[mine].kind, 0), n, shared);
	if (size && acc[mine].size != size) {
		/* one each, but not of the object's width: as for one
		 * access of another width, never ok */
		*reason = UNATTRIBUTED_ADDRESS;
		strbuf_addf(why, ", but not of the %u-byte object's width: "
			    "cannot tell", size);
		return SCAN_UNATTRIBUTED;
	}
	if (!size) {
		*reason = UNATTRIBUTED_SIZE;
		strbuf_addstr(why, ", but the object's size is unknown: "
			      "whether that is all of it cannot be told");
		return SCAN_UNATTRIBUTED;
	}
	return SCAN_OK;
}

static enum scan_verdict judge_accesses(const struct scan_site *site,
			   int in_loop, int pointee, unsigned size,
			   int aggregate, size_t shared, size_t rank,
			   struct mem_access *acc, size_t nr,
			   struct strbuf *why, char *used,
			   enum unattributed_reason *reason)
{
	size_t nrel = 0, last = 0, i, j, calls = 0, undecoded = 0, stack = 0;
	size_t copy = 0, copies = 0, copy_calls = 0, shown;
	unsigned n2;
	long off_width, not_shown;

	memset(used, 0, nr);
	off_width = keep_folded(site, size, acc, nr, &not_shown);
	keep_assignment_stores(acc, nr);
	drop_before(site, size, acc, nr);
	keep_loaded_and_stored(site, acc, nr);
	drop_through_value(site, acc, nr);
	drop_off_symbol(site, size, acc, nr);
	for (size_t k = 0; k < nr; k++) {
		if (acc[k].call)
			calls++;
		if (acc[k].call && acc[k].copy)
			copy_calls++;
		/* a call of memcpy at the site's own text, not one on a
		 * column before it (another call of the line) */
		if (acc[k].copy && !acc[k].before && !copies++)
			copy = k;
		/* on an operator's column only a decoded folded load
		 * counts (keep_folded): what was not decoded there is none
		 * (ppc64le's traceback table after the blr of a row that
		 * runs to the function's end) */
		if (acc[k].undecoded && !acc[k].folded)
			undecoded++;
		if (acc[k].frame) { /* would it count, but for the frame? */
			acc[k].frame = 0;
			stack += relevant(site, &acc[k]);
			acc[k].frame = 1;
		}
		if (relevant(site, &acc[k])) {
			nrel++;
			last = k;
		}
	}
	/* The copy given to memcpy: whatever the callee does, it is not
	 * one access that the compiler chose for the site (s390x clang
	 * for a struct aligned below its size, memcpy(..., 4)). */
	if (copies && copy_may_be_access(aggregate, size) &&
	    (!nrel || (nrel == 1 && size && acc[last].size < size))) {
		used[copy] = 1;
		if (nrel) {
			used[last] = 1;
			strbuf_addf(why, "compiled to %s %u-byte %s and a call "
				    "of %s(), not one access: torn",
				    article(acc[last].size), acc[last].size,
				    kind_word(acc[last].kind, 0), acc[copy].copy);
		} else {
			strbuf_addf(why, "compiled to a call of %s(), not one "
				    "access: torn", acc[copy].copy);
		}
		return SCAN_TORN;
	}
	if (!nrel && off_width >= 0 && !calls) {
		used[off_width] = 1;
		*reason = UNATTRIBUTED_ADDRESS;
		strbuf_addf(why, "only %s %u-byte load folded into an "
			    "operator's instruction, not the %u-byte object's "
			    "width: another operand's, or a wider access of the "
			    "object, cannot tell", article(acc[off_width].size),
			    acc[off_width].size, size);
		return SCAN_UNATTRIBUTED;
	}
	if (!nrel && not_shown >= 0 && !calls) {
		used[not_shown] = 1;
		*reason = UNATTRIBUTED_ADDRESS;
		strbuf_addf(why, "only %s %u-byte load folded into an "
			    "operator's instruction, %s: another operand's, "
			    "cannot tell", article(acc[not_shown].size),
			    acc[not_shown].size,
			    acc[not_shown].folded_address == FOLDED_OTHER_OFFSET ?
			    "through the object's pointer at another offset" :
			    acc[not_shown].folded_address == FOLDED_OTHER_REG ?
			    "not at the object's address there" :
			    "not shown to be at the object's address");
		return SCAN_UNATTRIBUTED;
	}
	/* nothing decoded at the site but what could not be: that may be
	 * the access (CET's wrssq, which capstone 4.0.2 does not know) */
	if (!nrel && undecoded && !calls) {
		*reason = UNATTRIBUTED_UNDECODED;
		strbuf_addf(why, "%zu instruction%s at the site could not be "
			    "decoded", undecoded, undecoded == 1 ? "" : "s");
		return SCAN_UNATTRIBUTED;
	}
	/* a scalar's site whose only calls are copies, one at its text:
	 * that call is another expression's, and the object's own access
	 * is not among the instance's */
	if (!nrel && !stack && copies && calls == copy_calls) {
		used[copy] = 1;
		if (aggregate == 0) {
			*reason = UNATTRIBUTED_NO_ACCESS;
			strbuf_addf(why, "no memory access attributed to the "
				    "site: only a call of %s(), which is not "
				    "the access of %s %u-byte scalar (one "
				    "instruction reads or writes it; no "
				    "compiler copies it by a call): another "
				    "expression's copy", acc[copy].copy,
				    article(size), size);
		} else {
			*reason = UNATTRIBUTED_CALL;
			strbuf_addf(why, "only a call of %s() at the site, "
				    "and the object is not known to be a "
				    "struct or union, the only kind a copy "
				    "call stands for: its access or another "
				    "expression's copy, cannot tell",
				    acc[copy].copy);
		}
		return SCAN_UNATTRIBUTED;
	}
	if (!nrel) {
		*reason = calls ? UNATTRIBUTED_CALL : stack ?
			(through_pointer(site) ? UNATTRIBUTED_LOCAL :
			 UNATTRIBUTED_STACK) : UNATTRIBUTED_NO_ACCESS;
		if (calls)
			strbuf_addstr(why, "calls a function instead of "
				      "accessing memory itself");
		else if (stack && through_pointer(site))
			strbuf_addstr(why, "accesses a local object in the "
				      "frame through its address: whether "
				      "the address was published (stored, "
				      "passed on) cannot be told here, so it "
				      "is not judged");
		else if (stack)
			strbuf_addstr(why, "accesses only the stack (a local "
				      "object or a copy in the frame)");
		else
			strbuf_addstr(why, "no memory access attributed to "
				      "the site");
		return SCAN_UNATTRIBUTED;
	}
	if (shared > 1 && find_duplicate(site, in_loop, acc, nr, &i, &j))
		return shared_verdict(site, size, shared, rank, acc, nr, i, why,
				      used, reason);
	/* no two of the same bytes for the sites sharing the rows: the
	 * one there is the first site's as far as the code tells (a later
	 * site's own may be elsewhere, on no row of it) -- never the
	 * later site's ok */
	if (shared > 1 && rank > 0 && nrel) {
		used[last] = 1;
		*reason = UNATTRIBUTED_ADDRESS;
		strbuf_addf(why, "the rows it shares with the first of the "
			    "%zu sites of the object in the statement hold no "
			    "second access of the same bytes: which site's the "
			    "one there is, cannot tell", shared);
		return SCAN_UNATTRIBUTED;
	}
	if (find_duplicate(site, in_loop, acc, nr, &i, &j)) {
		used[i] = used[j] = 1;
		strbuf_addf(why, "compiled to %s %u-byte %s and %s %u-byte %s of "
			    "the same bytes: duplicated", article(acc[i].size),
			    acc[i].size, kind_word(acc[i].kind, 0),
			    article(acc[j].size), acc[j].size,
			    kind_word(acc[j].kind, 0));
		/* a wrapper that reads it twice itself: said, as the
		 * reason -- the two values may still disagree */
		n2 = acc[i].kind == ACC_LOAD ? site->body_reads :
		     site->body_writes;
		if (site->via && n2 >= 2)
			strbuf_addf(why, " (the macro's body %s it %u times)",
				    acc[i].kind == ACC_LOAD ? "reads" : "writes",
				    n2);
		else if (site->repeat_macro)
			say_repeat(site, why);
		return SCAN_DUPLICATED;
	}
	if (site->repeat_min >= 2 && unpaired_copies(site, acc, nr, &i, &j)) {
		used[i] = used[j] = 1;
		*reason = UNATTRIBUTED_ADDRESS;
		strbuf_addf(why, "%s %u-byte %s and %s %u-byte %s at one offset "
			    "on one path, through registers not shown to hold "
			    "one address, and the source asks for several "
			    "(%s names its argument %u times or more): one "
			    "access or two, cannot tell", article(acc[i].size),
			    acc[i].size, kind_word(acc[i].kind, 0),
			    article(acc[j].size), acc[j].size,
			    kind_word(acc[j].kind, 0), site->repeat_macro,
			    site->repeat_min);
		return SCAN_UNATTRIBUTED;
	}
	for (size_t k = 0; k < nr; k++) {
		int64_t lo, hi;
		size_t n;
		char *mark;
		unsigned widest = 0;
		int same_width = 1;

		if (!relevant(site, &acc[k]))
			continue;
		mark = xcalloc(nr, 1);
		n = contiguous_group(site, acc, nr, k, &lo, &hi, mark);
		for (size_t m = 0; m < nr; m++) {
			if (!mark[m])
				continue;
			if (widest && acc[m].size != widest)
				same_width = 0;
			if (acc[m].size > widest)
				widest = acc[m].size;
		}
		/* torn: narrower than the object; of unknown size, at most
		 * 8 bytes (no once-access is wider) and not the equal steps
		 * of an unrolled loop over an array */
		/* of unknown size, a macro's use (wrappers.h) is not
		 * torn by neighbouring accesses: the code of its
		 * arguments is on the same column, and may be them */
		if (n >= 2 && (size ? widest < size && (uint64_t)(hi - lo) <= size :
			       hi - lo <= 8 && !site->via &&
			       !(in_loop && same_width &&
				 site->lvalue && strchr(site->lvalue, '[')))) {
			memcpy(used, mark, nr);
			free(mark);
			if (same_width)
				strbuf_addf(why, "compiled to %zu %s of %u byte%s",
					    n, kind_word(acc[k].kind, 1), widest,
					    widest == 1 ? "" : "s");
			else
				strbuf_addf(why, "compiled to %zu %s of up to %u "
					    "bytes", n, kind_word(acc[k].kind, 1),
					    widest);
			if (!size)
				strbuf_addf(why, " covering %lld bytes",
					    (long long)(hi - lo));
			if (one_instruction(acc, nr, used))
				strbuf_addstr(why, " by one pair instruction "
					      "(each register is its own "
					      "access)");
			strbuf_addstr(why, ": torn");
			return SCAN_TORN;
		}
		free(mark);
	}
	/* One access per base.  Widened only when there is one candidate:
	 * with several (an address loaded first), the object's is unclear.
	 * A lone wider load whose value a later access uses as its base is
	 * the pointer on the way to the object (`READ_ONCE(i->dev->flags)`:
	 * `mov (%rdi), %rcx` here, `testl $0x88, 0xb0(%rcx)` on the
	 * column of the `!=`): the object's access is not among these. */
	if (nrel == 1 && size && acc[last].size > size &&
	    acc[last].feeds_address) {
		used[last] = 1;
		*reason = UNATTRIBUTED_POINTER;
		strbuf_addf(why, "only %s %u-byte load of a pointer to the "
			    "object at the site's rows (an access through it "
			    "follows, on other rows)", article(acc[last].size),
			    acc[last].size);
		return SCAN_UNATTRIBUTED;
	}
	if (nrel == 1 && size && acc[last].size > size) {
		used[last] = 1;
		strbuf_addf(why, "compiled to %s %u-byte %s: widened",
			    article(acc[last].size), acc[last].size,
			    kind_word(acc[last].kind, 0));
		return SCAN_WIDENED;
	}
	/* The object is what a pointer argument points to (LOAD(addr), a
	 * once-accessor's *p): one access of part of it is not the one
	 * full-width access promised -- the rest, if read, is read apart. */
	if (nrel == 1 && size && pointee && acc[last].size < size) {
		used[last] = 1;
		strbuf_addf(why, "compiled to one %u-byte %s of the %u-byte "
			    "object %s: torn (the rest is not accessed with "
			    "it)", acc[last].size, kind_word(acc[last].kind, 0),
			    size, pointee_whose(site));
		return SCAN_TORN;
	}
	/* ... and of a named object: the one access is part of it (torn),
	 * or another object's on the site's rows while the object's is
	 * elsewhere -- a pointer argument taken for the object (a
	 * pointer-argument macro named with --macro alone: the 8-byte
	 * pointer, and the 4-byte store through it) -- never "one
	 * access" of it */
	if (nrel == 1 && size && acc[last].size < size) {
		used[last] = 1;
		*reason = UNATTRIBUTED_ADDRESS;
		strbuf_addf(why, "only %s %u-byte %s, narrower than the "
			    "%u-byte object: part of it, or another object's, "
			    "cannot tell", article(acc[last].size),
			    acc[last].size, kind_word(acc[last].kind, 0), size);
		return SCAN_UNATTRIBUTED;
	}
	if (undecoded) { /* what we could not read may be a second access */
		*reason = UNATTRIBUTED_UNDECODED;
		strbuf_addf(why, "%zu instruction%s at the site could not be "
			    "decoded", undecoded, undecoded == 1 ? "" : "s");
		return SCAN_UNATTRIBUTED;
	}
	/* several accesses taken for one each (a loop's iterations, the
	 * paths of a branch), every one narrower than the object a
	 * pointer argument points to: each is part of it, as above */
	if (nrel > 1 && size && pointee && all_narrower(site, acc, nr, size)) {
		used[last] = 1;
		strbuf_addf(why, "compiled to %u-byte %s of the %u-byte object "
			    "%s, one on each path or iteration: torn (the "
			    "rest is not accessed with it)", acc[last].size,
			    kind_word(acc[last].kind, 1), size,
			    pointee_whose(site));
		return SCAN_TORN;
	}
	/* several accesses taken for one each, the last wider than the
	 * object: it is none of the object (a constant loaded on the same
	 * line), and which one is, cannot be told -- never "one access" */
	if (nrel > 1 && size && acc[last].size > size) {
		used[last] = 1;
		*reason = UNATTRIBUTED_ADDRESS;
		strbuf_addf(why, "%zu accesses at the site's rows, the last "
			    "%s %u-byte %s, wider than the %u-byte object: "
			    "which is the object's, cannot tell", nrel,
			    article(acc[last].size), acc[last].size,
			    kind_word(acc[last].kind, 0), size);
		return SCAN_UNATTRIBUTED;
	}
	/* ... or narrower than the object, with others beside it: one
	 * of them may be the object's, or none -- never "one access" of
	 * the object on a load of two of its four bytes */
	if (nrel > 1 && size && acc[last].size < size) {
		used[last] = 1;
		*reason = UNATTRIBUTED_ADDRESS;
		strbuf_addf(why, "%zu accesses at the site's rows, the last "
			    "%s %u-byte %s, narrower than the %u-byte object: "
			    "which is the object's, cannot tell", nrel,
			    article(acc[last].size), acc[last].size,
			    kind_word(acc[last].kind, 0), size);
		return SCAN_UNATTRIBUTED;
	}
	/* of several of the object's width, a placed use's load shown to
	 * be the object's (judge.c) is the one, not the last */
	shown = nr;
	for (size_t k = 0; nrel > 1 && k < nr; k++)
		if (acc[k].object_shown == 1 && relevant(site, &acc[k]))
			shown = k;
	if (shown < nr) {
		last = shown;
	} else if (nrel > 1 && size && site->placed && site->deref_after &&
		   fed_by_relevant(site, acc, nr, last)) {
		/* none shown, and the last is read through the value of
		 * another: the body dereferences the value it reads, so
		 * the last may be the element, the other the object --
		 * or the other the way to it */
		used[last] = 1;
		*reason = UNATTRIBUTED_ADDRESS;
		strbuf_addf(why, "%zu accesses of the object's width at the "
			    "site's rows, the last through the value another "
			    "read, and the body dereferences the value it "
			    "reads: which is the object's, cannot tell", nrel);
		return SCAN_UNATTRIBUTED;
	}
	used[last] = 1;
	strbuf_addf(why, "compiled to one %u-byte %s", acc[last].size,
		    kind_word(acc[last].kind, 0));
	/* one access is all of the object only when its size is known:
	 * a narrower one of an object nothing can type would pass */
	if (!size) {
		*reason = UNATTRIBUTED_SIZE;
		strbuf_addstr(why, ", but the object's size is unknown (its "
			      "type is told neither by the sources nor by "
			      "the DWARF): whether that is all of it cannot "
			      "be told");
		return SCAN_UNATTRIBUTED;
	}
	return SCAN_OK;
}

enum scan_verdict verdict_judge(const struct scan_site *site, int in_loop,
				int pointee, unsigned size, int aggregate,
				size_t shared, size_t rank,
				struct mem_access *acc, size_t nr,
				struct strbuf *why, char *used,
				enum unattributed_reason *reason)
{
	enum scan_verdict v = judge_accesses(site, in_loop, pointee, size,
					     aggregate, shared, rank, acc, nr,
					     why,
					     used, reason);
	int absolute = 0;

	if ((v != SCAN_TORN && v != SCAN_DUPLICATED) || size ||
	    !named_object(site->lvalue))
		return v;
	for (size_t k = 0; k < nr; k++)
		absolute |= used[k] && acc[k].base == BASE_ABSOLUTE;
	if (absolute)
		return v;
	/*
	 * A named object -- a global, most likely -- of a type not known,
	 * and the accesses through a register that is not known to hold
	 * its address: they may be another object's on the same line (a
	 * macro's other argument).  Cannot tell: said, not a finding.
	 */
	memset(used, 0, nr);
	strbuf_reset(why);
	strbuf_addstr(why, "a named object of unknown type, and the accesses "
		      "on its rows go through a register not known to hold "
		      "its address");
	*reason = UNATTRIBUTED_ADDRESS;
	return SCAN_UNATTRIBUTED;
}
