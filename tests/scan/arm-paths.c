/*
 * Shapes of gcc's 32-bit ARM code that once made `rwonce scan` report
 * false findings in the Linux kernel (tests/t4070-scan-arm-paths.t):
 *
 * - batch(): one inlined READ_ONCE whose code gcc -O2 puts on both arms
 *   of an if and then if-converts: `ldrne r4, [r3]` and `ldreq r3, [r3]`,
 *   opposite conditions, only one executes (the kernel's rcu_core).
 * - accel(): one inlined READ_ONCE of tails[seg], seg known on each of
 *   two paths: `ldr [r3, #40]` on one, `ldr [r3, #44]` on the other --
 *   neighbouring bytes, but never both in one execution (the kernel's
 *   rcu_segcblist_accelerate).
 * - task_cpu(), task_stamp(): the operand calls a macro of this file, as
 *   the kernel's READ_ONCE(task_thread_info(p)->cpu) does; the object's
 *   type comes from the DWARF once the macro is expanded.
 * - changed(): a plain read before the READ_ONCE on its line.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

/* batch */
struct seg { void *head; long len; long check; long snap; };
extern long segs(int);
static inline int seg_empty(struct seg *s)
{
	return !READ_ONCE(s->head);
}
long batch(struct seg *s, long count, long *g)
{
	int empty;

	if (count) {
		s->check = count;
		s->snap = g[3];
	}
	empty = seg_empty(s);
	segs(0);
	return count ? empty : 7;
}

/* accel */
struct cb { struct cb *next; };
struct cbs { long len; long gp[4]; long lens[4]; struct cb **tails[4]; };
extern struct cbs C;
static inline int rest_empty(int seg)
{
	return !READ_ONCE(*READ_ONCE(C.tails[seg]));
}
int accel(long seq)
{
	int i, j;

	for (i = 2; i > 1; i--)
		if (C.gp[i] <= seq)
			break;
	if (rest_empty(i) || ++i >= 3)
		return 0;
	for (j = i + 1; j <= 3; j++) {
		C.lens[i] += C.lens[j];
		C.lens[j] = 0;
	}
	C.gp[i] = seq;
	return 1;
}

/* task_cpu, task_stamp */
struct info { unsigned int flags; unsigned int cpu; unsigned long long stamp; };
struct task { long state; struct info info; };
#define task_info(t) (&(t)->info)
unsigned int task_cpu(const struct task *p)
{
	return READ_ONCE(task_info(p)->cpu);
}
unsigned long long task_stamp(const struct task *p, unsigned long long *out)
{
	unsigned long long t = READ_ONCE(task_info(p)->stamp);

	*out = t;
	return t >> 3;
}

/* changed: the plain read of t->seen comes before the READ_ONCE on its
 * line; gcc gives the two loads of it the column of `t`, the ldrd of the
 * READ_ONCE its own column (the kernel's do_notify_parent) */
struct tsk { struct tsk *parent; unsigned long long seen, self; };
int changed(const struct tsk *t)
{
	if (t->seen != READ_ONCE(t->parent->self))
		return 17;
	return 0;
}
