#include "csmith.h"
static uint32_t g_20 = 0x17B844A7L;
static volatile int64_t g_39 = 0L;
static uint32_t g_67[4];
static int8_t g_71[7];
static int32_t g_74[4];
static uint8_t func_4(int8_t p_5, uint32_t p_6, uint16_t p_7, int16_t p_8,
                      int16_t p_9);
static uint16_t func_10(int32_t p_11, uint16_t p_12, uint32_t p_13,
                        uint64_t p_14, int64_t p_15);
static uint16_t func_1(void) {
  uint64_t l_27[2];
  int i;
  for (i = 0; i < 2; i++)
    l_27[i] = 0x23A266D210EC3203LL;
  g_74[0] ^= (safe_lshift_func_uint8_t_u_s(
      func_4(
          (func_10(
               (safe_add_func_int32_t_s_s(
                   (((safe_add_func_int16_t_s_s(
                         (g_20 ^ (safe_rshift_func_uint8_t_u_u((0, g_39), 0))),
                         g_20)),
                     g_39),
                    l_27[0]),
                   0)),
               g_20, g_20, l_27[0], l_27[1]) > l_27[1]),
          g_20, l_27[1], g_20, l_27[1]),
      6));
  return l_27[1];
}
static uint8_t func_4(int8_t p_5, uint32_t p_6, uint16_t p_7, int16_t p_8,
                      int16_t p_9) {
  return g_67[0];
}
static uint16_t func_10(int32_t p_11, uint16_t p_12, uint32_t p_13,
                        uint64_t p_14, int64_t p_15) {

  for (p_14 = 28; 0; p_14--)
    ;
  return p_13;
}
int main(void) {
  int i;
  func_1();
  for (i = 0; i < 4; i++)
    ;
}
