/* A kernel file that reaches no once-macro header: it gets the kernel's
 * <linux/compiler.h>, never rwonce.h. */
#include <linux/types.h>

u32 status;

void clear_status(void) { *(volatile u32 *)&status = 0; }
