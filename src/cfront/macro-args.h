/*
 * What a function-like macro does with the code of its arguments, read
 * from its definitions (a file's own #defines and the headers' that
 * discovery kept, header-macros.h):
 *
 * - how many times its expansion evaluates an argument.  bdwgc's
 *
 *     #define FINAL_MARK_BIT(sz) \
 *       ((sz) > MAXOBJBYTES ? MARK_BITS_PER_HBLK \
 *                           : BYTES_TO_GRANULES(HBLK_OBJS(sz) * (sz)))
 *
 *   names sz three times, so FINAL_MARK_BIT(AO_load(&hhdr->hb_sz)) asks
 *   for up to three loads of hb_sz: a once-access in such an argument
 *   is repeated by the source, not by the compiler.  Names under
 *   sizeof, typeof and the other words that evaluate nothing do not
 *   count, nor a # or ## operand; a name passed on to another macro
 *   counts as often as that macro's body names its parameter; of
 *   __builtin_choose_expr's two results and _Generic's associations,
 *   any.
 *
 * - whether a use opens a loop whose body is the statement after it:
 *   the body starts with for or while, or with a macro that does (the
 *   kernel's list_for_each_entry_safe(pos, n, head, member) { ... }).
 *   The do { } while (0) of a statement macro is no loop.
 */
#ifndef RWONCE_CFRONT_MACRO_ARGS_H
#define RWONCE_CFRONT_MACRO_ARGS_H

#include <stddef.h>

#include "cfront/header-macros.h"

/* The definitions a file sees: its own, then the headers' (either may be
 * NULL).  Each set finished: the headers' with header_macros_finish(),
 * the file's own over the headers' (header_macros_finish_over()), so
 * that its loops through theirs are known. */
struct macro_scope {
	const struct header_macros *own, *headers;
};

/*
 * How many times a use of the macro name[0..n) names its argument number
 * arg (0-based; past the last parameter, the last: a variadic macro's
 * ...) in code that is evaluated: *min and *max over its definitions
 * and over the results of the __builtin_choose_expr() in them (the
 * kernel's min(x, y): twice by __cmp(), once by __cmp_once()).
 * A name inside a loop of the body counts once, and sets *loop: the
 * argument is evaluated once per iteration (the kernel's
 * wait_var_event(var, condition) polls condition in a for (;;)).
 * Returns how many definitions were read (0: no function-like one).
 */
size_t macro_arg_uses(const struct macro_scope *sc, const char *name,
		      size_t n, size_t arg, unsigned *min, unsigned *max,
		      int *loop);

/* Does a use of name[0..n) open a loop (above):
 * HEADER_MACRO_OPENS_LOOP; does its expansion hold a loop anywhere (a
 * statement expression's while: the kernel's read_seqcount_begin(s)),
 * so that a call in it may run many times: HEADER_MACRO_HOLDS_LOOP --
 * over the definitions of both sets, in one look each. */
int macro_loop_kind(const struct macro_scope *sc, const char *name, size_t n);

#endif
