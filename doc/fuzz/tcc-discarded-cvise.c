#include "csmith.h"
volatile uint32_t g_2;
uint32_t func_1() {
  g_2;
  return 0;
}
int main() { func_1(); }
