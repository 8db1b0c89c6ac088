/* rwonce fix fixture: every ACCESS_ONCE use fix converts or leaves.  The
 * file has its own ACCESS_ONCE, as programs did before READ_ONCE; uses of
 * it are left, so fix keeps it after an #undef below its rwonce.h. */
#define ACCESS_ONCE(x) (*(volatile typeof(x) *)&(x))
struct ring { unsigned head, tail; int (*hook)(int); struct ring *next; };

int flag;
long counter;
unsigned long mask;
struct ring *ring_ptr;

/* Loop macros: one named like the kernel's iterators, one not. */
#define for_each_slot(i) for ((i) = 0; (i) < 2; (i)++)
#define twice(i) for ((i) = 0; (i) < 2; (i)++)

/* A body that is the access: every use below reads, so it becomes READ_ONCE. */
#define RING_HEAD(r) ACCESS_ONCE((r)->head)

int reads(struct ring *r, int n)
{
	int a = ACCESS_ONCE(flag);          /* read in an initialiser */
	long b = ACCESS_ONCE(counter) + 1;  /* read in an expression */
	unsigned c = ACCESS_ONCE(r->head) - ACCESS_ONCE(r->tail);
	struct ring *nx = ACCESS_ONCE(r->next)->next; /* -> after it */
	int d = ACCESS_ONCE(r->hook)(n);    /* call through it */
	int e = (ACCESS_ONCE(flag));        /* grouping parentheses */

	if (ACCESS_ONCE(flag) && n)
		return a;
	while (!ACCESS_ONCE(flag))
		;
	return a + (int)b + (int)c + d + e + (nx != 0) + RING_HEAD(r);
}

void writes(struct ring *r, int n)
{
	ACCESS_ONCE(flag) = 1;
	ACCESS_ONCE(r->head) = ACCESS_ONCE(r->tail) + 1;
	ACCESS_ONCE(counter)= n;
	ACCESS_ONCE(mask) = /* all */ ~0UL;
	ACCESS_ONCE(ring_ptr) =
		r->next;
	if (n)
		ACCESS_ONCE(flag) = 2;
	else
		ACCESS_ONCE(flag) = 3;
	for (n = 0; n < 2; n++)
		ACCESS_ONCE(counter) = n ? 4 : 5;
	do ACCESS_ONCE(flag) = 0; while (0);
	{ ACCESS_ONCE(flag) = 6; }
	for_each_slot(n)               /* an iterator macro, by its name */
		ACCESS_ONCE(counter) = n;
}

int left_alone(struct ring *r, int n)
{
	volatile int *p = &ACCESS_ONCE(flag); /* address-of */
	int x;

	ACCESS_ONCE(counter)++;        /* the 2017 patch made READ_ONCE(x)++ */
	ACCESS_ONCE(counter)--;
	++ACCESS_ONCE(counter);
	--ACCESS_ONCE(flag);
	ACCESS_ONCE(mask) |= 4;        /* and READ_ONCE(x) |= m */
	ACCESS_ONCE(mask) <<= 1;
	ACCESS_ONCE(r->head) += 2;
	x = ACCESS_ONCE(flag) = n;     /* the assignment's value is used */
	ACCESS_ONCE(flag) = 1, n++;    /* comma expression */
	x += (int)sizeof(ACCESS_ONCE(counter)); /* not evaluated */
	(ACCESS_ONCE(flag)) = 7;       /* parenthesised target */
	twice(n) ACCESS_ONCE(flag) = 8; /* a macro not known to be a loop */
	x += ACCESS_ONCE(ACCESS_ONCE(flag)); /* inner: must stay an lvalue */
	return x + *p;
}
