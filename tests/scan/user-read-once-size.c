/* READ_ONCE and WRITE_ONCE as Linux's tools/include/linux/compiler.h
 * spells them (the 4.x kernel's shape, used by perf, libperf, bpftool):
 * the macro hands &x to an always-inline function whose switch of
 * volatile casts makes the access (t4581).  The load or store is in
 * the function's inlined copy, called at the macro's use. */
#include <stdint.h>
#include <time.h>

static inline __attribute__((always_inline))
void __read_once_size(const volatile void *p, void *res, int size)
{
	switch (size) {
	case 1: *(uint8_t *)res = *(volatile uint8_t *)p; break;
	case 2: *(uint16_t *)res = *(volatile uint16_t *)p; break;
	case 4: *(uint32_t *)res = *(volatile uint32_t *)p; break;
	case 8: *(uint64_t *)res = *(volatile uint64_t *)p; break;
	default:
		__builtin_memcpy(res, (const void *)p, size);
	}
}

static inline __attribute__((always_inline))
void __write_once_size(volatile void *p, void *res, int size)
{
	switch (size) {
	case 1: *(volatile uint8_t *)p = *(uint8_t *)res; break;
	case 2: *(volatile uint16_t *)p = *(uint16_t *)res; break;
	case 4: *(volatile uint32_t *)p = *(uint32_t *)res; break;
	case 8: *(volatile uint64_t *)p = *(uint64_t *)res; break;
	default:
		__builtin_memcpy((void *)p, res, size);
	}
}

#define READ_ONCE(x)					\
({							\
	union { typeof(x) __val; char __c[1]; } __u =	\
		{ .__c = { 0 } };			\
	__read_once_size(&(x), __u.__c, sizeof(x));	\
	__u.__val;					\
})

#define WRITE_ONCE(x, val)				\
({							\
	union { typeof(x) __val; char __c[1]; } __u =	\
		{ .__val = (val) };			\
	__write_once_size(&(x), __u.__c, sizeof(x));	\
	__u.__val;					\
})

struct mmap_page {
	uint32_t version;
	uint32_t lock;
	uint64_t offset;
	uint16_t width;
};

uint32_t page_lock(struct mmap_page *pc)
{
	return READ_ONCE(pc->lock);
}

uint64_t page_offset(struct mmap_page *pc)
{
	return READ_ONCE(pc->offset);
}

uint16_t page_width(struct mmap_page *pc)
{
	return READ_ONCE(pc->width);
}

void page_set_lock(struct mmap_page *pc, uint32_t v)
{
	WRITE_ONCE(pc->lock, v);
}

/* a type of a system header, which the sources' index does not read:
 * typed by the DWARF where the callee was called */
long ts_nsec(struct timespec *ts)
{
	return READ_ONCE(ts->tv_nsec);
}

/* a macro whose body reaches the function through READ_ONCE */
#define smp_load_acquire(p)				\
({							\
	__typeof__(*p) ___p1 = READ_ONCE(*p);		\
	__asm__ volatile("" ::: "memory");		\
	___p1;						\
})

uint64_t page_offset_acquire(struct mmap_page *pc)
{
	return smp_load_acquire(&pc->offset);
}

/* a function called in the macro's argument, not by its body: gcc
 * gives its inlined copy the macro's column too; its load is its own
 * volatile cast's, not the store's */
static inline __attribute__((always_inline))
uint32_t next_lock(struct mmap_page *pc)
{
	return *(volatile uint32_t *)&pc->lock + 1;
}

void page_bump(struct mmap_page *pc)
{
	WRITE_ONCE(pc->version, next_lock(pc));
}
