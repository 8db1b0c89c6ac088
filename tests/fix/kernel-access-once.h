/* The kernel's ACCESS_ONCE before v3.19, with no READ_ONCE/WRITE_ONCE,
 * included by the fix fixtures that need it (t2301). */
#ifndef KERNEL_ACCESS_ONCE_H
#define KERNEL_ACCESS_ONCE_H
#define ACCESS_ONCE(x) (*(volatile typeof(x) *)&(x))
#endif
