#include <linux/mm.h>
#include <linux/mm_types.h>
#include <asm/pgtable.h>

static int gup_pte_range(pmd_t pmd, unsigned long addr, pte_t *ptep)
{
	pte_t pte = ACCESS_ONCE(*ptep);	/* expect: nonscalar */

	return pte_special(pte);
}

static int gup_pmd_range(pmd_t *pmdp)
{
	pmd_t pmd = ACCESS_ONCE(*pmdp);	/* expect: nonscalar */

	return pmd_none(pmd);
}

static unsigned long mm_total(struct mm_struct *mm)
{
	return ACCESS_ONCE(mm->total_vm);	/* expect: scalar */
}

static pgd_t *mm_pgd(struct mm_struct *mm)
{
	return ACCESS_ONCE(mm->pgd);	/* expect: scalar */
}
