/* <proj/once.h> is project/include/proj/once.h: nothing is added. */
#include <proj/once.h>

int tick;

void set_tick(int v) { *(volatile int *)&tick = v; }
