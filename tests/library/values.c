/*
 * Compile-pass and value checks for include/rwonce.h.
 *
 * One source for both languages: values.cpp is a single #include of this
 * file (liburcu's test_build_cxx trick), so C and C++ check the same
 * things.  tests/t0200-values.t builds it with every compiler, standard
 * and optimisation level, -Wall -Wextra -Werror (and -pedantic outside the
 * GNU dialects), and runs it.  Every failed check prints its line; the
 * exit status is 1 if any failed.
 *
 * Configurations the .t script selects with -D:
 *   RWONCE_NO_SHORT_NAMES   the short names must not exist; this file then
 *                           defines them itself from the RWONCE_ ones, as a
 *                           project with its own READ_ONCE would
 *   RWONCE_BACKEND_ATOMIC   the relaxed __atomic backend
 *   RWONCE_ALLOW_TEARING, RWONCE_ATOMIC64 with -m32
 *   RWONCE_CHECK_ALIGNMENT  every object below is naturally aligned
 */
#include "rwonce.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef __cplusplus
#include <type_traits>
#endif

/* ---- names ---------------------------------------------------------- */

#if !defined(RWONCE_READ) || !defined(RWONCE_WRITE) ||                        \
	!defined(RWONCE_ASSIGN) || !defined(RWONCE_ACCESS) ||                 \
	!defined(RWONCE_BARRIER)
#error "a namespaced RWONCE_ name is missing"
#endif

#ifdef RWONCE_NO_SHORT_NAMES
#if defined(READ_ONCE) || defined(WRITE_ONCE) || defined(ASSIGN_ONCE) ||      \
	defined(ACCESS_ONCE) || defined(barrier)
#error "RWONCE_NO_SHORT_NAMES still defined a short name"
#endif
#define READ_ONCE(x) RWONCE_READ(x)
#define WRITE_ONCE(x, v) RWONCE_WRITE(x, v)
#define ASSIGN_ONCE(v, x) RWONCE_ASSIGN(v, x)
#define ACCESS_ONCE(x) RWONCE_ACCESS(x)
#define barrier() RWONCE_BARRIER()
#elif !defined(READ_ONCE) || !defined(WRITE_ONCE) || !defined(ASSIGN_ONCE) || \
	!defined(ACCESS_ONCE) || !defined(barrier)
#error "a short name is missing"
#endif

/* ---- configuration of this build ------------------------------------ */

/* Can ACCESS_ONCE take an 8-byte object here?  Only natively, or when
 * tearing was accepted: RWONCE_ATOMIC64 cannot help a plain lvalue. */
#if __SIZEOF_POINTER__ >= 8 || defined(RWONCE_ALLOW_TEARING)
#define WIDE_LVALUE_OK 1
#else
#define WIDE_LVALUE_OK 0
#endif

/* C++20 deprecates ++, --, and compound assignment on volatile lvalues
 * (P1152), and ACCESS_ONCE is one, so -Werror rejects ACCESS_ONCE(x)++
 * there; spell it ACCESS_ONCE(x) = ACCESS_ONCE(x) + 1 instead. */
#if defined(__cplusplus) && __cplusplus > 201703L
#define VOLATILE_INCREMENT_OK 0
#else
#define VOLATILE_INCREMENT_OK 1
#endif

/* ---- checking ------------------------------------------------------- */

static int checks, failures;

static void check(int ok, const char *what, int line)
{
	checks++;
	if (!ok) {
		failures++;
		printf("values.c:%d: check failed: %s\n", line, what);
	}
}
#define CHECK(cond) check((cond) ? 1 : 0, #cond, __LINE__)

/*
 * TYPE_IS(e, T): is the type of expression e exactly T, qualifiers
 * included?  In C a pointer to the typeof keeps the qualifiers that
 * _Generic's lvalue conversion would strip from e itself.
 */
#ifdef __cplusplus
#define TYPE_IS(e, T) (std::is_same<decltype(e), T>::value)
/* ACCESS_ONCE is an lvalue: decltype names a reference. */
#define LVALUE_TYPE_IS(e, T) (std::is_same<decltype(e), T &>::value)
typedef bool bool_t;
#else
#define TYPE_IS(e, T) _Generic((__typeof__(e) *)0, T *: 1, default: 0)
#define LVALUE_TYPE_IS(e, T) TYPE_IS(e, T)
typedef _Bool bool_t;
#endif

/* ---- scalars -------------------------------------------------------- */

/* Pointer types as typedefs, so that "const T" qualifies the pointer. */
typedef int *int_ptr;
typedef const char *cchar_ptr;
typedef void *void_ptr;
typedef const volatile int *cvint_ptr;
typedef int (*func_ptr)(int);
typedef struct node *node_ptr;
typedef struct opaque *opaque_ptr; /* never defined */
enum color { RED, GREEN = 7, BLUE = 200 };
typedef enum color color_t;
typedef unsigned char uchar;
typedef signed char schar;
typedef unsigned short ushort;
typedef unsigned long ulong;
typedef long long llong;
typedef unsigned long long ullong;

static int add1(int x) { return x + 1; }
static int twice(int x) { return 2 * x; }
static int some_int;
static const volatile int some_cv_int = 5;

/*
 * READ_ONCE, WRITE_ONCE and ASSIGN_ONCE on a T, a const T, a volatile T
 * and a const volatile T: the value, and the result type, which is the
 * unqualified T for every one of them.
 */
#define CHECK_RW(T, v1, v2)                                                   \
	do {                                                                  \
		T obj = v1;                                                   \
		const T cobj = v1;                                            \
		volatile T vobj = v1;                                         \
		const volatile T cvobj = v1;                                  \
		CHECK(TYPE_IS(READ_ONCE(obj), T));                            \
		CHECK(TYPE_IS(READ_ONCE(cobj), T));                           \
		CHECK(TYPE_IS(READ_ONCE(vobj), T));                           \
		CHECK(TYPE_IS(READ_ONCE(cvobj), T));                          \
		CHECK(sizeof(READ_ONCE(obj)) == sizeof(T));                   \
		CHECK(READ_ONCE(obj) == (v1));                                \
		CHECK(READ_ONCE(cobj) == (v1));                               \
		CHECK(READ_ONCE(vobj) == (v1));                               \
		CHECK(READ_ONCE(cvobj) == (v1));                              \
		WRITE_ONCE(obj, v2);                                          \
		CHECK(obj == (v2));                                           \
		WRITE_ONCE(vobj, v2);                                         \
		CHECK(vobj == (v2));                                          \
		ASSIGN_ONCE(v1, obj);                                         \
		CHECK(obj == (v1));                                           \
	} while (0)

/* ACCESS_ONCE: a volatile lvalue of type T, on both sides of '='. */
#define CHECK_LVALUE(T, v1, v2)                                               \
	do {                                                                  \
		T obj = v1, other = v2;                                       \
		const T cobj = v2;                                            \
		CHECK(LVALUE_TYPE_IS(ACCESS_ONCE(obj), volatile T));          \
		CHECK(LVALUE_TYPE_IS(ACCESS_ONCE(cobj), const volatile T));   \
		CHECK(ACCESS_ONCE(obj) == (v1));                              \
		CHECK(ACCESS_ONCE(cobj) == (v2));                             \
		ACCESS_ONCE(obj) = ACCESS_ONCE(other);                        \
		CHECK(obj == (v2));                                           \
		ACCESS_ONCE(obj) = v1;                                        \
		CHECK(obj == (v1));                                           \
	} while (0)

#define CHECK_SCALAR(T, v1, v2)                                               \
	do {                                                                  \
		CHECK_RW(T, v1, v2);                                          \
		CHECK_LVALUE(T, v1, v2);                                      \
	} while (0)

/* Types that are 8 bytes on every target: ACCESS_ONCE only where an
 * 8-byte lvalue is allowed. */
#if WIDE_LVALUE_OK
#define CHECK_SCALAR8(T, v1, v2) CHECK_SCALAR(T, v1, v2)
#else
#define CHECK_SCALAR8(T, v1, v2) CHECK_RW(T, v1, v2)
#endif

static void check_scalars(void)
{
	char text[] = "ab";

	CHECK_SCALAR(char, 'a', 'z');
	CHECK_SCALAR(schar, -3, 100);
	CHECK_SCALAR(uchar, 0xfe, 7);
	CHECK_SCALAR(short, -30000, 12);
	CHECK_SCALAR(ushort, 0xfedc, 1);
	CHECK_SCALAR(int, -2000000000, 3);
	CHECK_SCALAR(unsigned, 0xfedcba98u, 3u);
	CHECK_SCALAR(long, -2000000000L, 77L);
	CHECK_SCALAR(ulong, 0xfedcba98UL, 5UL);
	CHECK_SCALAR8(llong, -0x123456789abcdefLL, 1LL);
	CHECK_SCALAR8(ullong, 0xfedcba9876543210ULL, 0x0123456789abcdefULL);
	CHECK_SCALAR(int8_t, -8, 8);
	CHECK_SCALAR(uint8_t, 200, 8);
	CHECK_SCALAR(int16_t, -16, 16);
	CHECK_SCALAR(uint16_t, 60000, 16);
	CHECK_SCALAR(int32_t, -32, 32);
	CHECK_SCALAR(uint32_t, 4000000000u, 32u);
	CHECK_SCALAR8(int64_t, -0x7edcba9876543210LL, 64);
	CHECK_SCALAR8(uint64_t, 0x8000000000000001ULL, 64u);
	CHECK_SCALAR(size_t, 12345u, 6u);
	CHECK_SCALAR(ptrdiff_t, -12345, 6);
	CHECK_SCALAR(wchar_t, L'x', L'y');
	CHECK_SCALAR(color_t, GREEN, BLUE);
	CHECK_SCALAR(bool_t, 1, 0);
	CHECK_SCALAR(float, 1.5f, -2.25f);
	CHECK_SCALAR8(double, 1048576.5, -0.125); /* exact: i386 x87 compares constants in long double */
	CHECK_SCALAR(int_ptr, &some_int, (int_ptr)0);
	CHECK_SCALAR(cchar_ptr, text, text + 1);
	CHECK_SCALAR(void_ptr, text, (void_ptr)&some_int);
	CHECK_SCALAR(cvint_ptr, &some_cv_int, (cvint_ptr)0);
	CHECK_SCALAR(func_ptr, add1, twice);
	CHECK_SCALAR(node_ptr, (node_ptr)0, (node_ptr)0);

	/* Null pointer constants convert as in an assignment (in C++ too). */
	{
		int_ptr p = &some_int;
		WRITE_ONCE(p, NULL);
		CHECK(p == NULL);
		p = &some_int;
		WRITE_ONCE(p, 0);
		CHECK(p == NULL);
		ASSIGN_ONCE(NULL, p);
		CHECK(p == NULL);
	}
	/* A pointer to an incomplete type is a complete pointer object. */
	{
		opaque_ptr op = (opaque_ptr)&some_int;
		CHECK(READ_ONCE(op) == (opaque_ptr)&some_int);
		WRITE_ONCE(op, NULL);
		CHECK(op == NULL);
	}
	/* The function pointer read once is callable as such. */
	{
		func_ptr fp = twice;
		CHECK(READ_ONCE(fp)(21) == 42);
	}
	/* A bool stays a bool: not promoted, and 1 for any non-zero store. */
	{
		bool_t b = 0;
		WRITE_ONCE(b, 5);
		CHECK(b == 1 && READ_ONCE(b) == 1);
	}
#if VOLATILE_INCREMENT_OK
	{
		int n = 1;
		ACCESS_ONCE(n)++;
		ACCESS_ONCE(n) += 2;
		CHECK(n == 4);
	}
#endif
	{
		int n = 1;
		ACCESS_ONCE(n) = ACCESS_ONCE(n) + 1;
		CHECK(n == 2);
	}
}

/* ---- aggregates ----------------------------------------------------- */

/* Two fields each, aligned to their whole size (see NOTES in rwonce.3). */
struct two2 { uint8_t a, b; } __attribute__((aligned(2)));
struct two4 { uint16_t owner, next; } __attribute__((aligned(4)));
struct two8 { uint32_t lo, hi; } __attribute__((aligned(8)));
struct one8 { uint64_t v; };

/* The kernel's page table entry wrapper. */
typedef struct { unsigned long pte; } pte_t;

/* The s390 ipte lock word of the 001 seed.  (Its bit-field struct is
 * named here: ISO C++ has no anonymous structs.) */
union ipte_control {
	unsigned long val;
	struct {
		unsigned long k : 1;
		unsigned long kh : 31;
		unsigned long kg : 32;
	} bits;
};

#define CHECK_TWO(T, A, B, a1, b1, a2, b2)                                    \
	do {                                                                  \
		struct T obj, init;                                           \
		const struct T cobj = init_##T(a1, b1);                       \
		volatile struct T vobj;                                       \
		struct T r;                                                   \
		init = init_##T(a1, b1);                                      \
		obj = init;                                                   \
		CHECK(sizeof(struct T) == sizeof(obj.A) * 2);                 \
		CHECK(TYPE_IS(READ_ONCE(obj), struct T));                     \
		CHECK(TYPE_IS(READ_ONCE(cobj), struct T));                    \
		CHECK(TYPE_IS(READ_ONCE(vobj), struct T));                    \
		r = READ_ONCE(obj);                                           \
		CHECK(r.A == (a1) && r.B == (b1));                            \
		r = READ_ONCE(cobj);                                          \
		CHECK(r.A == (a1) && r.B == (b1));                            \
		WRITE_ONCE(obj, init_##T(a2, b2));                            \
		CHECK(obj.A == (a2) && obj.B == (b2));                        \
		WRITE_ONCE(vobj, init);                                       \
		r = READ_ONCE(vobj);                                          \
		CHECK(r.A == (a1) && r.B == (b1));                            \
		ASSIGN_ONCE(init, obj);                                       \
		CHECK(obj.A == (a1) && obj.B == (b1));                        \
	} while (0)

static struct two2 init_two2(uint8_t a, uint8_t b)
{
	struct two2 t;
	t.a = a;
	t.b = b;
	return t;
}
static struct two4 init_two4(uint16_t owner, uint16_t next)
{
	struct two4 t;
	t.owner = owner;
	t.next = next;
	return t;
}
static struct two8 init_two8(uint32_t lo, uint32_t hi)
{
	struct two8 t;
	t.lo = lo;
	t.hi = hi;
	return t;
}

static void check_aggregates(void)
{
	CHECK_TWO(two2, a, b, 0x12, 0x34, 0xfe, 0x01);
	CHECK_TWO(two4, owner, next, 0x1234, 0xfedc, 7, 9);
	CHECK_TWO(two8, lo, hi, 0x01234567u, 0x89abcdefu, 5u, 0xffffffffu);

#ifndef __cplusplus
	/* A compound literal with a comma must be parenthesized: the macro
	 * has two parameters, and the preprocessor splits at that comma. */
	{
		struct two4 t;
		WRITE_ONCE(t, ((struct two4){ 3, 4 }));
		CHECK(t.owner == 3 && t.next == 4);
		WRITE_ONCE(t, ((struct two4){ .next = 6 }));
		CHECK(t.owner == 0 && t.next == 6);
	}
#endif
	{
		struct one8 o, r;
		o.v = 0x0123456789abcdefULL;
		r = READ_ONCE(o);
		CHECK(r.v == 0x0123456789abcdefULL);
		r.v = 3;
		WRITE_ONCE(o, r);
		CHECK(o.v == 3);
	}
	{
		pte_t pte, r;
		const pte_t cpte = { 0x1000 };
		pte.pte = 0x5003;
		CHECK(TYPE_IS(READ_ONCE(pte), pte_t));
		CHECK(TYPE_IS(READ_ONCE(cpte), pte_t));
		r = READ_ONCE(pte);
		CHECK(r.pte == 0x5003);
		WRITE_ONCE(pte, cpte);
		CHECK(pte.pte == 0x1000);
	}
	{
		/* The seed's ipte_unlock_siif step, without the cmpxchg. */
		union ipte_control ic, old, nw;
		memset(&ic, 0, sizeof(ic));
		ic.bits.k = 1;
		ic.bits.kh = 2;
		ic.bits.kg = 0x89abcdef;
		CHECK(TYPE_IS(READ_ONCE(ic), union ipte_control));
		nw = old = READ_ONCE(ic);
		CHECK(old.bits.k == 1 && old.bits.kh == 2 &&
		      old.bits.kg == 0x89abcdef);
		nw.bits.kh--;
		WRITE_ONCE(ic, nw);
		CHECK(ic.bits.k == 1 && ic.bits.kh == 1 &&
		      ic.bits.kg == 0x89abcdef);
	}
}

/* ---- evaluation ----------------------------------------------------- */

struct node {
	struct node *next;
	int val;
};

static int calls;
static int *counted(int *p)
{
	calls++;
	return p;
}

static void check_evaluation(void)
{
	int a[4] = { 10, 20, 30, 40 };
	int i = 0, j = 100;

	/* Each argument is evaluated exactly once. */
	CHECK(READ_ONCE(a[i++]) == 10);
	CHECK(i == 1);
	WRITE_ONCE(a[i++], j++);
	CHECK(i == 2 && j == 101 && a[1] == 100);
	ASSIGN_ONCE(j++, a[i++]);
	CHECK(i == 3 && j == 102 && a[2] == 101);
	ACCESS_ONCE(a[i++]) = 5;
	CHECK(i == 4 && a[3] == 5);
	i = 0;
	CHECK(ACCESS_ONCE(a[i++]) == 10 && i == 1);
	calls = 0;
	CHECK(READ_ONCE(*counted(&a[0])) == 10 && calls == 1);
	WRITE_ONCE(*counted(&a[0]), 11);
	CHECK(calls == 2 && a[0] == 11);

	/* ASSIGN_ONCE keeps the 2014 order: value first, target second. */
	{
		int target = 0, value = 3;
		ASSIGN_ONCE(value, target);
		CHECK(target == 3 && value == 3);
		ASSIGN_ONCE(9, target);
		CHECK(target == 9 && value == 3);
	}

	/* Nested uses, as in list walking. */
	{
		struct node n3 = { 0, 3 }, n2 = { &n3, 2 }, n1 = { &n2, 1 };
		struct node *head = &n1;
		CHECK(READ_ONCE(READ_ONCE(head)->val) == 1);
		CHECK(READ_ONCE(READ_ONCE(READ_ONCE(head)->next)->val) == 2);
		CHECK(READ_ONCE(READ_ONCE(READ_ONCE(READ_ONCE(head)->next)->next)->val) == 3);
		WRITE_ONCE(READ_ONCE(READ_ONCE(head)->next)->val, 22);
		CHECK(n2.val == 22);
		WRITE_ONCE(head, READ_ONCE(READ_ONCE(head)->next));
		CHECK(head == &n2);
		CHECK(ACCESS_ONCE(ACCESS_ONCE(head)->val) == 22);
	}

	/* Usable as an expression anywhere a value is. */
	{
		int x = 4;
		int y = READ_ONCE(x) * 2 + READ_ONCE(x);
		CHECK(y == 12);
		CHECK((READ_ONCE(x) ? 1 : 0) == 1);
	}

	/* barrier() is a statement that compiles everywhere. */
	barrier();
	RWONCE_BARRIER();
}

int main(void)
{
	check_scalars();
	check_aggregates();
	check_evaluation();
	printf("%d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
