/* The generator gcc and clang read (lib/moatomic.h). */
#ifndef USER_LIB_MOATOMIC_GCC_H
#define USER_LIB_MOATOMIC_GCC_H

#define LIB_INLINE static inline __attribute__((always_inline))

typedef enum {
	lib_mo_relaxed,
	lib_mo_acquire,
	lib_mo_release,
	lib_mo_acq_rel,
	lib_mo_seq_cst
} lib_mo_t;

LIB_INLINE int
lib_mo_builtin(lib_mo_t mo) {
	switch (mo) {
	case lib_mo_relaxed:
		return __ATOMIC_RELAXED;
	case lib_mo_acquire:
		return __ATOMIC_ACQUIRE;
	case lib_mo_release:
		return __ATOMIC_RELEASE;
	case lib_mo_acq_rel:
		return __ATOMIC_ACQ_REL;
	case lib_mo_seq_cst:
		return __ATOMIC_SEQ_CST;
	}
	__builtin_unreachable();
}

#define LIB_GENERATE_ATOMICS(type, short_type)                            \
	typedef struct {                                                  \
		type repr;                                                \
	} lib_##short_type##_t;                                           \
                                                                          \
	LIB_INLINE type lib_load_##short_type(                            \
	    const lib_##short_type##_t *a, lib_mo_t mo) {                 \
		type result;                                              \
		__atomic_load(&a->repr, &result, lib_mo_builtin(mo));     \
		return result;                                            \
	}                                                                 \
                                                                          \
	LIB_INLINE void lib_store_##short_type(                           \
	    lib_##short_type##_t *a, type val, lib_mo_t mo) {             \
		__atomic_store(&a->repr, &val, lib_mo_builtin(mo));       \
	}                                                                 \
                                                                          \
	LIB_INLINE type lib_exchange_##short_type(                        \
	    lib_##short_type##_t *a, type val, lib_mo_t mo) {             \
		type result;                                              \
		__atomic_exchange(&a->repr, &val, &result,                \
		    lib_mo_builtin(mo));                                  \
		return result;                                            \
	}

#endif
