/* liburcu's shape (urcu/system.h): chains through four names. */
#define CMM_ACCESS_ONCE(x)	(*(__volatile__  __typeof__(x) *)&(x))
#define _CMM_LOAD_SHARED(p)	       CMM_ACCESS_ONCE(p)
#define CMM_LOAD_SHARED(p)			\
	__extension__			\
	({				\
		cmm_smp_rmc();		\
		_CMM_LOAD_SHARED(p);	\
	})
#define _CMM_STORE_SHARED(x, v)	__extension__ ({ CMM_ACCESS_ONCE(x) = (v); })
#define CMM_STORE_SHARED(x, v)						\
	__extension__							\
	({								\
		__typeof__(x) _v = _CMM_STORE_SHARED(x, v);		\
		cmm_smp_wmc();						\
		_v = _v;	/* Work around clang "unused result" */	\
	})
