/* lttng-ust's shape (src/common/logging.h, as liburcu's CMM_LOAD_SHARED
 * reads the log level): an inlined helper whose unlikely branch gcc 12
 * puts at the end of the function, ending in a jmp back.  gcc starts a
 * row of the helper's line after that jmp -- at the end of .text when
 * the function is the section's last (a row at the address its
 * sequence ends at: no code; the cold part follows in .text.unlikely),
 * or on the alignment padding before the next function (NEXT). */
#define CMM_ACCESS_ONCE(x) (*(__volatile__ __typeof__(x) *)&(x))
#define CMM_LOAD_SHARED(p) CMM_ACCESS_ONCE(p)

int log_level;
void init_level(void);
void report(const char *what) __attribute__((cold));

static inline int level(void)
{
	int l = CMM_LOAD_SHARED(log_level);

	if (__builtin_expect(l == 0, 0)) {
		init_level();
		l = CMM_LOAD_SHARED(log_level);
	}
	return l;
}

int sum(const int *a, int n)
{
	int s = 0;

	for (int i = 0; i < n; i++) {
		s += a[i];
		if (level() > 3)
			s++;
	}
	return s;
}

int check(const int *a, int n)
{
	if (n < 0) {
		report("negative");
		return -1;
	}
	if (level() > 5)
		return a[0];
	return n;
}

#ifdef NEXT
int triple(int x)
{
	return x * 3;
}
#endif
