#include "atomic.h"
#include "session.h"

void reset(atomic_t *a)
{
	atomic_store(a) = 0;
	if (atomic_read(a) == 0)
		atomic_store(a) = 1;
	atomic_peek(a) = 2;
	atomic_word(a)++;
	while (!session_done())
		STOP_FLAG = 0;
}
