#include "reader.h"

void lock(unsigned long v)
{
	reader_set(v);
}

#ifndef USE_KEYS
void count(void)
{
	wide_set();
}
#endif
