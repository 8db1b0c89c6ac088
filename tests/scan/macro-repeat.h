/*
 * A header's macro that names its argument more than once, in the shape
 * of bdwgc's FINAL_MARK_BIT(sz) (gc_priv.h): two definitions under an
 * #if, which scan cannot tell apart -- the one compiled names sz twice
 * in the condition and the arm after it.  Fixture for
 * tests/t4531-scan-macro-repeat.t.
 */
#define LIMIT 4096
#define PER_LINE(sz) (LIMIT / (sz))
#ifdef ONE_BIT_PER_OBJECT
#  define LAST_BIT(sz) ((sz) > LIMIT ? 1 : PER_LINE(sz))
#else
#  define LAST_BIT(sz) ((sz) > LIMIT ? 64 : PER_LINE(sz) * (sz))
#endif
