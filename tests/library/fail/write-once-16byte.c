/* WRITE_ONCE on a 16-byte struct: no single access of that size exists. */
// EXPECT(c): WRITE_ONCE: object size is not 1, 2, 4 or 8 bytes
// EXPECT(gcc clang): \(\*\)\[16\]
// EXPECT(c++): READ_ONCE/WRITE_ONCE: object size is not 1, 2, 4 or 8 bytes
// EXPECT(g++): uint_of_size<16>
// EXPECT(clang++): '16UL == 1
// tcc stops at its first error, the static assertion, whose text cannot
// carry the size.
// KNOWN-BROKEN(tcc): the message does not name the size
// EXPECT(tcc): \b16\b
#include "rwonce.h"

struct s16 { unsigned char b[16]; };
struct s16 x;

void f(void) { struct s16 v = { { 0 } }; WRITE_ONCE(x, v); }
