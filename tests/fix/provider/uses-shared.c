/* Includes shared.h, which fix gives rwonce.h; converts nothing itself
 * but uses peek(). */
#include "shared.h"

int value;

int get_value(void) { return peek(&value); }
