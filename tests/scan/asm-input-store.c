/* Accessors whose object is an inline-asm memory operand given as an
 * INPUT, as Linux's x86 build_mmio_write makes writel: asm("movl
 * %0,%1" : : "r"(val), "m"(*(volatile u32 *)addr)), here made by a
 * generator macro that pastes their names.  The operand is
 * written, not read: the template's instruction says so (t4536).  A
 * template whose instruction is a macro's text does not say (cannot
 * tell); an output whose constraint is a macro (Linux's CC_OUT(c))
 * still numbers the operands after it. */
#include <stdint.h>

#if defined(__aarch64__)
#define build_write(bits, size, type, reg)                                   \
	static inline void io_write##bits(type val, volatile void *addr)               \
	{                                                                    \
		asm volatile("str" size " %" reg "0, %1"                      \
			     : : "r"(val), "Q"(*(volatile type *)addr)         \
			     : "memory");                                      \
	}
#define build_read(bits, size, type, reg)                                    \
	static inline type io_read##bits(const volatile void *addr)                   \
	{                                                                    \
		type ret;                                                    \
		asm volatile("ldr" size " %" reg "0, %1"                      \
			     : "=r"(ret) : "Q"(*(const volatile type *)addr)   \
			     : "memory");                                      \
		return ret;                                                  \
	}
build_write(32, "", uint32_t, "w")
build_read(32, "", uint32_t, "w")
#define STORE_INSN "str %w0, %1"
#define OUT_REG(r) "=" #r
/* the output's constraint a macro: the memory operand is still %1 */
static inline uint32_t io_get32(const volatile uint32_t *addr)
{
	uint32_t v;

	asm volatile("ldr %w0, %1" : OUT_REG(r)(v) : "Q"(*addr));
	return v;
}
#else
#define build_write(bits, size, type, reg)                                   \
	static inline void io_write##bits(type val, volatile void *addr)               \
	{                                                                    \
		asm volatile("mov" size " %0,%1"                             \
			     : : reg(val), "m"(*(volatile type *)addr)          \
			     : "memory");                                      \
	}
#define build_read(bits, size, type, reg)                                    \
	static inline type io_read##bits(const volatile void *addr)                   \
	{                                                                    \
		type ret;                                                    \
		asm volatile("mov" size " %1,%0"                             \
			     : reg(ret) : "m"(*(const volatile type *)addr)     \
			     : "memory");                                      \
		return ret;                                                  \
	}
build_write(32, "l", uint32_t, "r")
build_read(32, "l", uint32_t, "=r")
#define STORE_INSN "movl %0,%1"
#define OUT_REG(r) "=" #r
static inline uint32_t io_get32(const volatile uint32_t *addr)
{
	uint32_t v;

	asm volatile("movl %1,%0" : OUT_REG(r)(v) : "m"(*addr));
	return v;
}
#endif

/* its instruction in a macro: which way, the template does not say */
static inline void io_put32(uint32_t val, volatile uint32_t *addr)
{
#if defined(__aarch64__)
	asm volatile(STORE_INSN : : "r"(val), "Q"(*addr) : "memory");
#else
	asm volatile(STORE_INSN : : "r"(val), "m"(*addr) : "memory");
#endif
}

void wr(void *base, uint32_t v)
{
	io_write32(v, (char *)base + 0x10);
}

uint32_t rd(void *base)
{
	return io_read32((char *)base + 0x20);
}

void put(uint32_t *p, uint32_t v)
{
	io_put32(v, p + 3);
}

uint32_t get(uint32_t *p)
{
	return io_get32(p + 5);
}
