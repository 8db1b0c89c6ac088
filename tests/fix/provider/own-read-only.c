/* Its own READ_ONCE, but no WRITE_ONCE, and a write is converted: the
 * READ_ONCE gives way to rwonce.h's. */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

int level;

int get_level(void) { return READ_ONCE(level); }
void set_level(int v) { *(volatile int *)&level = v; }
