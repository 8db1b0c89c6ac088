/*
 * A global whose struct is declared in a header included with <...>,
 * which scan does not read: the site's type is unknown.  The macro's
 * other argument is read on the same line -- Linux's
 * net_timestamp_check(READ_ONCE(net_hotdata.tstamp_prequeue), skb),
 * where clang for 32-bit ARM reads skb->tstamp (8 bytes) with two 4-byte
 * loads.  Those loads are not the flag's (tests/t4200-scan-named-global.t,
 * from assembly with .loc lines on this file).
 */
#include <hot.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define stamp_check(COND, skb) do { if ((COND) && !(skb)->tstamp) stamp(skb); } while (0)

void rx_far(struct sk *skb)
{
	stamp_check(READ_ONCE(net_hot.prequeue), skb);
}

void rx_near(struct sk *skb)
{
	stamp_check(READ_ONCE(net_hot.prequeue), skb);
}
