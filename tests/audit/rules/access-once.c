/* access-once: every use of ACCESS_ONCE, and how it is used. */
#define ACCESS_ONCE(x) (*(volatile typeof(x) *)&(x))

struct pair { int a, b; };
union ipte_control { unsigned long val; struct { unsigned long k:1; } b; };

int flag;
int counter;
struct pair pr;
union ipte_control ic;

int reader(void)
{
	return ACCESS_ONCE(flag);                  /* read */
}

void writer(int v)
{
	ACCESS_ONCE(flag) = v;                     /* write */
	ACCESS_ONCE(counter)++;                    /* increment: not fixable */
	ACCESS_ONCE(counter) |= 4;                 /* compound: not fixable */
}

int *address(void)
{
	return &ACCESS_ONCE(counter);              /* address taken */
}

void nonscalar(void)
{
	union ipte_control old = ACCESS_ONCE(ic);  /* the seed's hazard */
	struct pair p = ACCESS_ONCE(pr);           /* struct */
	(void)old;
	(void)p;
}

#ifdef ACCESS_ONCE
/* mentions that are not uses are not reported */
#undef ACCESS_ONCE
#endif
