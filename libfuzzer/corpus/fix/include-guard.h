#ifndef FIX_INCLUDE_GUARD_H
#define FIX_INCLUDE_GUARD_H
/* No #include: it goes after the guard's #define. */
static int guard_flag;

static inline void guard_set(void)
{
	*(volatile int *)&guard_flag = 1;
}
#endif
