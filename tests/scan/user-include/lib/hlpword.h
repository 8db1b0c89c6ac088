/*
 * The word and its helper macros, in a header of their own as nsync's
 * public/nsync_atomic.h is (tests/t4390-scan-user-helper-in-accessor.t):
 * the helper reaches the word through its pointer -- ((p)->value) under
 * a type check, (*(p)) otherwise.  lib/hlpfn.h calls it in a function.
 */
#ifndef USER_LIB_HLPWORD_H
#define USER_LIB_HLPWORD_H

#include <stdint.h>

#if LIB_TYPECHECK
typedef struct { uint32_t value; } hlp_word;
#define HLP_WORD_LOAD_(p) ((p)->value)
#define HLP_WORD_ODD_(p) ((p)->value)
#else
typedef uint32_t hlp_word;
#define HLP_WORD_LOAD_(p) (*(p))
/* the word after p: another object than the other definition's */
#define HLP_WORD_ODD_(p) ((p)[1])
#endif

#endif
