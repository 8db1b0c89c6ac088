/* fix fixture: volatile casts of a pointer object (t2550).  The volatile is
 * on the level accessed, so each is one volatile access of a pointer, as
 * musl's robust-mutex list writes *(volatile void *volatile *)prev = next.
 * Exact ones become READ_ONCE/WRITE_ONCE; a cast or object whose pointee
 * is qualified is left (READ_ONCE would change what is accessed through
 * the pointer read), and so is pointer arithmetic. */
#include <stddef.h>

void *head;
void **slot;
int *iptr;
volatile int *viptr;

void *load_head(void)
{
	return *(void *volatile *)&head;
}

void publish(void **pp, void *v)
{
	*(void *volatile *)pp = v;
	*(void *volatile *)slot = v;
}

void unlink_prev(volatile void *prev, volatile void *next)
{
	*(volatile void *volatile *)prev = next;
}

void unlink_next(volatile void *next, volatile void *prev)
{
	*(volatile void *volatile *)((char *)next - sizeof(void *)) = prev;
}

int through(void)
{
	return **(volatile int *volatile *)&iptr + *(*(int *volatile *)&viptr);
}

/* one level, a '*' inside typeof: not a pointer object's cast */
int typeof_read(int *p)
{
	return *(volatile __typeof__(*p) *)p;
}

#define LOAD(x) (*(volatile __typeof__(*(x)) *)(x))
