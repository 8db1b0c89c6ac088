/*
 * liburcu's shapes of an object spelled through header macros
 * (tests/t4395-scan-user-header-macros.t): a thread-local reached
 * through a macro defined one way per configuration, as
 * urcu/tls-compat.h's URCU_TLS(name) is (name) with __thread and
 * (*__tls_access_ ## name()) with pthread keys; a name given to one of
 * several globals by an object-like #define, as urcu/map/urcu-*.h's
 * rcu_gp; and a macro whose other reading calls a function the unit
 * has -- which one was compiled cannot be told.
 */
#ifndef USER_LIB_TLSMAC_H
#define USER_LIB_TLSMAC_H

#ifndef TLSMAC_KEYS
#define MY_TLS(name) (name)
#else
#define MY_TLS_1(name) (*my_tls_get_ ## name())
#define MY_TLS(name) MY_TLS_1(name)
#endif

#ifdef TLSMAC_FLAVOUR_B
#define cur_gp gp_flavour_b
#else
#define cur_gp gp_flavour_a
#endif

#ifdef TLSMAC_LOOKUP
#define SLOT(p) (*slot_lookup(&(p)))
#else
#define SLOT(p) (p)
#endif

/* code of this header's own: a line table names it, so discovery finds
 * the headers next to it */
static inline unsigned int tlsmac_mix(unsigned int a, unsigned int b)
{
	return a + (a >> (b & 7));
}

#endif
