// Hand-written volatile-cast accesses -> READ_ONCE / WRITE_ONCE, written
// for rwonce's benchmark (bench/fix-vs-spatch.sh).
//
// `*(volatile T *)&E` is exactly READ_ONCE(E) only when E has type T:
// declaring the metavariable as `T E` makes Coccinelle's type inference
// require that, so a cast to another width or signedness is not touched.
// Stores become WRITE_ONCE(E, V); ++, --, compound assignment and
// address-of are matched first and left alone.
//
// The same through a pointer: *(volatile T *)P with P of type T * becomes
// READ_ONCE(*P) / WRITE_ONCE(*P, V).  These rules come after the &E ones,
// which have already rewritten every &E site they could.
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

@write_deref@
type T;
T *P;
expression V;
@@
- *(volatile T *)P = V
+ WRITE_ONCE(*P, V)

@read_deref@
type T;
T *P;
expression V;
@@
(
  *(volatile T *)P += V
|
  *(volatile T *)P -= V
|
  *(volatile T *)P *= V
|
  *(volatile T *)P /= V
|
  *(volatile T *)P %= V
|
  *(volatile T *)P &= V
|
  *(volatile T *)P |= V
|
  *(volatile T *)P ^= V
|
  *(volatile T *)P <<= V
|
  *(volatile T *)P >>= V
|
  *(volatile T *)P++
|
  *(volatile T *)P--
|
  ++*(volatile T *)P
|
  --*(volatile T *)P
|
  &*(volatile T *)P
|
- *(volatile T *)P
+ READ_ONCE(*P)
)
