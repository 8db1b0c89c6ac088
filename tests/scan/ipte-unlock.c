/*
 * The seed's ipte_unlock_siif() (arch/s390/kvm/gaccess.c, 2014) in the
 * shape gcc 4.6/4.7 miscompiled: ACCESS_ONCE of a union in a cmpxchg loop.
 * tests/t4030-scan-seed-s390x.t gives the quoted gcc 4.7 instructions
 * (tests/verify/ipte-unlock-gcc47-s390x.s) line information pointing here.
 */
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))

union ipte_control {
	unsigned long val;
	struct {
		unsigned long k : 1;
		unsigned long kh : 31;
		unsigned long kg : 32;
	};
};

extern unsigned long cmpxchg(unsigned long *p, unsigned long o, unsigned long n);

void ipte_unlock_siif(union ipte_control *ic)
{
	union ipte_control old, new;

	do {
		old = new = ACCESS_ONCE(*ic);
		new.kh--;
		if (!new.kh)
			new.k = 0;
	} while (cmpxchg(&ic->val, old.val, new.val) != old.val);
}
