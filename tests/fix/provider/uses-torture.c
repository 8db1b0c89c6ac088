/* Includes once.h, then torture.h. */
#include "once.h"
#include "torture.h"

int cell;

int peek_cell(void) { return torture_peek(&cell); }
