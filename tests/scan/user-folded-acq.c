/* Uses of an acquire-load accessor of lib/foldacq.h whose load clang
 * folds into the caller's instruction, written as nsync's counter.c and
 * cv.c write them (tests/t4391-scan-user-folded-accessor.t). */
#include <lib/foldacq.h>

struct fold_counter {
	long a, b, c;
	uint32_t value;  /* at 0x18 */
	uint32_t flags;  /* at 0x1c */
};
struct fold_time {
	long s, ns;
};
extern const struct fold_time fold_zero, fold_forever;
void fold_spin(void);

/* counter_ready_time(): two 8-byte constants loaded on the line too */
struct fold_time fold_ready(void *v)
{
	struct fold_counter *c = v;
	struct fold_time r;

	r = (FOLD_LOAD_ACQ(&c->value) == 0 ? fold_zero : fold_forever);
	return r;
}

/* a loop clang rotates: the compare before it and at its end */
void fold_wait(struct fold_counter *c)
{
	while (FOLD_LOAD_ACQ(&c->value) != 0) {
		fold_spin();
	}
}

/* nsync_cv_signal(): a test of a bit, folded */
int fold_flagged(struct fold_counter *c)
{
	if ((FOLD_LOAD_ACQ(&c->flags) & 2) != 0) {
		fold_spin();
		return 1;
	}
	return 0;
}
