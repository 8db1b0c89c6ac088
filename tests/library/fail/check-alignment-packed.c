/* RWONCE_CHECK_ALIGNMENT: a 4-byte struct of two 2-byte fields is only
 * 2-aligned unless declared otherwise, and a misaligned access is not
 * single-copy atomic. */
// FLAGS: -DRWONCE_CHECK_ALIGNMENT
// EXPECT(c): READ_ONCE: object is aligned below its size \(RWONCE_CHECK_ALIGNMENT\)
// EXPECT(c++): READ_ONCE/WRITE_ONCE: object is aligned below its size \(RWONCE_CHECK_ALIGNMENT\)
#include "rwonce.h"

struct ticket { unsigned short owner, next; };
struct ticket lock;

unsigned short f(void) { return READ_ONCE(lock).owner; }
