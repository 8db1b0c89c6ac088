/* A project's own READ_ONCE/WRITE_ONCE. */
#ifndef PROVIDER_ONCE_H
#define PROVIDER_ONCE_H
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define READ_ONCE(x) ACCESS_ONCE(x)
#define WRITE_ONCE(x, v) do { ACCESS_ONCE(x) = (v); } while (0)
#endif
