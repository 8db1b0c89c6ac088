/* Linux before 3.19 has no READ_ONCE/WRITE_ONCE: every site is left,
 * with the reason; rwonce.h is not added to a kernel tree. */
#include <linux/compiler.h>

int jiffies_like;

int now(void) { return ACCESS_ONCE(jiffies_like); }
