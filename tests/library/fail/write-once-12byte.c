/* WRITE_ONCE on a 12-byte struct: no single access of that size exists. */
// EXPECT(c): struct WRITE_ONCE_needs_1_2_4_or_8_bytes
// One error names the macro, the rule and the size: the type of a _Generic
// selector that no association matches.
// EXPECT(c): needs_1_2_4_or_8_bytes \(\*\)\[12\]
// EXPECT(c++): READ_ONCE/WRITE_ONCE: object size is not 1, 2, 4 or 8 bytes
// EXPECT(g++): uint_of_size<12>
// EXPECT(clang++): '12UL == 1
#include "rwonce.h"

struct s12 { unsigned char b[12]; };
struct s12 x;

void f(void) { struct s12 v = { { 0 } }; WRITE_ONCE(x, v); }
