/* Once-accessors whose parameter points to volatile: the parameter's
 * type, not a cast, makes the access volatile. */
#include <stdint.h>

typedef struct { volatile uint32_t v; } vp_word_t;
typedef struct { volatile uint64_t v; } vp_wide_t;

static inline uint32_t vp_ld32(const volatile vp_word_t *x)
{
	return x->v;
}

static inline void vp_st32(volatile vp_word_t *x, uint32_t v)
{
	x->v = v;
}

static inline uint64_t vp_ld64(const volatile vp_wide_t *x)
{
	return x->v;
}

static inline int vp_load_int(const volatile int *p)
{
	return *p;
}

/* not accessors: a read-modify-write, two reads, no volatile */
static inline void vp_inc(volatile int *p)
{
	*p += 1;
}

static inline int vp_twice(const volatile int *p)
{
	return *p + *p;
}

static inline int vp_plain(const int *p)
{
	return *p;
}
