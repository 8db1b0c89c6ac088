/* The kernel's once-macros (a stand-in). */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)
#endif
