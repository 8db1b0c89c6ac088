#ifndef _ASM_X86_PGTABLE_TYPES_H
#define _ASM_X86_PGTABLE_TYPES_H
typedef unsigned long pteval_t;
typedef unsigned long pmdval_t;
typedef unsigned long pgdval_t;
typedef struct { pteval_t pte; } pte_t;
typedef struct { pmdval_t pmd; } pmd_t;
typedef struct { pgdval_t pgd; } pgd_t;
#endif
