/*
 * Every macro of rwonce.h once, for tests/t0400-header-hygiene.t, which
 * builds this (as C and as C++) with every extra warning the compiler has
 * that a project might turn on: the header must not add any.
 */
#include "rwonce.h"
struct node { struct node *next; int val; };
struct two { unsigned short a, b; } __attribute__((aligned(4)));
struct node *head;
struct two t;
const volatile int cv = 0;
int f(void);
int f(void)
{
	int x = READ_ONCE(READ_ONCE(READ_ONCE(head)->next)->val);
	struct two v = READ_ONCE(t);
	WRITE_ONCE(t, v);
	WRITE_ONCE(head->val, x + READ_ONCE(cv));
	ASSIGN_ONCE(3, x);
	ACCESS_ONCE(x) = ACCESS_ONCE(head->val);
	barrier();
	return x + v.a;
}
