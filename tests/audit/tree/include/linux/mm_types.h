#ifndef _LINUX_MM_TYPES_H
#define _LINUX_MM_TYPES_H
struct mm_struct {
	unsigned long total_vm;
	pgd_t *pgd;
};
#endif
