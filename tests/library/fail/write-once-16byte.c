/* WRITE_ONCE on a 16-byte struct: no single access of that size exists. */
// EXPECT(c): struct WRITE_ONCE_needs_1_2_4_or_8_bytes
// One error names the macro, the rule and the size: the type of a _Generic
// selector that no association matches.
// EXPECT(c): needs_1_2_4_or_8_bytes \(\*\)\[16\]
// EXPECT(c++): READ_ONCE/WRITE_ONCE: object size is not 1, 2, 4 or 8 bytes
// EXPECT(g++): uint_of_size<16>
// EXPECT(clang++): '16UL == 1
#include "rwonce.h"

struct s16 { unsigned char b[16]; };
struct s16 x;

void f(void) { struct s16 v = { { 0 } }; WRITE_ONCE(x, v); }
