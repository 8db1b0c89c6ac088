/* Compiled for a 32-bit target (-m32 in the database): an 8-byte
 * once-access is wider than the word and can tear. */
#include "once.h"

unsigned long long counter;

unsigned long long read_counter(void)
{
	// CHECK: [[@LINE+2]]:9: warning: READ_ONCE of 'unsigned long long' (8 bytes): larger than the 4-byte word of i386
	// CHECK: [[@LINE+1]]:9: note: type 'unsigned long long', canonical 'unsigned long long'
	return READ_ONCE(counter);
}

unsigned int read_word(unsigned int *p)
{
	return READ_ONCE(*p); // CHECK-NOT: [[@LINE]]:
}
