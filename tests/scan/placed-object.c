/* Once-macros whose object is spelled from their parameters, as the
 * kernel's are (RB_EMPTY_ROOT(root), task_is_running(task) ...): each use
 * a site at the use, its object the macro's with the use's arguments put
 * in (t4480). */
#include <stddef.h>
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

typedef long slot_t;
struct node { struct node *left; };
struct root { struct node *node; };
struct pair { long lo, hi; };
struct inner { int a; int b; };
struct task {
	int pad;
	int state;
	slot_t slot[4];
	struct pair pair;
	struct root r;
	struct inner in;
	int *counts;
	int ready;
	struct node **nodes;
};

struct task global_task;

#define ROOT_EMPTY(root) (READ_ONCE((root)->node) == NULL)
#define TASK_RUNNING_P(t) (READ_ONCE((t)->state) == 0)
#define STATE_OF(v) READ_ONCE((v).state)
#define FIELD_OF(s, field) READ_ONCE((s)->field)
#define SLOT_OF(t, i) READ_ONCE((t)->slot[i])
#define SET_STATE(t, v) WRITE_ONCE((t)->state, (v))
#define VSTATE(t, ...) READ_ONCE((t)->state)
#define PAIR_OF(t) READ_ONCE((t)->pair)
#define VA_STATE(...) READ_ONCE((__VA_ARGS__).state)
/* the body indexes the value it reads, as ext4's sbi_array_rcu_deref */
#define COUNT_AT(t, field, i) (((int *)READ_ONCE((t)->field))[i])
/* the body reads another member beside the object, as nsync's
 * NOTIFIED_TIME(n) reads n->expiry_time_valid beside n->notified */
#define READY_OR_PAD(t) (READ_ONCE((t)->ready) ? 1 : (t)->pad)
/* ... and whose element, read through the value, is a pointer used */
#define NODE_AT(t, field, i) (((struct node **)READ_ONCE((t)->field))[i])

int empty(struct task *t)
{
	return ROOT_EMPTY(&t->r);
}

int running(struct task *t)
{
	return TASK_RUNNING_P(t);
}

int state_global(void)
{
	return STATE_OF(global_task);
}

int field(struct task *t)
{
	return FIELD_OF(t, state);
}

slot_t slot(struct task *t, int i)
{
	return SLOT_OF(t, i);
}

void set(struct task *t, int v)
{
	SET_STATE(t, v);
}

int vstate(struct task *t)
{
	return VSTATE(t, 1, 2) * 3;
}

long pair_sum(struct task *t)
{
	struct pair p = PAIR_OF(t);
	return p.lo + p.hi;
}

int count_at(struct task *t, int i)
{
	return COUNT_AT(t, counts, i);
}

int ready_or_pad(struct task *t)
{
	return READY_OR_PAD(t);
}

struct node *node_left(struct task *t, int i)
{
	return NODE_AT(t, nodes, i)->left;
}

/* not placed, named with the reason */
int inner_b(struct task *t)
{
	return FIELD_OF(t, in.b);
}

int va_state(void)
{
	return VA_STATE(global_task);
}
