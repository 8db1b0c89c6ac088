/*
 * Once-accesses in loops that macros open: compilers unroll each into
 * four stores of *p on one straight path -- four iterations, one store
 * each, not a duplicate.  The loop's keyword is in the macro's body,
 * not in this file.  Fixture for tests/t4532-scan-macro-loop.t.
 */
#include "macro-loop.h"

#define each_of_four(i) for_each_index(i, 4)
#define repeat_until(c) while (!(c))

void own_loop(long *p);
void caller_loop(long *p);
void file_macro_loop(long *p);

/* the site itself in the loop's body */
void own_loop(long *p)
{
	int i;

	for_each_quad(i)
		WRITE_ONCE(*p, i);
}

/* in a function inlined into the loop's body */
void caller_loop(long *p)
{
	int i;

	for_each_index(i, 4) {
		put_slot(p, 20 + i);
	}
}

/* through a macro of this file that opens the header's loop */
void file_macro_loop(long *p)
{
	int i;

	each_of_four(i)
		put_slot(p, 10 + i);
}
