/* Objects spelled through lib/tlsmac.h's macros
 * (tests/t4395-scan-user-header-macros.t). */
#include <lib/tlsmac.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

struct reader { unsigned long ctr; unsigned int waiting; };
struct gp { unsigned long ctr; int futex; };
struct slot { unsigned short v; unsigned short pad; };
/* what slot_lookup() gives: another record, whose v is wider */
struct slot_view { unsigned int v; };

__thread struct reader my_reader;
struct gp gp_flavour_a;
struct slot gslot;

struct slot_view *slot_lookup(struct slot *s);

unsigned int reader_waiting(unsigned int k)
{
	return tlsmac_mix(READ_ONCE(MY_TLS(my_reader).waiting), k);
}

unsigned long gp_ctr(unsigned int k)
{
	return tlsmac_mix((unsigned int)READ_ONCE(cur_gp.ctr), k);
}

/* SLOT(gslot) is (gslot) or *slot_lookup(&gslot): slot_lookup is a
 * function of the unit, so either may be what was compiled, and their
 * v are of two sizes */
unsigned int slot_v(unsigned int k)
{
	return tlsmac_mix(READ_ONCE(SLOT(gslot).v), k) + !!slot_lookup(0);
}
