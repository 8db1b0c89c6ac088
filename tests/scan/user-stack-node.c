/* A wait node on the waiter's stack whose address is published, read
 * through a pointer by an inlined function, as liburcu's urcu-wait.h
 * reads uatomic_load(&wait->state) (tests/t4361-scan-user-stack-node.t). */
#include <stdint.h>

#define MY_READ(x) (*(const volatile __typeof__(x) *)&(x))

struct wait_node { struct wait_node *next; int32_t state; };

extern void enqueue(struct wait_node *);

static inline void busy_wait(struct wait_node *wait)
{
	while (MY_READ(wait->state) == 0)
		__asm__ __volatile__("" ::: "memory");
}

int wait_for_wakeup(void)
{
	struct wait_node node = { 0, 0 };

	enqueue(&node);
	busy_wait(&node);
	return node.state;
}


/* ... and one whose address goes only to the inlined function: whether
 * it is published, the code does not say */
int wait_alone(void)
{
	struct wait_node node = { 0, 1 };

	busy_wait(&node);
	return node.state;
}
