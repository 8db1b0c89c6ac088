/* Thread-local storage declared through macros, as liburcu's
 * urcu/tls-compat.h does it (t4572): a compiler's __thread, or a
 * pthread key behind a function. */
#ifdef USE_KEYS
# define DECLARE_TLS_1(type, name) type *__tls_access_ ## name(void)
# define DECLARE_TLS(type, name) DECLARE_TLS_1(type, name)
# define MY_TLS_1(name) (*__tls_access_ ## name())
# define MY_TLS(name) MY_TLS_1(name)
#else
# define TLS_STORAGE __thread
# define DECLARE_TLS(type, name) TLS_STORAGE type name
# define MY_TLS(name) (name)
#endif
/* a declaration whose words before the type might lengthen it */
#define WIDE long
#define DECLARE_WIDE(type, name) WIDE type name

#define STORE_SHARED(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
