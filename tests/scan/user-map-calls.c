/* Objects liburcu could not size (tests/t4452-scan-user-map-calls.t):
 * flav_gp.ctr, flav_gp #defined in a header of macros only that only
 * <lib/map/flavgp-a.h> names; and objects reached through a call of a
 * function of the unit whose result is not a once-accessor's argument,
 * as rculfhash.c's rcu_dereference(clear_flag(iter)->next) and
 * uatomic_load(&bucket_at(ht, 0)->next). */
#include <lib/flavgp.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define LOAD_PTR(p) (*(const volatile __typeof__(*(p)) *)(p))

struct gp { unsigned long ctr; int futex; };
struct gp flav_gp_a;

struct node {
	struct node *next;
	unsigned long hash;
};

struct table {
	struct node *first;
	struct node *(*bucket_at)(struct table *t, unsigned long i);
};

static struct node *clear_flag(struct node *n)
{
	return (struct node *)((unsigned long)n & ~3UL);
}

static struct node *bucket_at(struct table *t, unsigned long i)
{
	return t->bucket_at(t, i);
}

static struct node *pick_node(struct table *t)
{
	return t->first;
}

unsigned long gp_ctr(unsigned int k)
{
	return flavgp_mix((unsigned int)READ_ONCE(flav_gp.ctr), k);
}

struct node *next_of(struct node *iter)
{
	return READ_ONCE(clear_flag(iter)->next);
}

struct node *first_of(struct table *t)
{
	return LOAD_PTR(&bucket_at(t, 0)->next);
}

/* pick_node is a macro of lib/flavgp.h too: not typed */
struct node *picked_next(struct table *t)
{
	return READ_ONCE(pick_node(t)->next);
}
