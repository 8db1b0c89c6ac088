/*
 * Once-accesses that write (tests/t4090-scan-writes.t): the line table
 * puts a store at the '=' or the '++' (gcc) or at the assigned value
 * (clang), after the site's text -- on the next line when the value is
 * there.  ACCESS_ONCE is the 2014 kernel's, the raw volatile cast.
 */
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))

struct pair {
	unsigned int a, b;
};

void set_pair(struct pair *p, unsigned int a, unsigned int b);
void set_pair_cast(struct pair *p, unsigned int a, unsigned int b);
void set_pair_split(struct pair *p, unsigned int a, unsigned int b);
void set_int(int *p, int v);
void add_int(int *p, int v);
void inc_int(int *p);
void copy_pair(struct pair *p, struct pair *q);

void set_pair(struct pair *p, unsigned int a, unsigned int b)
{
	struct pair v = { a, b };

	ACCESS_ONCE(*p) = v;
}

void set_pair_cast(struct pair *p, unsigned int a, unsigned int b)
{
	struct pair v = { b, a };

	*(volatile struct pair *)p = v;
}

void set_pair_split(struct pair *p, unsigned int a, unsigned int b)
{
	struct pair v = { a + 1, b + 1 };

	ACCESS_ONCE(*p) =
		v;
}

void set_int(int *p, int v)
{
	ACCESS_ONCE(*p) = v;
}

void add_int(int *p, int v)
{
	ACCESS_ONCE(*p) += v;
}

void inc_int(int *p)
{
	ACCESS_ONCE(*p)++;
}

void copy_pair(struct pair *p, struct pair *q)
{
	ACCESS_ONCE(*p) = ACCESS_ONCE(*q);
}
