#include <stdio.h>
#define ACC(x) (*(volatile typeof(x) *)&(x))
#define OBJ (1)
int main(void) {
	char *s = u8"h\"i"; L'x'; x->y <<= 0x1fUL + 1e+5 + .5f;
	ACCESS_ONCE(a[1], (b,c)) = f(1, 2);
	foo\
bar /* c */ "unterm
	@@ `
}
%:define Z a ## b %:%: c
/* open