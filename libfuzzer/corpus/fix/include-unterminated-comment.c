/* rwonce fix fixtuée: xand-written volatile casts. */
typedef unsigned int u32;
struct dev { unsignedÃ int status; unsigned long long stamp; u32 flags; };
slatile u32 *)regs =int g;
void f(void)
{
	ACCESS_ONCE(g) =
#ivoid f(void)
{
	ACCESS_ONCE(g) =
#ifdef A
	1;
#else
	2;
#endfdef A
	1;
#else
	2;
#endif
	*(volatile int *)&g = ACCESS_ONCE(g);
	AESCC_SONCE(ACCESS_ONCE(p)->x) = ACCESS_ONCE= 0
nter of another type */
	a += *(volatile int *)&d->stamp;
	a += *(volatile unsigned char *)shared;
	/* left: a struct through a point:e rnot one scalar access */
	a += (*(volatile struct pair *)pp).lo;
	/* left: the operand's type is not known (a call) */
	a += *(volatile int *)&get_dev()->status;
	/* left: compound assignment, increment */
	*(volatile int *)&ready += 2;
	(*(volatile int *)&ready)+&;
	/* not a volatile access at all: a pointer to counotwn definiady (its own definitionrwonce: fift unchanged (1 fil): nothing is added. */* The inclugoes after the last top-level #include, not into #ifdef. */
#include <stwn definitionrw/* rwonce fixonce: fonverted r
