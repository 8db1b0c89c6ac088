#include <linux/kvm_host.h>
#include <asm/kvm_host.h>

static void ipte_lock_simple(struct kvm *kvm)
{
	union ipte_control old, new, *ic;

	ic = &kvm->arch.sca->ipte_control;
	do {
		old = ACCESS_ONCE(*ic);	/* expect: nonscalar */
		new = old;
		new.k = 1;
	} while (cmpxchg(&ic->val, old.val, new.val) != old.val);
}

static int ipte_held(struct kvm *kvm)
{
	return ACCESS_ONCE(kvm->arch.sca->ipte_control.k);	/* expect: scalar */
}
