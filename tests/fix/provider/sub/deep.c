/* READ_ONCE comes from ../once.h through nested.h: nothing is added. */
#include "nested.h"

unsigned gen;

unsigned generation(void) { return *(volatile unsigned *)&gen; }
