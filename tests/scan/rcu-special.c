/* Linux's union rcu_special at offset 0x358 of a task, read by the
 * kernel's READ_ONCE and kept across a call (kernel/rcu/tasks.h,
 * exit_tasks_rcu_finish_trace): clang -O2 for aarch64 loads the middle
 * two bytes through a register formed by add (tests/t4100-*.t). */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
typedef unsigned char u8;
typedef unsigned int u32;
union rcu_special {
	struct { u8 blocked, need_qs, exp_hint, need_mb; } b;
	u32 s;
};
struct task { char before[0x358]; union rcu_special trc_reader_special; };
void report(struct task *t);
void other(struct task *t);
void finish(struct task *t)
{
	union rcu_special trs = READ_ONCE(t->trc_reader_special);

	other(t);
	if (trs.b.blocked)
		report(t);
}
