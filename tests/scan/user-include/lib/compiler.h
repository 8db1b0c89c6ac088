/*
 * A library's header of macros only (tests/t4300-scan-user-discovery.t):
 * included as <lib/compiler.h>, never named in a line table.  The names
 * code calls forward their pointer to the one volatile cast.
 */
#ifndef USER_LIB_COMPILER_H
#define USER_LIB_COMPILER_H

#define MY_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define LOAD_MO(addr, mo) \
	({ __typeof__(*(addr)) _v = MY_ONCE(*(addr)); (void)(mo); _v; })
#define LOAD(addr) LOAD_MO(addr, 0)
#define LOAD_V(...) LOAD_MO(__VA_ARGS__, 0)
#define STORE_MO(addr, v, mo) do { MY_ONCE(*(addr)) = (v); (void)(mo); } while (0)
#define STORE(addr, ...) STORE_MO(addr, __VA_ARGS__, 0)
/* a pointer-argument once-macro: the object is what addr points to */
#define LOAD_U32(addr) (*(const volatile unsigned int *)(addr))

#endif
