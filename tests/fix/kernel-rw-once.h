/* Kernel-style once macros (simplified from v4.15+): WRITE_ONCE is a
 * statement, do { } while (0), so a fixed file that used it as an
 * expression would not compile with this header (t2301). */
#ifndef KERNEL_RW_ONCE_H
#define KERNEL_RW_ONCE_H
#define ACCESS_ONCE(x) (*(volatile typeof(x) *)&(x))
#define READ_ONCE(x) (*(const volatile typeof(x) *)&(x))
#define WRITE_ONCE(x, v) do { *(volatile typeof(x) *)&(x) = (v); } while (0)
#endif
