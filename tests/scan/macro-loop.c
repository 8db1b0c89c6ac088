/*
 * Once-accesses in loops that macros open: compilers unroll each into
 * four stores of *p on one straight path -- four iterations, one store
 * each, not a duplicate.  The loop's keyword is in the macro's body,
 * not in this file -- or the loop is a do's condition, a goto's, or in a
 * statement expression of a macro.  Fixture for tests/t4532-scan-macro-loop.t.
 */
#include "macro-loop.h"

#define each_of_four(i) for_each_index(i, 4)
#define repeat_until(c) while (!(c))

void own_loop(long *p);
void caller_loop(long *p);
void file_macro_loop(long *p);
void do_condition(long *p);
void goto_loop(long *p);
void expansion_loop(long *p);

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

/* the condition of a do loop runs with each iteration */
void do_condition(long *p)
{
	int i = 0;

	do {
		i++;
	} while (put_next(p, i));
}

/* a goto back to a label is a loop too */
void goto_loop(long *p)
{
	int i = 0;

again:
	put_slot(p, 30 + i);
	if (++i < 4)
		goto again;
}

/* a call in the expansion of a macro that holds a loop */
void expansion_loop(long *p)
{
	(void)put_four(p);
}
