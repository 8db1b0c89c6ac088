/* Once-macros whose object names __VA_ARGS__ (t4512): the one variable
 * argument of a use is put in for it, as a named parameter's is; two or
 * more would make a comma expression, named with the reason. */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

typedef long slot_t;

struct log {
	int pad;
	int state;
	slot_t slot[4];
};

struct log lg;

#define STATE_VA(...) READ_ONCE((__VA_ARGS__).state)
#define SLOT_VA(t, ...) READ_ONCE((t)->slot[__VA_ARGS__])
#define SET_VA(v, ...) WRITE_ONCE((__VA_ARGS__)->state, (v))
#define SLOT_PV(t, ...) READ_ONCE((t)->slot[(__VA_ARGS__)])

int state_va(void)
{
	return STATE_VA(lg);
}

slot_t slot_va(struct log *t, int i)
{
	return SLOT_VA(t, i);
}

void set_va(struct log *t, int v)
{
	SET_VA(v, t);
}

slot_t slot_comma(struct log *t, int j, int i)
{
	return SLOT_PV(t, j, i);
}
