/* The generator of compilers without __atomic (lib/moatomic.h): never
 * compiled here; not the build's, so not the one discovery reads. */
#ifndef USER_LIB_MOATOMIC_SYNC_H
#define USER_LIB_MOATOMIC_SYNC_H

typedef enum {
	lib_mo_relaxed,
	lib_mo_acquire,
	lib_mo_release,
	lib_mo_acq_rel,
	lib_mo_seq_cst
} lib_mo_t;

#define LIB_GENERATE_ATOMICS(type, short_type)                            \
	typedef struct {                                                  \
		type volatile repr;                                       \
	} lib_##short_type##_t;                                           \
                                                                          \
	static inline type lib_load_##short_type(                         \
	    const lib_##short_type##_t *a, lib_mo_t mo) {                 \
		type result = a->repr;                                    \
		if (mo != lib_mo_relaxed)                                 \
			__sync_synchronize();                             \
		return result;                                            \
	}                                                                 \
                                                                          \
	static inline void lib_store_##short_type(                        \
	    lib_##short_type##_t *a, type val, lib_mo_t mo) {             \
		if (mo != lib_mo_relaxed)                                 \
			__sync_synchronize();                             \
		a->repr = val;                                            \
	}

#endif
