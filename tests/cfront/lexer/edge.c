R"x(raw
)" ")x" LR"(a)" u8R"--(b)--" u8 R "y" R"bad delim(x)bad delim"
x = a\
->\
b; y = 1\
2; "str\
ing"; /\
* spliced comment *\
/ z;
// line comment \
 continued
w; %: include <a.h> 
#include_next <b.h>
#include "c.h"
#if 0
don't
#endif
int cafÃ© = 1; \u00e9x; Ã ÿþ $ident a@b 1'000 0x1p-3 1.e+5 a...b .. <::><%>
#define F(a, b) a##b(#a)
#define G (x)
# /* c */ define H\
  body
