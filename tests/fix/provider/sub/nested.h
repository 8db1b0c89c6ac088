/* Found through two levels of #include "...". */
#include "../once.h"
