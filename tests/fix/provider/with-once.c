#include "once.h"
#include "mixed.h"

long word;

int peek_word(void) { return mixed_peek(&word); }
