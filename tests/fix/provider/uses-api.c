/* Includes api.h, which defines ACCESS_ONCE and barrier: rwonce.h comes
 * without its short names, and READ_ONCE/WRITE_ONCE are spelled as
 * rwonce.h spells them. */
#include "api.h"

int head, tail;

int pending(void) { return ACCESS_ONCE(head) - ACCESS_ONCE(tail); }
void advance(int n) { barrier(); ACCESS_ONCE(head) = n; }
