/* WRITE_ONCE on a bit-field: no address, so no single store of its own. */
// EXPECT(gcc g++): (cannot take address of|cannot bind) bit-field
// EXPECT(clang): address of bit-field requested
// EXPECT(clang++): cannot bind to bit-field
// tcc 0.9.27 would take the address (of the containing word); the
// header detects the bit-field there itself.
// EXPECT(tcc): WRITE_ONCE: operand is a bit-field
#include "rwonce.h"

struct flags { unsigned int k : 1; unsigned int kh : 31; };
struct flags fl;

void f(void) { WRITE_ONCE(fl.k, 1u); }
