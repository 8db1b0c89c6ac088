/* Reaches linux/compiler.h through linux/kernel.h: nothing is added. */
#include <linux/kernel.h>
#include <linux/types.h>

u32 reg;

u32 read_reg(void) { return *(volatile u32 *)&reg; }
