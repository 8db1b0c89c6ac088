/*
 * Objects reached through what a macro's body makes of them, as Linux's
 * headers spell them (t4552, call-macros.c): an object-like #define
 * whose body is a call (asm/current.h's #define current get_current(),
 * a static inline function returning a struct pointer), and
 * function-like ones whose body is a cast through sparse's
 * annotations (rculist.h's list_next_rcu(), sock.h's
 * __sk_user_data()).  Neither the record's DWARF nor the sources type
 * them as spelled.
 */
#ifndef CALL_MACROS_H
#define CALL_MACROS_H

#include <stdint.h>

#define __rcu /* sparse's address space: nothing to the compiler */

struct list_head {
	struct list_head *next, *prev;
};

struct task {
	uint64_t work;
	uint32_t flags;
	int nesting;
	struct task *parent;
	struct list_head tasks;
	void *data;
};

struct info {
	uint64_t syscall_work;
	uint32_t cpu;
	uint64_t flags;
};

extern struct task *the_task;
extern struct task *other_task;

static inline struct task *get_current(void)
{
	return the_task;
}

#define current get_current()
#define current_info() ((struct info *)current)
#define list_next_rcu(list) (*((struct list_head __rcu **)(&(list)->next)))
#define task_data(t) ((*((void __rcu **)&(t)->data)))

/* one name, two bodies by an #if the scan does not read, calling two
 * functions of the unit of different types: which was compiled cannot
 * be told */
static inline struct task *owner_task(void)
{
	return other_task;
}

static inline struct info *owner_info(void)
{
	return (struct info *)other_task;
}

#ifdef OWNER_IS_INFO
#define owner owner_info()
#else
#define owner owner_task()
#endif

/* a function, and a macro of its name whose body is a statement
 * expression (trace/events/ext4.h's EXT4_I(inode) over ext4.h's
 * function): the names the expression declares (__i) are nowhere else,
 * which does not make that reading one that was not compiled, and its
 * value, the block's own variable, is not typed */
static inline struct info *task_info(struct task *t)
{
	return (struct info *)t->data;
}

#ifdef INFO_BY_STATEMENT
#define task_info(t) ({ struct info *__i = (struct info *)(t)->data; __i; })
#endif

#endif
