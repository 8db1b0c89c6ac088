/*
 * Xen's arm read_atomic(p) (xen/arch/arm/include/asm/atomic.h): a macro
 * whose body calls read_atomic_size(p, x_.c, sizeof(*(p))), an
 * always-inline function that switches to read_u8_atomic() ...  The
 * copy of read_atomic_size() is called at the use's line and column;
 * the use's line also holds `d->vcpu[...]`, an 8-byte load of another
 * object indexed by the value read (tests/t4493-scan-expansion-copy.t).
 */
typedef unsigned char uint8_t;
typedef unsigned int uint32_t;

static inline uint8_t read_u8_atomic(const volatile uint8_t *addr)
{
	uint8_t ret;
	__asm__ volatile ( "movb %1,%0" : "=q" (ret) : "m" (*addr) );
	return ret;
}

static inline uint32_t read_u32_atomic(const volatile uint32_t *addr)
{
	uint32_t ret;
	__asm__ volatile ( "movl %1,%0" : "=r" (ret) : "m" (*addr) );
	return ret;
}

void bad_size(void);

static inline __attribute__((always_inline)) void
read_atomic_size(const volatile void *p, void *res, unsigned int size)
{
	switch ( size ) {
	case 1: *(uint8_t *)res = read_u8_atomic(p); break;
	case 4: *(uint32_t *)res = read_u32_atomic(p); break;
	default: bad_size(); break;
	}
}

#define read_atomic(p) ({						\
	union { __typeof__(*(p)) val; char c[8]; } x_;			\
	read_atomic_size(p, x_.c, sizeof(*(p)));			\
	x_.val;								\
})

struct vcpu { int id; };
struct rank { uint8_t vcpu[32]; };
struct domain { struct vcpu **vcpu; };

struct vcpu *old_vcpu(struct domain *d, struct rank *rank, unsigned offset,
		      unsigned id);
struct vcpu *old_vcpu(struct domain *d, struct rank *rank, unsigned offset,
		      unsigned id)
{
	struct vcpu *new_vcpu = d->vcpu[id];
	struct vcpu *old = d->vcpu[read_atomic(&rank->vcpu[offset])];

	return old == new_vcpu ? 0 : old;
}
