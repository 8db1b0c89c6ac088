/* The unit that defines the externs of lib/cgglob.h
 * (tests/t4446-scan-user-other-unit-externs.t). */
#include <lib/cgglob.h>

__thread struct cg_group *cg_tg;
struct cg_group cg_groups[4];
unsigned short cg_count;
struct cg_group cg_group;
