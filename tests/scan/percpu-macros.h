/*
 * A per-CPU pointer the way Linux's percpu-defs.h makes one (t4573,
 * percpu-macros.c): per_cpu_ptr() has two definitions (SMP or not), the
 * SMP one a statement expression whose value is RELOC_HIDE's (three
 * definitions, one per compiler header) of a cast to
 * typeof(*(ptr)) __kernel __force *, beside __verify_pcpu_ptr()'s check
 * with its __percpu.  Multiplied out, every name's choices make too
 * many readings to read; the readings themselves are some twenty, once
 * the annotations of no size (sparse's address spaces, BTF's tags) are
 * read as written.  A reading that leaves pc_hide() unexpanded calls
 * what the unit has not: not what was compiled.
 */
#ifndef PERCPU_MACROS_H
#define PERCPU_MACROS_H

#include <stdint.h>

#ifdef __CHECKER__
# define __pc_kernel __attribute__((address_space(0)))
# define __pc_force __attribute__((force))
# define __pc_percpu __attribute__((noderef, address_space(3)))
#else
# ifdef PC_BTF_TAGS
#  define PC_TAG(value) __attribute__((btf_type_tag(#value)))
# else
#  define PC_TAG(value)
# endif
# define __pc_kernel
# define __pc_force
# define __pc_percpu PC_TAG(percpu)
#endif

#if defined(PC_ASM_HIDE)
#define pc_hide(ptr, off) ({ \
	unsigned long __ptr; \
	__asm__ ("" : "=r"(__ptr) : "0"(ptr)); \
	(__typeof__(ptr)) (__ptr + (off)); })
#elif defined(PC_OTHER_HIDE)
#define pc_hide(ptr, off) ({ unsigned long __ptr; \
	__ptr = (unsigned long) (ptr); \
	(__typeof__(ptr)) (__ptr + (off)); })
#else
#define pc_hide(ptr, off) ({ unsigned long __ptr = (unsigned long)(ptr); \
	(__typeof__(ptr)) (__ptr + (off)); })
#endif

#define pc_verify(ptr) do { \
	const void __pc_percpu *__vpp = (__typeof__((ptr) + 0))0; \
	(void)__vpp; \
} while (0)

extern unsigned long pc_offsets[8];
#define pc_offset(cpu) (pc_offsets[cpu])

#ifdef PC_SMP_OFF
#define PC_VERIFY(p) ({ pc_verify(p); \
	(__typeof__(*(p)) __pc_kernel __pc_force *)(p); })
#define pc_ptr(ptr, cpu) ({ (void)(cpu); PC_VERIFY(ptr); })
#else
#define pc_shift(p, off) \
	pc_hide((__typeof__(*(p)) __pc_kernel __pc_force *)(p), (off))
#define pc_ptr(ptr, cpu) ({ \
	pc_verify(ptr); \
	pc_shift((ptr), pc_offset((cpu))); })
#endif

#define pc_var(var, cpu) (*pc_ptr(&(var), cpu))

#ifdef PC_RAW_WORDS
#define pc_raw(ptr, cpu) ({ unsigned long __r = (unsigned long)(ptr); \
	(void)(cpu); (unsigned long *)__r; })
#else
#define pc_raw(ptr, cpu) pc_ptr(ptr, cpu)
#endif

#endif
