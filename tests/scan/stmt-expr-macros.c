/* Objects spelled through stmt-expr-macros.h's statement expressions
 * (t4553): typed by the last statement's cast, or its typeof of the
 * macro's argument; not through a variable or a typeof of a variable
 * the block declares. */
#include "stmt-expr-macros.h"

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) (*(volatile __typeof__(x) *)&(x) = (val))

struct outer table[4];
unsigned long shift;

uint64_t count_of(struct inner *ip)
{
	return READ_ONCE(outer_of(ip)->count);
}

void set_flags(struct inner *ip, uint16_t f)
{
	WRITE_ONCE(outer_of(ip)->flags, f);
}

uint64_t shifted_count(void)
{
	return READ_ONCE(*shift_ptr(&table[0].count, shift));
}

/* the caller has a __o and a __s of its own, of another type: the
 * block's are not these */
uint64_t owner_count(struct outer *o, struct other *__o)
{
	return READ_ONCE(owner_of(o)->count) + __o->count;
}

uint64_t self_count(struct outer *o, struct other *__s)
{
	return READ_ONCE(self_of(o)->count) + __s->count;
}
