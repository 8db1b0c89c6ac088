/*
 * liburcu's _rcu_dereference shape (tests/t4367-scan-user-deref-local.t):
 * the object's address is put in a local, and a pointer-argument
 * once-macro reads through the local -- its object is *(&(p)), p
 * itself; and rcu_dereference is only another name for it.
 */
#ifndef USER_LIB_DEREF_H
#define USER_LIB_DEREF_H

#define LIB_LOAD(addr) (*(const volatile __typeof__(*(addr)) *)(addr))

#define _lib_dereference(p)					\
	__extension__ ({					\
		__typeof__(p) *_________ptr = &(p);		\
		__typeof__(p) _________res = LIB_LOAD(_________ptr); \
		(_________res);					\
	})

#define lib_dereference _lib_dereference

#endif
