#include "values.c" /* the C test, compiled as C++ */
