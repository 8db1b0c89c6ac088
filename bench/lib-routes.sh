#!/bin/sh
# bench/lib-routes.sh -- the ways of writing READ_ONCE that issue 13 asked
# to measure, each against the plain volatile cast in the same run: the
# depth-4 expansion and the compile time of 10,000 uses, exactly as
# bench/lib-expansion.sh measures the peers.  The routes are sketches in
# bench/peers/route-*.h (READ_ONCE only, GCC/Clang, 64-bit); doc/bench-
# library.md says what each keeps or loses.
#
#   route-floor       statement expression + volatile cast, no check at all
#   route-scalar      the floor + the array and size checks (no struct path)
#   route-union       a union of the object and its scalar (rwonce.h <= 0.1)
#   route-inline      per-width inline functions chosen by the size _Generic
#   route-choose      __builtin_choose_expr: scalars direct, structs inline
#   route-one-assert  both checks in one _Static_assert (loses the messages)
#   route-floor-array, route-floor-unqual, route-floor-size
#                     the floor plus ONE of rwonce.h's parts: what each costs
#
# Usage: bench/lib-routes.sh   (BENCH_RUNS, BENCH_CCS as for lib-expansion)
BENCH_PEERS=${BENCH_PEERS:-"volatile rwonce route-floor route-scalar route-union route-inline route-choose route-one-assert route-floor-array route-floor-unqual route-floor-size"}
export BENCH_PEERS
exec "$(dirname "$0")/lib-expansion.sh" "$@"
