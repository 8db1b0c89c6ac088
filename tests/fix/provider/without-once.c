#include "mixed.h"

long other;

int peek_other(void) { return mixed_peek(&other); }
