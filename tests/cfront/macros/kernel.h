/* The kernel's shape (include/asm-generic/rwonce.h, Linux 6.x): the
 * built-in READ_ONCE and WRITE_ONCE turn out to be volatile casts. */
#define __READ_ONCE(x)	(*(const volatile __unqual_scalar_typeof(x) *)&(x))
#define READ_ONCE(x)							\
({									\
	compiletime_assert_rwonce_type(x);				\
	__READ_ONCE(x);							\
})
#define __WRITE_ONCE(x, val)						\
do {									\
	*(volatile typeof(x) *)&(x) = (val);				\
} while (0)
#define WRITE_ONCE(x, val)						\
do {									\
	compiletime_assert_rwonce_type(x);				\
	__WRITE_ONCE(x, val);						\
} while (0)
#define smp_load_acquire(p)						\
({									\
	__unqual_scalar_typeof(*p) ___p1 = READ_ONCE(*p);		\
	compiletime_assert_atomic_type(*p);				\
	barrier();							\
	(typeof(*p))___p1;						\
})
/* RCU (include/linux/rcupdate.h): the object is a pointer, by the body */
#define rcu_dereference_raw(p)						\
({									\
	typeof(p) ________p1 = READ_ONCE(p);				\
	((typeof(*p) __force __kernel *)(________p1));			\
})
#define rcu_dereference(p) rcu_dereference_raw(p)
