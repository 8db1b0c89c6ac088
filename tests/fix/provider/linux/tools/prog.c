/* User space in a Linux tree (a BPF program under tools/testing): its own
 * include path, which may not hold tools/include -- nothing is added and
 * the site is left, with the reason. */
int active;

void deactivate(void) { *(volatile int *)&active = 0; }
