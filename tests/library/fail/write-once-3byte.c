/* WRITE_ONCE on a 3-byte struct: no single access of that size exists. */
// EXPECT(c): WRITE_ONCE: object size is not 1, 2, 4 or 8 bytes
// EXPECT(gcc clang): \(\*\)\[3\]
// EXPECT(c++): READ_ONCE/WRITE_ONCE: object size is not 1, 2, 4 or 8 bytes
// EXPECT(g++): uint_of_size<3>
// EXPECT(clang++): '3UL == 1
// tcc stops at its first error, the static assertion, whose text cannot
// carry the size.
// KNOWN-BROKEN(tcc): the message does not name the size
// EXPECT(tcc): \b3\b
#include "rwonce.h"

struct s3 { unsigned char b[3]; };
struct s3 x;

void f(void) { struct s3 v = { { 0 } }; WRITE_ONCE(x, v); }
