/*
 * rwonce.h -- single-access reads and writes of shared memory.
 *
 *   READ_ONCE(x)        the value of lvalue x, loaded from memory once, at
 *                       its full width, as one access
 *   WRITE_ONCE(x, v)    store v to lvalue x once, at full width, as one access
 *   ASSIGN_ONCE(v, x)   the 2014 spelling of WRITE_ONCE(x, v).  Mind the
 *                       order: the VALUE comes first, the target second
 *   ACCESS_ONCE(x)      volatile lvalue of a SCALAR x, usable on both sides
 *                       of '='; a non-scalar operand does not compile
 *   barrier()           compiler barrier
 *
 * Namespaced spellings always exist: RWONCE_READ, RWONCE_WRITE,
 * RWONCE_ASSIGN, RWONCE_ACCESS, RWONCE_BARRIER.  Define
 * RWONCE_NO_SHORT_NAMES before including this header to get only those
 * (for projects that already have a READ_ONCE of their own).
 *
 * Why it exists: ACCESS_ONCE(x) used to be *(volatile typeof(x) *)&(x).
 * GCC 4.6/4.7 lost the volatile on non-scalar types (GCC PR 58145) and a
 * union read in a cmpxchg loop was loaded twice; clang 14-19 still split a
 * volatile read of a two-field 2/4/8-byte struct into one load per field.
 * So here every access goes through ONE scalar of the object's size, never
 * through a volatile aggregate.  Objects must be 1, 2, 4 or 8 bytes and
 * naturally aligned to their size (declare aggregates whose members are
 * smaller than the whole with _Alignas(sizeof(T)), or define
 * RWONCE_CHECK_ALIGNMENT to have the compiler insist on it).
 *
 * 64-bit objects on 32-bit targets cannot be loaded with one plain
 * instruction.  There they do not compile unless you choose:
 *   RWONCE_ATOMIC64        one single-copy-atomic access via __atomic
 *                          (cmpxchg8b/fild on i386, ldrexd on ARM; may
 *                          need -latomic on some targets)
 *   RWONCE_ALLOW_TEARING   two 32-bit accesses, lower address first
 *
 * Backends: volatile scalar accesses (default), or relaxed __atomic
 * builtins (RWONCE_BACKEND_ATOMIC, chosen automatically under
 * ThreadSanitizer so that TSan sees marked accesses as atomic).
 * RWONCE_BACKEND_VOLATILE forces the default even under TSan.
 *
 * Every rejection is a _Static_assert (static_assert in C++) or a type
 * error, so it fires at every optimisation level; none depends on dead-code
 * elimination or the linker.
 *
 * Works as C (GCC, Clang, TCC; gnu99 through C23) and as C++11 or later.
 */
#ifndef RWONCE_H
#define RWONCE_H

#define RWONCE_VERSION_MAJOR 0
#define RWONCE_VERSION_MINOR 1
#define RWONCE_VERSION_PATCH 0

/* ---- Configuration ------------------------------------------------- */

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define RWONCE__TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) && !defined(RWONCE__TSAN)
#define RWONCE__TSAN 1
#endif

#if !defined(RWONCE_BACKEND_ATOMIC) && !defined(RWONCE_BACKEND_VOLATILE) &&   \
	defined(RWONCE__TSAN)
#define RWONCE_BACKEND_ATOMIC 1
#endif

#if defined(RWONCE_BACKEND_ATOMIC) && defined(RWONCE_BACKEND_VOLATILE)
#error "rwonce.h: define at most one of RWONCE_BACKEND_ATOMIC and RWONCE_BACKEND_VOLATILE"
#endif

#if defined(RWONCE_BACKEND_ATOMIC) && defined(__TINYC__)
#error "rwonce.h: RWONCE_BACKEND_ATOMIC needs the __atomic builtins, which tcc does not have"
#endif

#if !defined(__GNUC__) && !defined(__TINYC__)
#error "rwonce.h needs GNU C extensions (GCC, Clang or TCC)"
#endif

/* Can one plain instruction load or store 8 bytes here? */
#if defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ >= 8
#define RWONCE__NATIVE64 1
#elif defined(__x86_64__) || defined(__aarch64__) || defined(__mips64) ||     \
	defined(__powerpc64__) || defined(__s390x__) ||                       \
	(defined(__riscv_xlen) && __riscv_xlen == 64)
#define RWONCE__NATIVE64 1 /* ILP32 ABIs on 64-bit hardware (x32, n32) */
#else
#define RWONCE__NATIVE64 0
#endif

#if defined(RWONCE_ATOMIC64) && defined(__TINYC__) && !RWONCE__NATIVE64
#error "rwonce.h: RWONCE_ATOMIC64 needs the __atomic builtins, which tcc does not have"
#endif

#if defined(RWONCE_ATOMIC64) || defined(RWONCE_ALLOW_TEARING) || RWONCE__NATIVE64
#define RWONCE__WIDE_OK 1
#else
#define RWONCE__WIDE_OK 0
#endif
/* ACCESS_ONCE is a plain volatile lvalue: no atomic path is possible. */
#if defined(RWONCE_ALLOW_TEARING) || RWONCE__NATIVE64
#define RWONCE__WIDE_LVALUE_OK 1
#else
#define RWONCE__WIDE_LVALUE_OK 0
#endif

#define RWONCE__MSG_WIDE(who)                                                 \
	who ": 8-byte object on a 32-bit target would be torn into two "      \
	    "accesses; define RWONCE_ATOMIC64 for one single-copy-atomic "    \
	    "access or RWONCE_ALLOW_TEARING to accept two 4-byte accesses"
#define RWONCE__MSG_WIDE_LVALUE                                               \
	"ACCESS_ONCE: 8-byte object on a 32-bit target would be torn into "   \
	"two accesses; use READ_ONCE/WRITE_ONCE with RWONCE_ATOMIC64, or "    \
	"define RWONCE_ALLOW_TEARING to accept two 4-byte accesses"
#define RWONCE__MSG_SIZE(who)                                                 \
	who ": object size is not 1, 2, 4 or 8 bytes; a single access "       \
	    "needs one of those sizes"
#define RWONCE__MSG_ARRAY(who)                                                \
	who ": operand is an array; access one element"
#define RWONCE__MSG_ALIGN(who)                                                \
	who ": object is aligned below its size (RWONCE_CHECK_ALIGNMENT); "   \
	    "declare it with _Alignas(sizeof(object))"

/* ---- C++ ----------------------------------------------------------- */
#ifdef __cplusplus

#include <cstring>
#include <type_traits>

/* C++ casts only: projects build with -Wold-style-cast (t0400). */
namespace rwonce_detail {

/* Only 1, 2, 4 and 8 have a scalar; any other size names itself in the
 * "incomplete type 'uint_of_size<12>'" error. */
template <unsigned long N> struct uint_of_size;
template <> struct uint_of_size<1> { typedef unsigned char __attribute__((__may_alias__)) type; };
template <> struct uint_of_size<2> { typedef unsigned short __attribute__((__may_alias__)) type; };
template <> struct uint_of_size<4> { typedef unsigned int __attribute__((__may_alias__)) type; };
template <> struct uint_of_size<8> { typedef unsigned long long __attribute__((__may_alias__)) type; };
/* For RWONCE_ATOMIC64: i386 aligns long long to 4, and Clang turns a
 * 4-aligned 8-byte __atomic access into a libatomic call (with a
 * -Watomic-alignment warning).  Attributes do not survive template
 * argument deduction, so the atomic path casts to this explicitly. */
typedef unsigned long long __attribute__((__may_alias__, __aligned__(8))) u64_aligned;

template <typename T, unsigned long N = sizeof(T)> struct check_object {
	static_assert(!std::is_array<T>::value, RWONCE__MSG_ARRAY("READ_ONCE/WRITE_ONCE"));
	static_assert(N == 1 || N == 2 || N == 4 || N == 8,
		      RWONCE__MSG_SIZE("READ_ONCE/WRITE_ONCE"));
	static_assert(N != 8 || RWONCE__WIDE_OK, RWONCE__MSG_WIDE("READ_ONCE/WRITE_ONCE"));
	static_assert(std::is_trivially_copyable<T>::value,
		      "READ_ONCE/WRITE_ONCE: object must be trivially copyable");
#ifdef RWONCE_CHECK_ALIGNMENT
	static_assert(alignof(T) >= N, RWONCE__MSG_ALIGN("READ_ONCE/WRITE_ONCE"));
#endif
	typedef typename uint_of_size<N>::type uint;
};

/*
 * The size N, not the scalar type, is the template parameter, and the
 * pointer is cast inside: GCC drops attributes (may_alias) from a deduced
 * template argument, and g++ -O2 then moved a plain store of a pointer
 * after its READ_ONCE (strict aliasing; tests/library/values.c).
 */
/* (The 8-byte branches cast from vp, not p: they are compiled, never taken,
 * for smaller N too, where a cast from p trips -Wcast-align=strict.) */
template <unsigned long N>
inline typename uint_of_size<N>::type load(const volatile void *vp)
{
	typedef typename uint_of_size<N>::type U;
	const volatile U *p = static_cast<const volatile U *>(vp);
#if defined(RWONCE_BACKEND_ATOMIC)
	return __atomic_load_n(p, __ATOMIC_RELAXED);
#else
#if !RWONCE__NATIVE64 && !defined(RWONCE_ATOMIC64)
	if (sizeof(U) == 8) { /* RWONCE_ALLOW_TEARING: lower address first */
		typedef typename uint_of_size<4>::type U32;
		const volatile U32 *h = static_cast<const volatile U32 *>(vp);
		unsigned int w[2];
		U v;
		w[0] = h[0];
		w[1] = h[1];
		std::memcpy(&v, w, sizeof(v));
		return v;
	}
#elif !RWONCE__NATIVE64
	if (sizeof(U) == 8)
		return static_cast<U>(__atomic_load_n(
			static_cast<const volatile u64_aligned *>(vp), __ATOMIC_RELAXED));
#endif
	return *p;
#endif
}

template <unsigned long N>
inline void store(volatile void *vp, typename uint_of_size<N>::type v)
{
	typedef typename uint_of_size<N>::type U;
	volatile U *p = static_cast<volatile U *>(vp);
#if defined(RWONCE_BACKEND_ATOMIC)
	__atomic_store_n(p, v, __ATOMIC_RELAXED);
#else
#if !RWONCE__NATIVE64 && !defined(RWONCE_ATOMIC64)
	if (sizeof(U) == 8) {
		typedef typename uint_of_size<4>::type U32;
		volatile U32 *h = static_cast<volatile U32 *>(vp);
		unsigned int w[2];
		std::memcpy(w, &v, sizeof(v));
		h[0] = w[0];
		h[1] = w[1];
		return;
	}
#elif !RWONCE__NATIVE64
	if (sizeof(U) == 8) {
		__atomic_store_n(static_cast<volatile u64_aligned *>(vp),
				 static_cast<u64_aligned>(v), __ATOMIC_RELAXED);
		return;
	}
#endif
	*p = v;
#endif
}

/* An array cannot be returned: a plain remove_cv<T> return type would
 * drop read() from overload resolution ("no matching function"), before
 * check_object could say why. */
template <typename T, bool = std::is_array<T>::value> struct read_result {
	typedef typename std::remove_cv<T>::type type;
};
template <typename T> struct read_result<T, true> { typedef void type; };

template <typename T>
inline typename read_result<T>::type read(const volatile T &x)
{
	typedef typename check_object<T>::uint U;
	typename std::remove_cv<T>::type r;
	U v = load<sizeof(U)>(&x);
	std::memcpy(static_cast<void *>(&r), &v, sizeof(r));
	return r;
}

/*
 * v has the (unqualified) type of x and is not deduced: the call converts
 * it as an assignment would, so WRITE_ONCE(p, NULL), WRITE_ONCE(p, 0) and
 * WRITE_ONCE(void_ptr, char_array) compile as in C.  (A deduced V would
 * make NULL a plain long, which no longer converts to a pointer.)
 */
template <typename T> struct value_of {
	typedef typename std::remove_cv<T>::type type;
};

template <typename T> inline void write(T &x, typename value_of<T>::type v)
{
	static_assert(!std::is_const<T>::value, "WRITE_ONCE: the target is const");
	typedef typename check_object<typename std::remove_cv<T>::type>::uint U;
	U u;
	std::memcpy(&u, static_cast<const void *>(&v), sizeof(u));
	store<sizeof(U)>(&x, u);
}

template <typename T> inline volatile T *access(T &x)
{
	static_assert(std::is_scalar<T>::value,
		      "ACCESS_ONCE: operand must be a scalar (integer, enum, floating "
		      "or pointer); use READ_ONCE/WRITE_ONCE for structs and unions");
	static_assert(sizeof(T) != 8 || RWONCE__WIDE_LVALUE_OK, RWONCE__MSG_WIDE_LVALUE);
	return &x;
}

} /* namespace rwonce_detail */

#define RWONCE_READ(x) (::rwonce_detail::read(x))
#define RWONCE_WRITE(x, v) (::rwonce_detail::write((x), (v)))
#define RWONCE_ACCESS(x) (*::rwonce_detail::access(x))
#define RWONCE_BARRIER() __asm__ __volatile__("" ::: "memory")

/* ---- C ------------------------------------------------------------- */
#else /* !__cplusplus */

/*
 * _Static_assert, protected from glibc's <sys/cdefs.h>, which redefines it
 * as a macro (losing the message) for compilers it does not know to have
 * it, such as TCC outside -std=c11: a function-like macro name not
 * directly followed by '(' is not expanded.
 */
#define RWONCE__NOTHING
#define RWONCE__STATIC_ASSERT _Static_assert RWONCE__NOTHING

/*
 * Helpers that take no arguments are object-like where they can be: each
 * function-like macro call costs the preprocessor argument collection and a
 * rescan, and a translation unit may hold thousands of uses (measured by
 * bench/lib-expansion.sh).
 */

#if defined(__GNUC__) || defined(__TINYC__)
#define RWONCE__TYPEOF __typeof__
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 202311L
#define RWONCE__TYPEOF typeof
#endif

/*
 * The pointer to the object: x is expanded once with __auto_type (GCC,
 * Clang), twice where only typeof exists (TCC), and never evaluated twice.
 */
#if (defined(__GNUC__) && !defined(__TINYC__)) &&                             \
	(defined(__clang__) || __GNUC__ > 4 || (__GNUC__ == 4 && __GNUC_MINOR__ >= 9))
#define RWONCE__DECLARE_PTR(p, x) __auto_type p = &(x)
#else
#define RWONCE__DECLARE_PTR(p, x) RWONCE__TYPEOF(x) *p = &(x)
#endif

#if defined(__TINYC__)
#define RWONCE__MAY_ALIAS /* tcc does no type-based alias analysis */
#else
#define RWONCE__MAY_ALIAS __attribute__((__may_alias__))
#endif

/* The scalars that carry an access: may_alias because the object is
 * usually of another type (a struct, a float). */
typedef unsigned char RWONCE__MAY_ALIAS rwonce_u8;
typedef unsigned short RWONCE__MAY_ALIAS rwonce_u16;
typedef unsigned int RWONCE__MAY_ALIAS rwonce_u32;
/* aligned(8): i386 aligns long long to 4, and Clang turns a 4-aligned
 * 8-byte __atomic access (RWONCE_ATOMIC64) into a libatomic call, with a
 * -Watomic-alignment warning.  The objects are 8-aligned anyway. */
typedef unsigned long long RWONCE__MAY_ALIAS __attribute__((__aligned__(8))) rwonce_u64;
/*
 * The size rule is stated by the type a wrong size fails on, so that one
 * error names the macro, the rule and the size on every compiler:
 * "struct READ_ONCE_needs_1_2_4_or_8_bytes (*)[12]".  (A
 * separate _Static_assert would say it again and cost compile time.)
 */
struct READ_ONCE_needs_1_2_4_or_8_bytes { unsigned char byte; };
struct WRITE_ONCE_needs_1_2_4_or_8_bytes { unsigned char byte; };
/* The accepted pointer-to-array types under short names: they are spelled
 * in every expansion, and nested uses preprocess to that many more bytes. */
typedef struct READ_ONCE_needs_1_2_4_or_8_bytes (*rwonce__r1)[1];
typedef struct READ_ONCE_needs_1_2_4_or_8_bytes (*rwonce__r2)[2];
typedef struct READ_ONCE_needs_1_2_4_or_8_bytes (*rwonce__r4)[4];
typedef struct READ_ONCE_needs_1_2_4_or_8_bytes (*rwonce__r8)[8];
typedef struct WRITE_ONCE_needs_1_2_4_or_8_bytes (*rwonce__w1)[1];
typedef struct WRITE_ONCE_needs_1_2_4_or_8_bytes (*rwonce__w2)[2];
typedef struct WRITE_ONCE_needs_1_2_4_or_8_bytes (*rwonce__w4)[4];
typedef struct WRITE_ONCE_needs_1_2_4_or_8_bytes (*rwonce__w8)[8];

/* The unsigned scalar of the same size as object o; any other size is a
 * _Generic error naming the size. */
#define RWONCE__UINT(o, tag, k)                                               \
	RWONCE__TYPEOF(_Generic((struct tag (*)[sizeof(o)])0,                 \
		rwonce__##k##1: (rwonce_u8)0, rwonce__##k##2: (rwonce_u16)0,  \
		rwonce__##k##4: (rwonce_u32)0, rwonce__##k##8: (rwonce_u64)0))

/*
 * The unqualified type of object o.  GCC and Clang drop qualifiers from the
 * type of a comma expression (an rvalue, and never promoted).  TCC keeps
 * them there, so it gets a _Generic (whose controlling expression is
 * unqualified) listing the arithmetic types and ?: for the rest (pointers,
 * structs, unions), where ?: drops qualifiers without promoting.
 */
#if defined(__TINYC__)
#define RWONCE__UNQUAL(o)                                                     \
	RWONCE__TYPEOF(_Generic((o), _Bool: (_Bool)0, char: (char)0,          \
		signed char: (signed char)0, unsigned char: (unsigned char)0, \
		short: (short)0, unsigned short: (unsigned short)0,           \
		int: 0, unsigned int: 0u, long: 0l, unsigned long: 0ul,       \
		long long: 0ll, unsigned long long: 0ull, float: 0.0f,        \
		double: 0.0, long double: 0.0l, default: 0 ? (o) : (o)))
#else
#define RWONCE__UNQUAL(o) RWONCE__TYPEOF(((void)0, (o)))
#endif

/*
 * Is object o an array?  Its type then differs from the type it decays to.
 * The comma operator decays an array without promoting a small integer
 * (GCC, Clang).  TCC's comma does not decay, so there ?: does, and the
 * arithmetic types, which ?: would promote, are answered first.
 */
#if defined(__TINYC__)
#define RWONCE__IS_ARRAY(o)                                                   \
	_Generic(0 ? (o) : (o), _Bool: 0, char: 0, signed char: 0,            \
		unsigned char: 0, short: 0, unsigned short: 0, int: 0,        \
		unsigned int: 0, long: 0, unsigned long: 0, long long: 0,     \
		unsigned long long: 0, float: 0, double: 0, long double: 0,   \
		default: !__builtin_types_compatible_p(RWONCE__TYPEOF(o),     \
			RWONCE__TYPEOF(0 ? (o) : (o))))
#else
#define RWONCE__IS_ARRAY(o)                                                   \
	(!__builtin_types_compatible_p(RWONCE__TYPEOF(o),                     \
				       RWONCE__TYPEOF(((void)0, (o)))))
#endif

/* Is p a pointer to const?  T * meets void * (not a null pointer constant)
 * in ?: as qualified-void *. */
#define RWONCE__IS_CONST_PTR(p)                                               \
	_Generic(1 ? (p) : (void *)1, const void *: 1,                        \
		 const volatile void *: 1, default: 0)

#ifdef RWONCE_CHECK_ALIGNMENT
#define RWONCE__CHECK_ALIGN(o, who)                                           \
	RWONCE__STATIC_ASSERT(_Alignof(RWONCE__TYPEOF(o)) >= sizeof(o),       \
		       RWONCE__MSG_ALIGN(who));
#else
#define RWONCE__CHECK_ALIGN(o, who)
#endif

#if defined(__TINYC__) /* TCC stops at its first error: show the size first */
#define RWONCE__CHECK_SIZE_FIRST(o, tag, k) (void)(RWONCE__UINT(o, tag, k))0;
#else
#define RWONCE__CHECK_SIZE_FIRST(o, tag, k)
#endif

/*
 * Bit-fields: GCC and Clang refuse &x.  TCC 0.9.27 takes it (the address of
 * the containing word), but its typeof keeps the bit-field width, so a
 * member of that type packs into the unit of a preceding 1-bit field, at
 * offset 0; any other type starts at offset 1 or later.  (A bit-field as
 * wide as its type, e.g. int x : 32, still passes: it is its own word.)
 */
#if defined(__TINYC__)
#define RWONCE__CHECK_NOT_BITFIELD(o, who)                                    \
	RWONCE__STATIC_ASSERT(__builtin_offsetof(struct {                     \
		unsigned char rwonce__a : 1;                                  \
		RWONCE__TYPEOF(o) rwonce__b; }, rwonce__b) != 0,              \
		who ": operand is a bit-field, which has no address of its "  \
		"own; access the whole word (or the union around it)");
#else
#define RWONCE__CHECK_NOT_BITFIELD(o, who)
#endif

/* 8 bytes can only tear on 32-bit targets: elsewhere nothing to check. */
#if RWONCE__NATIVE64
#define RWONCE__CHECK_WIDE(o, who)
#else
#define RWONCE__CHECK_WIDE(o, who)                                            \
	RWONCE__STATIC_ASSERT(sizeof(o) != 8 || RWONCE__WIDE_OK,              \
			      RWONCE__MSG_WIDE(who));
#endif

#if defined(__TINYC__) || !RWONCE__NATIVE64 || defined(RWONCE_CHECK_ALIGNMENT)
#define RWONCE__CHECK_OBJECT(o, who, tag, k)                                  \
	RWONCE__CHECK_SIZE_FIRST(o, tag, k)                                   \
	RWONCE__STATIC_ASSERT(!RWONCE__IS_ARRAY(o), RWONCE__MSG_ARRAY(who));  \
	RWONCE__CHECK_NOT_BITFIELD(o, who)                                    \
	RWONCE__CHECK_WIDE(o, who)                                            \
	RWONCE__CHECK_ALIGN(o, who)
#else
/* GCC or Clang on a 64-bit target: the size rule is RWONCE__UINT's and the
 * other checks are empty, so call only the one left (fewer macro calls). */
#define RWONCE__CHECK_OBJECT(o, who, tag, k)                                  \
	RWONCE__STATIC_ASSERT(!RWONCE__IS_ARRAY(o), RWONCE__MSG_ARRAY(who));
#endif

/*
 * The single access itself, on a pointer p to a scalar type U.  One
 * volatile access, or one relaxed atomic access; 8 bytes on a 32-bit target
 * take the path the user opted into.
 */
#if defined(RWONCE_BACKEND_ATOMIC)
#define RWONCE__LOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define RWONCE__STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#elif RWONCE__NATIVE64
#define RWONCE__LOAD(p) (*(p))
#define RWONCE__STORE(p, v) (*(p) = (v))
#elif defined(RWONCE_ATOMIC64)
#define RWONCE__LOAD(p)                                                       \
	(sizeof(*(p)) == 8 ? __atomic_load_n((p), __ATOMIC_RELAXED) : *(p))
#define RWONCE__STORE(p, v)                                                   \
	(sizeof(*(p)) == 8 ? __atomic_store_n((p), (v), __ATOMIC_RELAXED)     \
			   : (void)(*(p) = (v)))
#else /* 32-bit target; 8 bytes only with RWONCE_ALLOW_TEARING */
/* (The casts to rwonce_u64 go through void *: the 8-byte branch is also
 * compiled, never taken, for smaller objects, and a direct cast there
 * trips -Wcast-align=strict.) */
static __inline__ rwonce_u64 rwonce__load_torn(const volatile rwonce_u64 *p)
{
	const volatile rwonce_u32 *h = (const volatile rwonce_u32 *)p;
	union { rwonce_u32 w[2]; rwonce_u64 d; } u;

	u.w[0] = h[0];
	u.w[1] = h[1];
	return u.d;
}
static __inline__ void rwonce__store_torn(volatile rwonce_u64 *p, rwonce_u64 v)
{
	volatile rwonce_u32 *h = (volatile rwonce_u32 *)p;
	union { rwonce_u32 w[2]; rwonce_u64 d; } u;

	u.d = v;
	h[0] = u.w[0];
	h[1] = u.w[1];
}
#define RWONCE__LOAD(p)                                                       \
	(sizeof(*(p)) == 8                                                    \
		 ? (RWONCE__TYPEOF(*(p)))rwonce__load_torn(                   \
			   (const volatile rwonce_u64 *)                      \
			   (const volatile void *)(p))                        \
		 : *(p))
#define RWONCE__STORE(p, v)                                                   \
	(sizeof(*(p)) == 8                                                    \
		 ? rwonce__store_torn((volatile rwonce_u64 *)                 \
				      (volatile void *)(p),                   \
				      (rwonce_u64)(v))                        \
		 : (void)(*(p) = (v)))
#endif

/*
 * Each expansion names its locals uniquely (__COUNTER__), so that nested
 * uses such as READ_ONCE(READ_ONCE(p)->next) do not shadow one another
 * (-Wshadow) and cannot capture a user's variable.  The _N step expands
 * __COUNTER__ to a number before the body pastes it (## takes its operand
 * unexpanded).
 */
#define RWONCE__CAT_(a, b) a##b
#define RWONCE__CAT(a, b) RWONCE__CAT_(a, b)
#define RWONCE__READ_N(x, n) RWONCE__READ_(x, n)
#define RWONCE__WRITE_N(x, val, n) RWONCE__WRITE_(x, val, n)

#define RWONCE__READ_(x, n) __extension__({                                   \
	RWONCE__DECLARE_PTR(rwonce__p##n, x);                                 \
	RWONCE__CHECK_OBJECT(*rwonce__p##n, "READ_ONCE",                      \
			     READ_ONCE_needs_1_2_4_or_8_bytes, r)             \
	union {                                                               \
		RWONCE__UINT(*rwonce__p##n,                                   \
			     READ_ONCE_needs_1_2_4_or_8_bytes, r) s;          \
		RWONCE__UNQUAL(*rwonce__p##n) v;                              \
	} rwonce__u##n;                                                       \
	rwonce__u##n.s = RWONCE__LOAD(                                        \
		(const volatile RWONCE__TYPEOF(rwonce__u##n.s) *)rwonce__p##n); \
	rwonce__u##n.v;                                                       \
})

#define RWONCE__WRITE_(x, val, n) __extension__({                             \
	RWONCE__DECLARE_PTR(rwonce__p##n, x);                                 \
	RWONCE__CHECK_OBJECT(*rwonce__p##n, "WRITE_ONCE",                     \
			     WRITE_ONCE_needs_1_2_4_or_8_bytes, w)            \
	RWONCE__STATIC_ASSERT(!RWONCE__IS_CONST_PTR(rwonce__p##n),            \
			      "WRITE_ONCE: the target is const");             \
	union {                                                               \
		RWONCE__UINT(*rwonce__p##n,                                   \
			     WRITE_ONCE_needs_1_2_4_or_8_bytes, w) s;         \
		RWONCE__UNQUAL(*rwonce__p##n) v;                              \
	} rwonce__u##n;                                                       \
	rwonce__u##n.v = (val);                                               \
	RWONCE__STORE((volatile RWONCE__TYPEOF(rwonce__u##n.s) *)rwonce__p##n, \
		      rwonce__u##n.s);                                        \
	(void)0;                                                              \
})

/*
 * ACCESS_ONCE: scalars only.  GCC and Clang classify the type; TCC has no
 * __builtin_classify_type, so there a non-scalar fails to convert to a
 * pointer type whose name states the rule.
 */
#if defined(__TINYC__)
struct ACCESS_ONCE_requires_a_scalar_operand;
#define RWONCE__CHECK_SCALAR(o)                                               \
	(void)_Generic((o), _Bool: 0, char: 0, signed char: 0,                \
		unsigned char: 0, short: 0, unsigned short: 0, int: 0,        \
		unsigned int: 0, long: 0, unsigned long: 0, long long: 0,     \
		unsigned long long: 0, float: 0, double: 0, long double: 0,   \
		default: (struct ACCESS_ONCE_requires_a_scalar_operand *)(o));
#else
/* 12: record, 13: union (GCC's type classes, which Clang shares). */
#define RWONCE__CHECK_SCALAR(o)                                               \
	RWONCE__STATIC_ASSERT(__builtin_classify_type(o) != 12 &&             \
			       __builtin_classify_type(o) != 13,              \
		       "ACCESS_ONCE: operand must be a scalar (integer, enum, " \
		       "floating or pointer); use READ_ONCE/WRITE_ONCE for "  \
		       "structs and unions");
#endif

#define RWONCE__ACCESS_PTR(x) RWONCE__ACCESS_PTR_(x, RWONCE__CAT(rwonce__p, __COUNTER__))
#define RWONCE__ACCESS_PTR_(x, rwonce__p) __extension__({                     \
	RWONCE__DECLARE_PTR(rwonce__p, x);                                    \
	RWONCE__STATIC_ASSERT(!RWONCE__IS_ARRAY(*rwonce__p),                  \
		       "ACCESS_ONCE: operand is an array, not a scalar; "     \
		       "access one element");                                 \
	RWONCE__CHECK_NOT_BITFIELD(*rwonce__p, "ACCESS_ONCE")                 \
	RWONCE__CHECK_SCALAR(*rwonce__p)                                      \
	RWONCE__STATIC_ASSERT(sizeof(*rwonce__p) != 8 || RWONCE__WIDE_LVALUE_OK, \
		       RWONCE__MSG_WIDE_LVALUE);                              \
	/* Converted, not cast: GCC's -Wcast-qual warns on a cast that adds  \
	 * volatile under a pointer-typed object ("int **" to               \
	 * "int * volatile *"); the implicit conversion is the same. */      \
	volatile RWONCE__TYPEOF(*rwonce__p) *RWONCE__CAT(rwonce__p, _v) =    \
		rwonce__p;                                                    \
	RWONCE__CAT(rwonce__p, _v);                                           \
})

#define RWONCE_READ(x) RWONCE__READ_N(x, __COUNTER__)
#define RWONCE_WRITE(x, v) RWONCE__WRITE_N(x, v, __COUNTER__)
#define RWONCE_ACCESS(x) (*RWONCE__ACCESS_PTR(x))
#define RWONCE_BARRIER() __asm__ __volatile__("" ::: "memory")

#endif /* !__cplusplus */

/* ASSIGN_ONCE(value, target): the 2014 argument order, value first. */
#define RWONCE_ASSIGN(v, x) RWONCE_WRITE(x, v)

/* ---- Short names --------------------------------------------------- */
#ifndef RWONCE_NO_SHORT_NAMES
#if defined(READ_ONCE) || defined(WRITE_ONCE) || defined(ACCESS_ONCE) ||      \
	defined(ASSIGN_ONCE) || defined(barrier)
#error "rwonce.h: READ_ONCE, WRITE_ONCE, ACCESS_ONCE, ASSIGN_ONCE or barrier is already defined; define RWONCE_NO_SHORT_NAMES before including rwonce.h and use the RWONCE_ names"
#endif
#define READ_ONCE(x) RWONCE_READ(x)
#define WRITE_ONCE(x, v) RWONCE_WRITE(x, v)
#define ASSIGN_ONCE(v, x) RWONCE_ASSIGN(v, x)
#define ACCESS_ONCE(x) RWONCE_ACCESS(x)
#define barrier() RWONCE_BARRIER()
#endif

#endif /* RWONCE_H */
