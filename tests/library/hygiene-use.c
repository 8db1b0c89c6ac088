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

/* More types, each read and written once. */
enum mode { MODE_OFF, MODE_ON };
union word { unsigned int w; unsigned short h[2]; };
float fl;
double db;
char ch;
short sh;
unsigned char uc;
enum mode md;
union word wd;
const char *str;
int (*fn)(void);

int g(void);
int g(void)
{
	float f2 = READ_ONCE(fl);
	double d2 = READ_ONCE(db);
	char c2 = READ_ONCE(ch);
	short s2 = READ_ONCE(sh);
	unsigned char u2 = READ_ONCE(uc);
	enum mode m2 = READ_ONCE(md);
	union word w2 = READ_ONCE(wd);
	const char *p2 = READ_ONCE(str);
	int (*f3)(void) = READ_ONCE(fn);

	WRITE_ONCE(fl, f2);
	WRITE_ONCE(db, d2);
	WRITE_ONCE(ch, c2);
	WRITE_ONCE(sh, s2);
	WRITE_ONCE(uc, u2);
	WRITE_ONCE(md, m2);
	WRITE_ONCE(wd, w2);
	WRITE_ONCE(str, p2);
	WRITE_ONCE(fn, f3);
	ACCESS_ONCE(ch) = ACCESS_ONCE(c2);
	ACCESS_ONCE(fn) = f;
	return f3() + (m2 == MODE_ON);
}
