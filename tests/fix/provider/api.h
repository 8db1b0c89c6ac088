/* A project header in the style of perfbook's api.h before READ_ONCE:
 * ACCESS_ONCE and barrier, no READ_ONCE/WRITE_ONCE. */
#ifndef PROVIDER_API_H
#define PROVIDER_API_H
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define barrier() __asm__ __volatile__("" ::: "memory")
#endif
