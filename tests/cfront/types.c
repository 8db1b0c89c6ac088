/* Fixture for the type index: each "T(n)" comment names a probe. */
typedef unsigned int u32_t;
typedef struct { u32_t lo, hi; } pair_t;
typedef union ipte_control { unsigned long val; struct { unsigned long k:1, kh:7; }; } ipte_t;
struct ring { struct dev *adev; u32_t wb[16]; int rptr_offs; pte_t pte; };
struct dev { struct ring *rings[4]; struct { u32_t wb[32]; } wb; long unsigned int stamp; };
static int a, *b, c[3];
extern struct ring *global_ring;
void (*handler)(int);
int conflicting;

unsigned long long probe(struct ring *ring, pair_t p, const char *name)
{
	ipte_t old;
	u32_t __iomem *regs;
	struct dev *d = ring->adev;
	int conflicting = 1;
	char conflicting_too;
	for (int i = 0; i < 3; i++)
		;
	{ long conflicting_too; }
	(void)regs; (void)name;
	return
	ring->adev->wb.wb[ring->rptr_offs] +   /* u32_t via struct dev */
	p.lo +                                 /* u32_t field of anon typedef'd struct */
	old.kh +                               /* anonymous member of a union */
	old.val +                              /* */
	c[1] + *b + a +                        /* */
	regs[2] +                              /* __iomem pointer */
	d->rings[1]->rptr_offs +               /* */
	conflicting + conflicting_too +        /* local shadows global; conflict */
	ring->pte +                            /* unknown typedef */
	handler +                              /* function pointer */
	unknown(x) + global_ring->wb[0] +      /* */
	d->stamp +                             /* long unsigned int */
	(*(volatile typeof(a) *)&a);           /* */
	old; p; ring; c; handler; name; regs; d->wb;
}

/* A function attribute macro before the type is not a typedef name: the
 * parameters stay visible; a typedef name followed by a qualifier or
 * __iomem stays the type. */
static int shadow(pair_t lock) { return lock.lo; }
static __always_inline int attr(pair_t *lock, u32_t const *q, u32_t __iomem *r)
{
	return (int)(lock->lo + *q + *r);
}
