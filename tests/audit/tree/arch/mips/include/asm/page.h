#ifndef _ASM_MIPS_PAGE_H
#define _ASM_MIPS_PAGE_H
typedef struct { unsigned long pte_low, pte_high; } pte_t;
typedef struct { unsigned long pmd; } pmd_t;
#endif
