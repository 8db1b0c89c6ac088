/* One flavour's names (tests/t4452-scan-user-map-calls.t), as liburcu's
 * urcu/map/urcu-*.h: macros only. */
#ifndef USER_LIB_MAP_FLAVGP_A_H
#define USER_LIB_MAP_FLAVGP_A_H

#define flav_gp flav_gp_a

#endif
