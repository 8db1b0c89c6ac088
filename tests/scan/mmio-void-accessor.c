/* MMIO accessors as Xen's and Linux's: static inline functions whose
 * parameter points to void and whose body is one volatile access through
 * a cast of it -- a plain dereference or an inline-asm memory operand
 * (t4513).  The width is the cast's when the argument does not type the
 * object (base + offset); an argument that does (&r->cfg, 8 bytes) still
 * decides, so a 4-byte read of it is torn. */
#include <stdint.h>
#define __iomem
#define __force

static inline uint32_t io_readl(const volatile void __iomem *addr)
{
	return *(const volatile uint32_t __force *)addr;
}

static inline void io_writel(uint32_t val, volatile void __iomem *addr)
{
	*(volatile uint32_t __force *)addr = val;
}

static inline uint16_t io_readw(const void *addr)
{
	return *(const volatile uint16_t *)addr;
}

static inline uint32_t io_readl_asm(const volatile void __iomem *addr)
{
	uint32_t v;

#if defined(__aarch64__)
	asm volatile("ldr %w0, %1" : "=r"(v)
		     : "Q"(*(const volatile uint32_t __force *)addr));
#else
	asm volatile("movl %1, %0" : "=r"(v)
		     : "m"(*(const volatile uint32_t __force *)addr));
#endif
	return v;
}

struct regs {
	uint64_t cfg;
};

uint32_t rd(char __iomem *base)
{
	return io_readl(base + 0x10);
}

void wr(void __iomem *base, uint32_t v)
{
	io_writel(v, (char __iomem *)base + 0x14);
}

uint16_t rdw(const unsigned char *base)
{
	return io_readw(base + 6);
}

uint32_t rd_asm(void __iomem *base)
{
	return io_readl_asm((char __iomem *)base + 0x18);
}

uint32_t rd_cfg(struct regs *r)
{
	return io_readl(&r->cfg);
}
