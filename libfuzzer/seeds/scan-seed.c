/*
 * The source of the scan-reader harness's seed corpus (scan-seeds.sh,
 * beside it, compiles it with -g for x86-64, arm64, ppc64le and
 * riscv64, and archives two of the objects): a torn struct read, a union
 * through a scalar, a store, an inlined once-access.  No #include, so
 * that clang builds it for any target without that target's headers.
 */
struct pair { unsigned short owner, next; };
union ipte { unsigned long val; struct { unsigned int a, b; } s; };
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
struct pair lock;
union ipte ctl;
int flag;
static inline int peek(const int *p) { return READ_ONCE(*p); }
int wait_owner(struct pair *p) { struct pair v; do v = READ_ONCE(*p); while (v.owner != v.next); return v.owner; }
unsigned long ipte_lock(void) { union ipte o = READ_ONCE(ctl); WRITE_ONCE(flag, 1); return o.val + (unsigned)peek(&flag); }
