#ifndef __ASM_SPINLOCK_TYPES_H
#define __ASM_SPINLOCK_TYPES_H
typedef struct {
	u16 owner;
	u16 next;
} arch_spinlock_t;
#endif
