/* fix fixture: a volatile cast right after the head of an if, while, for
 * or switch (t2551).  The head's parentheses end no operand, so the '*'
 * after them is a dereference -- musl's "if (next != head) *(volatile
 * void *volatile *)(...) = prev;" -- not a product.  "(c) * *(...)" stays
 * a product of a dereference, and "(name) *" elsewhere ambiguous (a cast
 * if name is a type, as num is here: left with a note). */
typedef int num;
int flag, count;
int *ptr;

void heads(int c, int *p)
{
	if (c != 0) *(volatile int *)&flag = 1;
	if (c) *(volatile int *)p = 2;
	while (!*(volatile int *)&flag) *(volatile int *)&count = c;
	for (c = 0; c < 2; c++) *(volatile int *)&count = c;
	switch (c) { case 0: *(volatile int *)&flag = 0; break; }
	count = (c) * *(volatile int *)p;
	count = (c) + *(volatile int *)p;
	count = (num) *(volatile int *)p;
}
