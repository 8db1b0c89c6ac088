#include <stdint.h>
#include <stdio.h>
static volatile int32_t g = 5;
static int32_t h = 1;
int main(void) { int32_t x = (g, h); printf("checksum = %X\n", (unsigned)x); return 0; }
