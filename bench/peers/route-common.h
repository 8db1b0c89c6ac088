/*
 * Shared by the route sketches (route-*.h) of bench/lib-routes.sh: the
 * pieces each way of writing READ_ONCE needs.  Sketches, READ_ONCE only,
 * for GCC and Clang on a 64-bit target: enough to measure what a route
 * costs, not a second library.
 */
#ifndef ROUTE_COMMON_H
#define ROUTE_COMMON_H
typedef unsigned char __attribute__((__may_alias__)) route_u8;
typedef unsigned short __attribute__((__may_alias__)) route_u16;
typedef unsigned int __attribute__((__may_alias__)) route_u32;
typedef unsigned long long __attribute__((__may_alias__)) route_u64;
/* The size error names this struct; the short typedef is shown with an
 * "aka" naming the struct by GCC and Clang alike. */
struct READ_ONCE_needs_1_2_4_or_8_bytes { unsigned char byte; };
typedef struct READ_ONCE_needs_1_2_4_or_8_bytes route_R;
typedef route_R (*route_r1)[1];
typedef route_R (*route_r2)[2];
typedef route_R (*route_r4)[4];
typedef route_R (*route_r8)[8];
#define ROUTE_SIZE_SEL(o) (route_R (*)[sizeof(o)])0
#define ROUTE_UINT(o) __typeof__(_Generic(ROUTE_SIZE_SEL(o), route_r1: (route_u8)0, \
	route_r2: (route_u16)0, route_r4: (route_u32)0, route_r8: (route_u64)0))
#define ROUTE_ARRAY_CHECK(p) _Static_assert(__builtin_types_compatible_p(  \
	__typeof__(*p), __typeof__(((void)0, *p))),                          \
	"READ_ONCE: operand is an array; access one element");
/* Loads per width, copying into d (for the routes on functions). */
#define ROUTE_LD(w) static __inline__ __attribute__((__always_inline__)) void * \
	route_ld##w(void *d, const volatile void *s)                          \
	{ *(route_u##w *)d = *(const volatile route_u##w *)s; return d; }
ROUTE_LD(8) ROUTE_LD(16) ROUTE_LD(32) ROUTE_LD(64)
#define ROUTE_LD_OF(o) _Generic(ROUTE_SIZE_SEL(o), route_r1: route_ld8,        \
	route_r2: route_ld16, route_r4: route_ld32, route_r8: route_ld64)
/* integer, enum, bool, pointer: one volatile access of the type itself */
#define ROUTE_IS_PLAIN(o) ((unsigned)__builtin_classify_type(o) - 1 < 5)
#define PEER_SHARED(T) T
#endif
