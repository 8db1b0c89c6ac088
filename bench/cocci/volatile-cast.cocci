// Hand-written volatile-cast accesses -> READ_ONCE / WRITE_ONCE, written
// for rwonce's benchmark (bench/fix-vs-spatch.sh).
//
// `*(volatile T *)&E` is exactly READ_ONCE(E) only when E has type T:
// declaring the metavariable as `T E` makes Coccinelle's type inference
// require that, so a cast to another width or signedness is not touched.
// Stores become WRITE_ONCE(E, V); ++, --, compound assignment and
// address-of are matched first and left alone.
//
// Usage: spatch --sp-file volatile-cast.cocci --dir TREE

@write@
type T;
T E;
expression V;
@@
- *(volatile T *)&E = V
+ WRITE_ONCE(E, V)

@read@
type T;
T E;
expression V;
@@
(
  *(volatile T *)&E += V
|
  *(volatile T *)&E -= V
|
  *(volatile T *)&E *= V
|
  *(volatile T *)&E /= V
|
  *(volatile T *)&E %= V
|
  *(volatile T *)&E &= V
|
  *(volatile T *)&E |= V
|
  *(volatile T *)&E ^= V
|
  *(volatile T *)&E <<= V
|
  *(volatile T *)&E >>= V
|
  *(volatile T *)&E++
|
  *(volatile T *)&E--
|
  ++*(volatile T *)&E
|
  --*(volatile T *)&E
|
  &*(volatile T *)&E
|
- *(volatile T *)&E
+ READ_ONCE(E)
)
