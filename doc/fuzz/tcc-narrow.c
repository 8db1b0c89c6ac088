#include <stdint.h>
#include <stdio.h>
static volatile int32_t g = 0x2AA61FC2;
static uint8_t f(void) { return g; }
int main(void) { printf("checksum = %X\n", f()); return 0; }
