/* The reader of t4572: its TLS pointer declared through DECLARE_TLS,
 * used through MY_TLS -- as lttng-ust's urcu-ust.h declares and uses
 * URCU_TLS(lttng_ust_urcu_reader). */
#include "tls.h"

struct reader {
	unsigned long ctr;
	int other;
};

extern DECLARE_TLS(struct reader *, my_reader);

static inline void reader_set(unsigned long v)
{
	STORE_SHARED(MY_TLS(my_reader)->ctr, v);
}

#ifndef USE_KEYS
/* WIDE might make `int` long int: no type is certain */
extern DECLARE_WIDE(int, wide_count);

static inline void wide_set(void)
{
	STORE_SHARED(MY_TLS(wide_count), 3);
}
#endif
