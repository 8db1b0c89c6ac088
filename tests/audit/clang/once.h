/* The once-access macros as the kernel spells them (volatile casts), and
 * the types of the seeds.  Included by several units: a finding here is
 * reported once per run. */
#ifndef ONCE_H
#define ONCE_H

#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define __READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define READ_ONCE(x) ({ __READ_ONCE(x); })
#define __WRITE_ONCE(x, val) \
	do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)
#define WRITE_ONCE(x, val) __WRITE_ONCE(x, val)

typedef struct { unsigned long pte; } pte_t;

/* The seed's union: a word, or its fields through an anonymous struct. */
union ipte_control {
	unsigned long val;
	struct {
		unsigned long k  : 1;
		unsigned long kh : 31;
		unsigned long kg : 32;
	};
};

struct pair32 { unsigned int a, b; };

static inline unsigned long pte_val_once(pte_t *ptep)
{
	// CHECK: [[@LINE+3]]:9: warning: ACCESS_ONCE on struct type 'pte_t' (aka 'struct { unsigned long pte; }')
	// CHECK: [[@LINE+2]]:9: note: type 'pte_t', canonical 'struct { unsigned long pte; }'
	// CHECK: [[@LINE+1]]:9: warning: ACCESS_ONCE is deprecated
	return ACCESS_ONCE(*ptep).pte;
}

#endif
