/* The macro of tests/scan/deref-after.c's site: a header's macro, which
 * scan does not expand, so the site's type is not known. */
#define to_act(a) ((const struct act *)(a))
