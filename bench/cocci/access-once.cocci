// ACCESS_ONCE -> READ_ONCE / WRITE_ONCE, written for rwonce's benchmark
// (bench/fix-vs-spatch.sh) to convert the same sites as `rwonce fix`.
//
// Like the kernel's 2017 conversion, a plain assignment to ACCESS_ONCE(E1)
// becomes WRITE_ONCE(E1, E2) and other uses become READ_ONCE(E).  Unlike
// it, uses that would not compile as READ_ONCE -- ++, --, compound
// assignment, address-of -- are matched first and left alone (in a
// disjunction the first branch that matches wins).
//
// Usage: spatch --sp-file access-once.cocci --dir TREE

@write@
expression E1, E2;
@@
- ACCESS_ONCE(E1) = E2
+ WRITE_ONCE(E1, E2)

@read@
expression E, E2;
@@
(
  ACCESS_ONCE(E) += E2
|
  ACCESS_ONCE(E) -= E2
|
  ACCESS_ONCE(E) *= E2
|
  ACCESS_ONCE(E) /= E2
|
  ACCESS_ONCE(E) %= E2
|
  ACCESS_ONCE(E) &= E2
|
  ACCESS_ONCE(E) |= E2
|
  ACCESS_ONCE(E) ^= E2
|
  ACCESS_ONCE(E) <<= E2
|
  ACCESS_ONCE(E) >>= E2
|
  ACCESS_ONCE(E)++
|
  ACCESS_ONCE(E)--
|
  ++ACCESS_ONCE(E)
|
  --ACCESS_ONCE(E)
|
  &ACCESS_ONCE(E)
|
- ACCESS_ONCE(E)
+ READ_ONCE(E)
)
