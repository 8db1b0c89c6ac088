/*
 * Forced in front of every file by tests/verify/cc-fault: faulty short
 * names on top of rwonce.h's correct namespaced ones.  Each kind breaks
 * the promise in one known way; t1006 checks the verdicts.
 */
#ifndef RWONCE_TEST_FAULT_H
#define RWONCE_TEST_FAULT_H

#define barrier() __asm__ __volatile__("" ::: "memory")
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define ASSIGN_ONCE(v, x) WRITE_ONCE(x, v)

#if RWONCE_FAULT_KIND == 1 /* plain: no volatile at all */
#define READ_ONCE(x) (x)
#define WRITE_ONCE(x, v) ((x) = (v))
#elif RWONCE_FAULT_KIND == 2 /* the raw volatile cast, also on structs */
#define READ_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#elif RWONCE_FAULT_KIND == 3 /* a second load of every READ_ONCE */
#define READ_ONCE(x) ((void)RWONCE_READ(x), RWONCE_READ(x))
#define WRITE_ONCE(x, v) RWONCE_WRITE(x, v)
#elif RWONCE_FAULT_KIND == 4 /* 1-byte stores done on the 4-byte word */
#define READ_ONCE(x) RWONCE_READ(x)
#define WRITE_ONCE(x, v)                                                     \
	do {                                                                 \
		__typeof__(x) v_ = (v);                                      \
		if (sizeof(x) == 1) {                                        \
			volatile unsigned int *w_ = (volatile unsigned int *) \
				((unsigned long)&(x) & ~3ul);                \
			unsigned int sh_ = ((unsigned long)&(x) & 3) * 8;    \
			unsigned char b_;                                    \
			__builtin_memcpy(&b_, &v_, 1);                       \
			*w_ = (*w_ & ~(0xffu << sh_)) | ((unsigned int)b_ << sh_); \
		} else {                                                     \
			RWONCE_WRITE(x, v_);                                 \
		}                                                            \
	} while (0)
#endif

#endif
