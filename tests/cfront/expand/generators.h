/*
 * Generator macros for tests/t4360-cfront-macro-expand.t: functions
 * made where a macro is invoked, their names pasted from its arguments.
 */
#define GEN_LOAD(S, M, T, C) \
	static inline T gen_load_##S(const M *target) \
	{ \
		T r; \
		__asm__ __volatile__("movl %1, %0" : "=r"(r) \
				     : "m"(*(const C *)target)); \
		return r; \
	}
#define GEN_LOAD_S(S, T) GEN_LOAD(S, T, T, T)

GEN_LOAD(ptr, void, void *, unsigned long)
GEN_LOAD_S(u32, unsigned int)

/* redefined with other parameters, as each architecture's header of a
 * library does: the invocations after it use this one */
#undef GEN_LOAD
#define GEN_LOAD(S, T) \
	static inline T gen_load_##S##_v(const T *p) \
	{ return *(const volatile T *)p; }

GEN_LOAD(u16, unsigned short)
/* GEN_LOAD_S now calls the two-parameter GEN_LOAD with four arguments:
 * no expansion */
GEN_LOAD_S(u8, unsigned char)

/* variadic, and # spelling an argument */
#define GEN_STORE(S, T, ...) \
	static inline void gen_store_##S(T *target, T v) \
	{ \
		__asm__ __volatile__(#S : "=m"(*target) : "r"(v) __VA_ARGS__); \
	}
GEN_STORE(u64, unsigned long long, : "memory")

/* a read-modify-write: expanded, but no once-accessor */
#define GEN_XCHG(S, T) \
	static inline T gen_xchg_##S(T *target, T v) \
	{ \
		__asm__ __volatile__("xchg %0, %1" : "+m"(*target), "+r"(v)); \
		return v; \
	}
GEN_XCHG(u32, unsigned int)

/* a macro that names itself is not expanded again inside itself */
#define SELF(x) SELF(x) static int self_##x(void) { return 0; }
SELF(a)

static inline int user(const unsigned int *p)
{
	/* inside a body: no generator invocation */
	GEN_LOAD_S(in_body, unsigned int)
	return 0;
}
