/*
 * A list header in the kernel's shape: the once-accesses are here, in
 * inline functions; the loops that call them are in
 * tests/scan/unrolled-fini.c, a file that names no once-macro.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

struct list_head {
	struct list_head *next, *prev;
};

static inline int list_empty(const struct list_head *head)
{
	return READ_ONCE(head->next) == head;
}

static inline void list_add(struct list_head *new, struct list_head *head)
{
	struct list_head *next = head->next;

	next->prev = new;
	new->next = next;
	new->prev = head;
	WRITE_ONCE(head->next, new);
}
