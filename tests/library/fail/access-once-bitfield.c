/* ACCESS_ONCE on a bit-field: no address, so no volatile lvalue of its own. */
// EXPECT(gcc g++): (cannot take address of|cannot bind) bit-field
// EXPECT(clang): address of bit-field requested
// EXPECT(clang++): cannot bind to bit-field
// EXPECT(tcc): ACCESS_ONCE: operand is a bit-field
#include "rwonce.h"

struct flags { unsigned int k : 1; unsigned int kh : 31; };
struct flags fl;

unsigned int f(void) { return ACCESS_ONCE(fl.kh); }
