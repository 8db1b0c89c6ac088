/* Another C side; its code nowhere, so no line table names it. */
#define store_relaxed(P, V) (*(volatile __typeof__(*(P)) *)(P) = (V))
