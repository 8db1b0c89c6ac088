#include <linux/mm.h>
#include <asm/pgtable.h>

static inline pte_t gup_get_pte(pte_t *ptep)
{
	return ACCESS_ONCE(*ptep);	/* expect: nonscalar */
}

static int gup_pmd_range(pud_t pud, unsigned long addr, unsigned long end)
{
	pmd_t *pmdp = pmd_offset(&pud, addr);
	pmd_t pmd = ACCESS_ONCE(*pmdp);	/* expect: nonscalar */

	return pmd_none(pmd);
}
