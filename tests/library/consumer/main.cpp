#include "main.c" /* the same consumer, as C++ */
