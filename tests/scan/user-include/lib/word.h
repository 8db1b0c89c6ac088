/*
 * nsync's shape (tests/t4381-scan-user-helper-macros.t): the once-macros
 * reach their object through a helper macro defined one way per
 * configuration -- &(p)->value where the word is a struct (a type
 * check), (p) where it is the integer itself.  Every definition gives
 * the same access: a relaxed load or store of what p points to.
 */
#ifndef USER_LIB_WORD_H
#define USER_LIB_WORD_H

#include <stdint.h>

#if LIB_TYPECHECK
typedef struct { uint32_t value; } lib_word;
#define LIB_WORD_PTR(p) (&(p)->value)
#define LIB_ODD(p) (&(p)->value)
#else
typedef uint32_t lib_word;
#define LIB_WORD_PTR(p) (p)
/* no definition of the other kind: what *(p) points to is read */
#define LIB_ODD(p) (*(p))
#endif

#define WORD_LOAD(p) (__atomic_load_n(LIB_WORD_PTR(p), __ATOMIC_RELAXED))
#define WORD_STORE(p, v) \
	(__atomic_store_n(LIB_WORD_PTR(p), (v), __ATOMIC_RELAXED))
/* its definitions disagree on the object: no once-macro */
#define ODD_LOAD(p) (__atomic_load_n(LIB_ODD(p), __ATOMIC_RELAXED))

struct lock {
	lib_word word;
	lib_word *next;
};

#endif
