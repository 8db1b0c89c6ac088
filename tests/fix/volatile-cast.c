/* rwonce fix fixture: hand-written volatile casts.  The kernel's old
 * ACCESS_ONCE comes from a header, so rwonce.h is added without its
 * short names. */
#include "kernel-access-once.h"
typedef unsigned int u32;
struct dev { unsigned int status; unsigned long long stamp; u32 flags; };
struct pair { int lo, hi; };

int ready;
unsigned long jiffies_like;
unsigned int status_word;
long long wide;
int *shared;
u32 *regs;
struct pair *pp;
struct dev *get_dev(void);

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
	/* members and pointers: types from the type index */
	s += *(volatile unsigned int *)&d->status;
	s += *(volatile u32 *)&d->flags;
	a += *(volatile int *)shared;
	*(volatile u32 *)regs = s;
	/* a write whose value is a converted read: two calls close after b */
	*(volatile unsigned int *)&status_word = *(volatile unsigned int *)&d->status;
	ready = ACCESS_ONCE(ready) + *(volatile int *)shared;

	/* left: a member of another type, a pointer of another type */
	a += *(volatile int *)&d->stamp;
	a += *(volatile unsigned char *)shared;
	/* left: a struct through a pointer: not one scalar access */
	a += (*(volatile struct pair *)pp).lo;
	/* left: the operand's type is not known (a call) */
	a += *(volatile int *)&get_dev()->status;
	/* left: compound assignment, increment */
	*(volatile int *)&ready += 2;
	(*(volatile int *)&ready)++;
	/* a pointer to a pointer to volatile: the pointer read is a plain load
	 * (volatile-wrong-level: fix puts the qualifier on the pointer) */
	a += (int)(long)*(volatile int **)&shared;
	(void)a; (void)s; (void)w;
}

/* no blank between "return" and the cast: the result keeps one */
int glued(void)
{
	return*(volatile int *)&ready;
}
