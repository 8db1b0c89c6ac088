#ifndef _ASM_POWERPC_PAGE_H
#define _ASM_POWERPC_PAGE_H
typedef unsigned long pte_basic_t;
#ifdef CONFIG_STRICT_MM_TYPECHECKS
typedef struct { pte_basic_t pte; } pte_t;
#else
typedef pte_basic_t pte_t;
#endif
#endif
