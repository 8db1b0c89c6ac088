/* A published on-stack wait node whose address reaches the reading
 * function through two inlined calls, as liburcu passes its wait node
 * on (tests/t4368-scan-user-stack-chain.t). */
#include <stdint.h>

#define MY_READ(x) (*(const volatile __typeof__(x) *)&(x))

struct wait_node { struct wait_node *next; int32_t state; };

extern void enqueue(struct wait_node *);

static inline void busy_wait(struct wait_node *wait)
{
	while (MY_READ(wait->state) == 0)
		__asm__ __volatile__("" ::: "memory");
}

static inline void wait_on(struct wait_node *w)
{
	busy_wait(w);
}

/* the chain is not clear: w is not what the caller passed */
static inline void wait_other(struct wait_node *w, struct wait_node *o)
{
	w = o;
	busy_wait(w);
}

int wait_two_levels(void)
{
	struct wait_node node = { 0, 0 };

	enqueue(&node);
	wait_on(&node);
	return node.state;
}

int wait_two_alone(void)
{
	struct wait_node node = { 0, 1 };

	wait_on(&node);
	return node.state;
}

int wait_reassigned(struct wait_node *o)
{
	struct wait_node node = { 0, 2 };

	enqueue(&node);
	wait_other(&node, o);
	return node.state;
}
