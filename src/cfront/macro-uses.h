/*
 * A macro whose whole body is an access, and what its uses in the same
 * file do with it:
 *
 *   #define SYST_CTRL (*((volatile uint32_t *)0xe000e010))
 *   SYST_CTRL = 5;  SYST_CTRL |= 1;  if (SYST_CTRL & 0x10000) ...
 *
 * The body alone is neither a read nor a write: each use decides, and one
 * macro is often written at one place, read at another and updated with
 * |= at a third (FreeRTOS's register macros).  What audit says of the
 * access at the definition comes from these uses, not from the body.
 */
#ifndef RWONCE_CFRONT_MACRO_USES_H
#define RWONCE_CFRONT_MACRO_USES_H

#include "cfront/idioms.h"

/* A use inside an asm statement's operand ("m" (REG)): the asm makes
 * the access through the operand's address, C makes none. */
#define MACRO_USE_ASM (ONCE_UNEVALUATED + 1)

struct macro_use_kinds {
	/* by enum once_use, or MACRO_USE_ASM: how many uses, and the first
	 * few lines */
	unsigned count[MACRO_USE_ASM + 1];
#define MACRO_USE_LINES 3
	unsigned lines[MACRO_USE_ASM + 1][MACRO_USE_LINES];
	unsigned total; /* asm operands included */
};

/*
 * Is [begin, end) -- inside a #define -- the macro's whole body, with
 * grouping parentheses around it?  Then *name is the macro's name token
 * and *function_like whether it takes arguments; 1.  0 otherwise.
 */
int macro_body_whole(const char *buf, const struct token_list *l,
		     size_t begin, size_t end, size_t *name,
		     int *function_like);

/*
 * The uses of the macro named by token name, outside preprocessor
 * directives, each classified as once_use_classify() does: the name (with
 * its arguments when function_like), or with deref what dereferences it
 * (a macro that gives a pointer): *UART_REG(x), REGS[i], REGS->f; a use
 * not dereferenced is then not counted.
 */
void macro_use_kinds(const char *buf, const struct token_list *l,
		     size_t name, int function_like, int deref,
		     struct macro_use_kinds *out);

/*
 * Is the '(' at token i, in a #define, a volatile pointer cast that is the
 * whole body -- #define UART_REG(x) ((volatile uint32_t *)(BASE + (x))),
 * a macro that gives a pointer its uses dereference (seL4's drivers)?
 * Then vc spans the cast and its operand (VC_DEREF's fields; no access
 * of its own), *name and *function_like as macro_body_whole(); 1.
 */
int find_volatile_pointer_body(const char *buf, const struct token_list *l,
			       size_t i, struct volatile_cast *vc,
			       size_t *name, int *function_like);

#endif
