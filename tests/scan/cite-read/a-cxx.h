/* C++'s: a C compilation cannot read it. */
#include <atomic>
#define load_relaxed(P) std::atomic_load_explicit(P, std::memory_order_relaxed)
#define read_relaxed(P) (*(volatile __typeof__(*(P)) *)(P))
