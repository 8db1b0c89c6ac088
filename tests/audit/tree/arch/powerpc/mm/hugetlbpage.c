#include <linux/mm.h>
#include <asm/page.h>

int gup_hugepte(pte_t *ptep, unsigned long sz)
{
	pte_t pte = ACCESS_ONCE(*ptep);	/* expect: nonscalar */

	return pte_present(pte);
}
