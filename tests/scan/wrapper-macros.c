/*
 * Once-accesses inside a project's own macros, as kernel/sched/fair.c's
 * sub_positive(): the line table gives their code to each use's line,
 * where the source shows no READ_ONCE (tests/t4080-scan-wrappers.t).
 */
#include <stdint.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

#define sub_positive(_ptr, _val) do {				\
	__typeof__(_ptr) ptr = (_ptr);				\
	__typeof__(*ptr) val = (_val);				\
	__typeof__(*ptr) res, var = READ_ONCE(*ptr);		\
	res = var - val;					\
	if (res > var)						\
		res = 0;					\
	WRITE_ONCE(*ptr, res);					\
} while (0)

/* two reads of one object in one use: they may disagree */
#define read_twice(_p) (READ_ONCE(*(_p)) + READ_ONCE(*(_p)))

struct avg {
	uint64_t load_sum;
	uint32_t util_avg;
};

void drop_load(struct avg *sa, uint64_t r)
{
	sub_positive(&sa->load_sum, r);
}

/* the argument's own plain read is on the use's line too */
void drop_entity(struct avg *sa, const struct avg *se)
{
	sub_positive(&sa->load_sum, se->load_sum);
}

void drop_util(struct avg *sa, uint32_t r)
{
	sub_positive(&sa->util_avg, r);
}

uint32_t sum_twice(uint32_t *p)
{
	return read_twice(p);
}

/* a macro that defines a function: its use's line holds a whole
 * function's code, not one use of a once-access (not a site) */
#define DEFINE_GETTER(type, name)				\
struct box_##name {						\
	type v;							\
};								\
static type get_##name(const type *p)				\
{								\
	return READ_ONCE(*p) + READ_ONCE(*p);			\
}
DEFINE_GETTER(uint32_t, u32)

uint32_t use_getter(const uint32_t *p)
{
	return get_u32(p);
}
