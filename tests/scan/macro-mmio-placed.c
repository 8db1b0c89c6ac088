/* MMIO macros as Xen's x86 asm/io.h spells them -- readl(x) is
 * (*(const volatile uint32_t *)(x)) -- and VT-d's register macros that
 * place their object through them: dmar_readl(dmar, reg) is
 * readl((dmar) + (reg)), the object *((dmar) + (reg)), void arithmetic
 * nothing types.  The width is the cast's of the macro the object goes
 * through (t4538); an object that types itself (&(r)->cfg, 8 bytes)
 * still decides, so a 4-byte read of it is torn. */
#include <stdint.h>

#define readl(x) (*(const volatile uint32_t *)(x))
#define readq(x) (*(const volatile uint64_t *)(x))
#define writel(d, x) (*(volatile uint32_t *)(x) = (d))

#define dmar_readl(dmar, reg) readl((dmar) + (reg))
#define dmar_readq(dmar, reg) readq((dmar) + (reg))
#define dmar_writel(dmar, reg, val) writel(val, (dmar) + (reg))
#define cfg_readl(r) readl(&(r)->cfg)

struct iommu {
	void *reg;
};

struct regs {
	uint64_t cfg;
};

uint32_t status(struct iommu *iommu)
{
	return dmar_readl(iommu->reg, 0x1c);
}

uint64_t root(struct iommu *iommu)
{
	return dmar_readq(iommu->reg, 0x20);
}

void command(struct iommu *iommu, uint32_t v)
{
	dmar_writel(iommu->reg, 0x18, v);
}

uint32_t cfg(struct regs *r)
{
	return cfg_readl(r);
}

/* VT-d's fault records: gcc loads the pointer iommu->reg on the use's
 * row and reads the register through an lea of it -- the 8-byte load
 * is not the 4-byte register widened */
uint64_t fault(struct iommu *iommu, unsigned int reg, int idx)
{
	uint32_t hi = dmar_readl(iommu->reg, reg + idx * 16 + 12);

	if (!(hi & 0x80000000u))
		return 0;
	return dmar_readq(iommu->reg, reg + idx * 16) + hi;
}
