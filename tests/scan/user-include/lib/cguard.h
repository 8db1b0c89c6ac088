/* A library header whose functions sit inside the C++ guard's brace,
 * which only a C++ compiler sees. */
#include <stdint.h>

#if defined(__cplusplus)
extern "C" {
#endif

static inline uint32_t cg_load(const uint32_t *p)
{
	return *(const volatile uint32_t *)p;
}

static inline void cg_store(uint32_t *p, uint32_t v)
{
	*(volatile uint32_t *)p = v;
}

#if defined(__cplusplus)
}
#endif
