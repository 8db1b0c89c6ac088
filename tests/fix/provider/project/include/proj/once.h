/* Reached as <proj/once.h> from project/src: an include/ folder above. */
#ifndef PROJ_ONCE_H
#define PROJ_ONCE_H
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#endif
