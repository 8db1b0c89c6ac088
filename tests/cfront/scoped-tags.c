/* A struct tag defined in a function's body names that struct there only,
 * where it hides the file's struct of the same tag. */
struct s { long m[2]; int n; };

int local_tag(void *p)
{
	struct s { unsigned char m; };
	return ((struct s *)p)->m;
}

long file_tag(void *p)
{
	return ((struct s *)p)->m[0] + ((struct s *)p)->n + sizeof(union u);
}

int local_union(void *p)
{
	union u { short h; struct s whole; };
	return ((union u *)p)->h + (int)((union u *)p)->whole.n;
}

int no_file_union(void *p)
{
	return ((union u *)p)->h;
}
