/* The kernel's ACCESS_ONCE before v4.15, with no READ_ONCE/WRITE_ONCE:
 * the originals of the fix fixtures compile with this (t2301). */
#define ACCESS_ONCE(x) (*(volatile typeof(x) *)&(x))
