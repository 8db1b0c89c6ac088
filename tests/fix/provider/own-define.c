/* The file's own ACCESS_ONCE, every use converted (issue #22's first
 * case): rwonce.h takes the definition's place, the definition goes. */
#include <stdio.h>
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))

int flag;

int get(void) { return ACCESS_ONCE(flag); }
void set(int v) { ACCESS_ONCE(flag) = v; }
void show(void) { printf("%d\n", get()); }
