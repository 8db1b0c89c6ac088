/* Code of its own: the line tables name it. */
#define store_relaxed(P, V) (*(volatile __typeof__(*(P)) *)(P) = (V))

static inline void set_flag(int *p)
{
	store_relaxed(p, 1);
}
