/* A volatile read of a two-field struct whose fields are then used:
 * the kernel's READ_ONCE(x) of an aggregate is this cast. */
struct pair { unsigned int a, b; };

unsigned int sum_pair(struct pair *p)
{
	struct pair v = *(volatile struct pair *)p;

	return v.a + v.b;
}

void write_pair(struct pair *p, unsigned int a, unsigned int b)
{
	struct pair v = { a, b };

	*(volatile struct pair *)p = v;
}
