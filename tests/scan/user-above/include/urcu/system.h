/* Debian's liburcu's shape: a header of macros only, never named in a
 * line table, found as <urcu/system.h>. */
#define CMM_ACCESS_ONCE(x) (*(__volatile__ __typeof__(x) *)&(x))
#define CMM_LOAD_SHARED(p) CMM_ACCESS_ONCE(p)
#define CMM_STORE_SHARED(x, v) ({ CMM_ACCESS_ONCE(x) = (v); })
