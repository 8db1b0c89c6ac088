/* Objects spelled through call-macros.h's macros (t4552): typed by
 * what the function the object-like macro calls returns, or by the
 * function-like macro's cast; a name whose two definitions call
 * functions of different types is not typed, nor one whose other
 * definition is a statement expression. */
#include "call-macros.h"

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) (*(volatile __typeof__(x) *)&(x) = (val))

struct task *the_task;
struct task *other_task;

uint32_t task_flags(void)
{
	return READ_ONCE(current->flags);
}

void task_nest(int n)
{
	WRITE_ONCE(current->nesting, n);
}

struct task *task_parent(void)
{
	return READ_ONCE(current->parent);
}

uint64_t info_work(void)
{
	return READ_ONCE(current_info()->syscall_work);
}

struct list_head *next_of(struct task *t)
{
	return READ_ONCE(list_next_rcu(&t->tasks));
}

void *data_of(struct task *t)
{
	return READ_ONCE(task_data(t));
}

uint32_t owner_flags(void)
{
	return READ_ONCE(owner->flags);
}

uint32_t info_cpu(struct task *t)
{
	return READ_ONCE(task_info(t)->cpu);
}

/* owner_info() called where its code stays its own: the unit's DWARF
 * has the function (a function it has nothing of is taken as no
 * reading that was compiled) */
uint32_t owner_cpu(void)
{
	return owner_info()->cpu;
}
