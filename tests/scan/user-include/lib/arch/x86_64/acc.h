/* lib/archacc.h's accessor for x86_64. */
#ifndef USER_LIB_ARCH_ACC_H
#define USER_LIB_ARCH_ACC_H

static inline unsigned int arch_load(const unsigned int *p)
{
	return *(const volatile unsigned int *)p;
}

#endif
