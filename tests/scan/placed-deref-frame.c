/* A once-macro whose object is spelled from its parameters and whose
 * body indexes the pointer it reads, as ext4's sbi_array_rcu_deref:
 * the pointer the object is reached through is not in a register where
 * the DWARF says (a global, a local whose address is taken), and the
 * element read through the object's value is a pointer of the same
 * width, used after (t4510). */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

struct item { long val; };
struct table {
	long pad[11];
	struct item **slots;
};

void lock_read(void);
void unlock_read(void);
void publish(struct table **where);

#define ARRAY_DEREF(t, field, index)					\
({									\
	__typeof__(*((t)->field)) _v;					\
	lock_read();							\
	_v = ((__typeof__(_v) *)READ_ONCE((t)->field))[index];		\
	unlock_read();							\
	_v;								\
})

struct table *cur_table;

long global_val(int i)
{
	struct item *it = ARRAY_DEREF(cur_table, slots, i);

	return it->val;
}

long local_val(struct table *p, int i)
{
	struct table *t = p;
	struct item *it;

	publish(&t);
	it = ARRAY_DEREF(t, slots, i);
	return it->val;
}

/* the pointer reached through a member at the object's own offset: two
 * loads of the object's shape, one feeding the other -- which is the
 * object's, the instructions alone do not tell */
struct holder {
	long pad[11];
	struct table *tbl;
};

long holder_val(struct holder *h, int i)
{
	struct item *it = ARRAY_DEREF(h->tbl, slots, i);

	return it->val;
}
