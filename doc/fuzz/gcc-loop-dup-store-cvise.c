#include "csmith.h"
static int32_t g_3 = 0;
static int32_t g_4[7];
static volatile int32_t g_5[];
static volatile int32_t g_6[][1];
static volatile int32_t *g_67[][1][1] = {&g_6[2][5], &g_6[0][1], &g_5[0],
                                         &g_5[0],    &g_5[0],    &g_5[0]};
static volatile int32_t *volatile *volatile g_66 = &g_67[0][0][2];
static int16_t func_1() {
  for (g_3; (g_3 >= 0); g_3 -= 1) {
    int i;
    i = 0;
    for (i; i < 6; i++) {
      g_4[6] = 0;
      for (g_4[6]; (g_4[6] <= 1); g_4[6] += 1)
        ;
    }
    (**g_66) |= 1L;
  }
  return 0;
}
int main() {
  int i;
  func_1();
  i = 0;
}
