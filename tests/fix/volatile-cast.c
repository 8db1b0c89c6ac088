/* rwonce fix fixture: hand-written volatile casts. */
struct dev { unsigned int status; unsigned long long stamp; };

int ready;
unsigned long jiffies_like;
unsigned int status_word;
long long wide;
int *shared;

void casts(struct dev *d)
{
	int a = *(volatile int *)&ready;                /* exact read */
	unsigned long j = *(volatile unsigned long *)&jiffies_like;
	unsigned int s = *(unsigned int volatile *)&status_word;
	long long w = *(volatile long long *)&wide;

	*(volatile int *)&ready = 1;                    /* exact write */
	*(volatile unsigned long *)&jiffies_like = j + 1;

	/* left: the cast's type is not the variable's */
	a += *(volatile unsigned char *)&ready;
	/* left: the operand's type is not known without a type index */
	s += *(volatile unsigned int *)&d->status;
	/* left: no & -- exact only if the pointer's type matches */
	a += *(volatile int *)shared;
	/* left: compound assignment, increment */
	*(volatile int *)&ready += 2;
	(*(volatile int *)&ready)++;
	/* not a volatile access at all: a pointer to a pointer to volatile */
	a += (int)(long)*(volatile int **)&shared;
	(void)a; (void)s; (void)w;
}
