/*
 * nsync's older atomics, as clang builds take them
 * (tests/t4384-scan-user-arrow-helper.t): the once-macro casts its
 * pointer to volatile and hands it to a helper that reaches the word
 * through it -- ((p)->value) where the word is a struct (a type check),
 * (*(p)) where it is the integer itself.  Both are an access of what p
 * points to.
 */
#ifndef USER_LIB_OLDWORD_H
#define USER_LIB_OLDWORD_H

#include <stdint.h>

#if LIB_TYPECHECK
typedef struct { uint32_t value; } old_word;
#define OLD_WORD_LOAD_(p) ((p)->value)
#define OLD_WORD_STORE_(p, v) ((p)->value = (v))
#define OLD_ODD_(p) ((p)->value)
#else
typedef uint32_t old_word;
#define OLD_WORD_LOAD_(p) (*(p))
#define OLD_WORD_STORE_(p, v) (*(p) = (v))
/* the word after p: another object than the other definition's */
#define OLD_ODD_(p) ((p)[1])
#endif

#define OLD_LOAD(p) OLD_WORD_LOAD_((volatile old_word *)(p))
#define OLD_STORE(p, v) OLD_WORD_STORE_((volatile old_word *)(p), (uint32_t)(v))
/* its definitions disagree on the object: no once-macro */
#define OLD_ODD(p) OLD_ODD_((volatile old_word *)(p))

struct old_lock {
	old_word word;
	old_word waiters[2];
};

#endif
