/* A definition in "#ifndef ACCESS_ONCE ... #endif": rwonce.h takes the
 * place of the three lines. */
#ifndef ACCESS_ONCE
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#endif

long stamp;

long read_stamp(void) { return ACCESS_ONCE(stamp); }
