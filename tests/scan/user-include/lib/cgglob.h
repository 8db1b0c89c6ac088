/*
 * Externs a file only declares, as HAProxy's THREAD_LOCAL tg and th_ctx
 * in <haproxy/tinfo.h> (tests/t4446-scan-user-other-unit-externs.t):
 * clang writes no DIE for them in the units that use them.
 */
#ifndef USER_LIB_CGGLOB_H
#define USER_LIB_CGGLOB_H

#define CG_LOAD(p) (__atomic_load_n((p), __ATOMIC_RELAXED))

struct cg_group {
	unsigned long threads_enabled;
	unsigned int flags;
};

extern __thread struct cg_group *cg_tg;
extern struct cg_group cg_groups[4];
extern unsigned short cg_count;
/* a variable named as its struct's tag, as HAProxy's 'struct global
 * global' */
extern struct cg_group cg_group;

unsigned long cg_use(unsigned int k);

#endif
