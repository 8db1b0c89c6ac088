/* READ_ONCE on a bit-field: a bit-field has no address, hence no access
 * of its own; read the whole word (or the union around it) instead. */
// EXPECT(gcc g++): (cannot take address of|cannot bind) bit-field
// EXPECT(clang): address of bit-field requested
// EXPECT(clang++): cannot bind to bit-field
// tcc 0.9.27 would take the address (of the containing word); the
// header detects the bit-field there itself.
// EXPECT(tcc): READ_ONCE: operand is a bit-field
#include "rwonce.h"

struct flags { unsigned int k : 1; unsigned int kh : 31; };
struct flags fl;

unsigned int f(void) { return READ_ONCE(fl.kh); }
