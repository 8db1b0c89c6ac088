/*
 * Declarations a file writes through a macro of its headers: liburcu's
 *
 *   extern DECLARE_URCU_TLS(struct lttng_ust_urcu_reader *, lttng_ust_urcu_reader);
 *
 * with, on one side of an #if of urcu/tls-compat.h,
 *
 *   # define DECLARE_URCU_TLS(type, name)  URCU_TLS_STORAGE_CLASS type name
 *
 * and on the other DECLARE_URCU_TLS_1(type, name), which is
 * `type *__tls_access_ ## name(void)`.  The type index reads no macro,
 * so the variable was unknown to it; clang writes no DIE for an extern a
 * unit only declares, so nothing typed lttng-ust's 142 uses of
 * URCU_TLS(lttng_ust_urcu_reader)->ctr.
 *
 * A macro declares its argument N with the type its argument T gives
 * when its bodies make that certain: every definition either ends in
 * `T N` (or `T N = ...`) with nothing but words before (a storage class,
 * an attribute, a macro standing for one) and no other parameter, or
 * never names N as a whole token (only pasted: __tls_access_ ## name),
 * following a body that only passes its parameters on to another macro
 * of the headers.  A definition that names N any other way leaves the
 * macro out.  Words before T that are not storage classes might be a
 * type specifier (#define X long: `X int n`), so then a T that starts
 * with a scalar keyword is not taken; struct, union, enum and typedef
 * names admit no other specifier.
 */
#ifndef RWONCE_CFRONT_DECL_MACROS_H
#define RWONCE_CFRONT_DECL_MACROS_H

#include <stddef.h>

#include "cfront/lexer.h"

struct header_macros;
struct type_index;

/*
 * Add to ti the variables that the file-scope uses of such macros in
 * buf/l declare (`[extern|static] M(args);`), each as if declared
 * `extern T N;`.  Returns how many.
 */
size_t decl_macros_declare(struct type_index *ti, const char *buf,
			   const struct token_list *l,
			   const struct header_macros *h);

#endif
