/* A once-read of an object that nothing types
 * (tests/t4386-scan-unknown-size.t): struct wide is declared in a header
 * that is not there, and the test's object is assembly with line rows
 * and no DWARF types.  Its one 4-byte load may be half of an 8-byte
 * field: scan cannot tell, and must not call it ok. */
#define MY_READ(x) (*(const volatile __typeof__(x) *)&(x))
#include "wide-elsewhere.h"

long wide_get(struct wide *s)
{
	return MY_READ(s->w);
}
