/*
 * Xen's read_atomic(p) (xen/arch/x86/include/asm/atomic.h): a macro
 * that switches on sizeof(*(p)) to read_u32_atomic() or
 * read_u64_atomic(), inline functions a generator macro makes, each an
 * asm load.  The access is in the inlined copy, called at the use's
 * column; gcc 12 -O2 gives the compare of the other operand
 * (data->core, folded into a cmp) the column of the `if (`, before the
 * use (tests/t4492-scan-width-accessor.t).
 */
typedef unsigned int uint32_t;
typedef unsigned long uint64_t;

#define build_read_atomic(name, size, type, reg) \
static inline type name(const volatile type *addr) \
{ \
	type ret; \
	__asm__ volatile ( "mov" size " %1,%0" : reg (ret) : "m" (*addr) ); \
	return ret; \
}

build_read_atomic(read_u32_atomic, "l", uint32_t, "=r")
build_read_atomic(read_u64_atomic, "q", uint64_t, "=r")

#define read_atomic(p) ({						\
	unsigned long x_;						\
	switch ( sizeof(*(p)) ) {					\
	case 4: x_ = read_u32_atomic((const uint32_t *)(p)); break;	\
	case 8: x_ = read_u64_atomic((const uint64_t *)(p)); break;	\
	default: x_ = 0; break;						\
	}								\
	(__typeof__(*(p)))x_;						\
})

struct asid { uint64_t generation; uint32_t asid; };
struct data { uint64_t core; uint32_t next, max; };

extern struct data per_cpu_data;

int handle(struct asid *asid);
int handle(struct asid *asid)
{
	struct data *data = &per_cpu_data;

	if ( read_atomic(&asid->generation) == data->core )
		return 0;
	asid->asid = data->next++;
	return 1;
}

uint32_t get_asid(struct asid *asid);
uint32_t get_asid(struct asid *asid)
{
	return read_atomic(&asid->asid);
}
