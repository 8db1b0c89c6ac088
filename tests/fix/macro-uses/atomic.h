/* Linux 3.17 mn10300's atomic_read: a body that is the access.  Every use
 * in this tree reads, so it becomes READ_ONCE (issue #22). */
#ifndef MACRO_USES_ATOMIC_H
#define MACRO_USES_ATOMIC_H
#include "../kernel-access-once.h"
typedef struct { int counter; } atomic_t;
#define atomic_read(v)	(ACCESS_ONCE((v)->counter))
/* the same, written to by every use: it takes the value */
#define atomic_store(v)	ACCESS_ONCE((v)->counter)
/* read and written: each use decides, so it stays */
#define atomic_peek(v)	ACCESS_ONCE((v)->counter)
/* incremented: no READ_ONCE or WRITE_ONCE can stand for it */
#define atomic_word(v)	ACCESS_ONCE((v)->counter)
/* never used in this tree: nothing decides */
#define atomic_unused(v)	ACCESS_ONCE((v)->counter)
#endif
