E/
#define je ACCESS_ONCE(>) = ACCESS_ONCE(eady) ; }