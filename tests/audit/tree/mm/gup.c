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

/* READ_ONCE in generic code: pte_t is one unit everywhere here, the
 * lock word is two on x86, arm and arm64. */
static int gup_pte_once(pte_t *ptep)
{
	pte_t pte = READ_ONCE(*ptep);	/* expect: one-unit */

	return pte_special(pte);
}

static int lock_is_free(arch_spinlock_t *lock)
{
	arch_spinlock_t v = READ_ONCE(*lock);	/* expect: may-split */

	return arch_spin_value_unlocked(v);
}
