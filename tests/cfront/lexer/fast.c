/* identifiers and one-byte punctuators, each next to what the fast
   paths must leave to the general one */
abc(def)ghi,jkl;mno{pqr}stu[vwx]yz;
ab\
cd = ef\
  ;
gh\x = 1;
cafÃ© = 2;
naÿme;
L"wide" u"u16" U"u32" u8"utf8" R"x(raw)x" L'c' Lx ux Ux Rx u8x;
$dollar$ = a$b;
x\u00e9y = 3;
(\
);
[
]\

#define F(a,b) ((a)+(b))
#define G (x)
#include <h.h>
#if defined(A)&&B
#endif
%:define H(y) [y]
f(a)(b)[c]{d};
"str"(x)'c'[y]
0x1f(z) 1.5e+3;
last_identifier_at_the_end