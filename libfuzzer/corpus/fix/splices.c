#define SPL\
  ACCESS_\
ONCE(x) = 1
int f(void) { ACC\
ESS_ONCE(g) = 2; return ACCESS_ONCE(g)\
; }
