#include "atomic.h"
#include "session.h"

/* a macro that is a use of atomic_read: its uses count as atomic_read's */
#define pending_count(v) atomic_read(v)

volatile int session_done;
int stop_flag;

int pending(atomic_t *a, atomic_t *b)
{
	if (session_done())
		return 0;
	return atomic_read(a) - atomic_read(b) + atomic_peek(a) +
	       pending_count(b);
}

void finish(void)
{
	session_done = 1;	/* the variable, not the macro */
	STOP_FLAG = 1;
}
