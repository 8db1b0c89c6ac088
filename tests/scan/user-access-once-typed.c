/* A tree's own ACCESS_ONCE whose first argument is a type (libuv's
 * src/unix/internal.h and test/benchmark-async-pummel.c) */
#define ACCESS_ONCE(type, var) (*(volatile type *)&(var))

struct pair {
	int lo, hi;
};

struct handle {
	int pad;
	const char *data;
	struct pair pair;
};

void set_data(struct handle *h, const char *v)
{
	ACCESS_ONCE(const char *, h->data) = v;
}

int pair_sum(struct handle *h)
{
	struct pair p = ACCESS_ONCE(struct pair, h->pair);

	return p.lo + p.hi;
}
