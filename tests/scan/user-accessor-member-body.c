/* A one-parameter function whose body is a C11 load of a member of
 * what its argument points to (BIRD's rf_size(struct rfile *r)): a
 * once-accessor of r->pos, whose out-of-line body is judged where it
 * is defined -- at the member's width, not the struct's. */
#include <stdatomic.h>
#include <stdint.h>

struct rfile { char name[0xc0]; _Atomic int64_t pos; char tail[8]; };

int64_t rf_size(struct rfile *r)
{
	return atomic_load_explicit(&r->pos, memory_order_relaxed);
}
