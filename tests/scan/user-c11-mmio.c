/* MMIO accessors as rdma-core's util/mmio.h writes them: C11 relaxed
 * atomics through a cast of a void pointer, some made by a generator
 * macro with another body on one side of an #if, one written out.  The
 * file names no other atomic or cast that marks a once-access. */
#include <stdatomic.h>
#include <stdint.h>

#ifdef __s390x__
void s390_mmio_write(void *addr, const void *val, unsigned long len);
#define MAKE_WRITE(_NAME_, _SZ_)                                               \
	static inline void _NAME_##_be(void *addr, uint##_SZ_##_t value)       \
	{                                                                      \
		s390_mmio_write(addr, &value, sizeof(value));                  \
	}
#define MAKE_READ(_NAME_, _SZ_)                                                \
	static inline uint##_SZ_##_t _NAME_##_be(const void *addr)             \
	{                                                                      \
		return 0;                                                      \
	}
#else
#define MAKE_WRITE(_NAME_, _SZ_)                                               \
	static inline void _NAME_##_be(void *addr, uint##_SZ_##_t value)       \
	{                                                                      \
		atomic_store_explicit((_Atomic(uint##_SZ_##_t) *)addr,         \
				      value, memory_order_relaxed);            \
	}
#define MAKE_READ(_NAME_, _SZ_)                                                \
	static inline uint##_SZ_##_t _NAME_##_be(const void *addr)             \
	{                                                                      \
		return atomic_load_explicit(                                   \
		    (_Atomic(uint##_SZ_##_t) *)addr, memory_order_relaxed);    \
	}
#endif

MAKE_WRITE(mmio_write64, 64)
MAKE_READ(mmio_read32, 32)

static inline void mmio_write8(void *addr, uint8_t value)
{
	atomic_store_explicit((_Atomic(uint8_t) *)addr, value,
			      memory_order_relaxed);
}

struct uar { void *reg_addr; void *clock; uint32_t small; uint8_t flag; };

void ring(struct uar *u, uint64_t v)
{
	mmio_write64_be(u->reg_addr, v);
	mmio_write64_be((uint8_t *)u->reg_addr, v);
	mmio_write8(&u->flag, 1);
}

uint32_t clock_hi(struct uar *u)
{
	return mmio_read32_be(u->clock + 4);
}

void ring_small(struct uar *u, uint64_t v)
{
	mmio_write64_be((char *)&u->small, v);
}
