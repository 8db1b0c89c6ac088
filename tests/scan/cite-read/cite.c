#include "pick.h"

struct s { int a; long b; };

long get_b(struct s *x)
{
	return read_relaxed(&x->b);
}

void put(struct s *x)
{
	set_flag(&x->a);
	store_relaxed(&x->b, 2);
}
