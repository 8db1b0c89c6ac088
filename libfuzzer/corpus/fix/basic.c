int g;
void f(int n)
{
	ACCESS_ONCE(g) = n;
	n = ACCESS_ONCE(g);
	ACCESS_ONCE(g)++;
	ACCESS_ONCE(g) |= 1;
	int *p = &ACCESS_ONCE(g);
}
