/* READ_ONCE on a 12-byte struct: no single access of that size exists. */
// EXPECT(c): READ_ONCE: object size is not 1, 2, 4 or 8 bytes
// EXPECT(gcc clang): \(\*\)\[12\]
// EXPECT(c++): READ_ONCE/WRITE_ONCE: object size is not 1, 2, 4 or 8 bytes
// EXPECT(g++): uint_of_size<12>
// EXPECT(clang++): '12UL == 1
// tcc stops at its first error, the static assertion, whose text cannot
// carry the size.
// KNOWN-BROKEN(tcc): the message does not name the size
// EXPECT(tcc): \b12\b
#include "rwonce.h"

struct s12 { unsigned char b[12]; };
struct s12 x;

void f(void) { struct s12 v = READ_ONCE(x); (void)v; }
