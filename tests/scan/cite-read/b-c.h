/* The side a C build reads; macros only, so no line table names it
 * either. */
#define read_relaxed(P) (*(volatile __typeof__(*(P)) *)(P))
