#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#endif
