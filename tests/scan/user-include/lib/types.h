/* The library's types (tests/t4300-scan-user-discovery.t): named in the
 * line tables, so its folder is one of their include folders. */
#ifndef USER_LIB_TYPES_H
#define USER_LIB_TYPES_H

struct pair { unsigned int a, b; };
struct narrow { unsigned short lo, hi; unsigned long long wide; };

#endif
