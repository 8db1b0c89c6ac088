/* One header of three by #if, as Open vSwitch's lib/ovs-atomic.h picks
 * ovs-atomic-c++.h, -c11.h, -clang.h ... (t4571). */
#if defined(__cplusplus)
#include "a-cxx.h"
#elif defined(PICK_OTHER)
#include "a-other.h"
#else
#include "b-c.h"
#endif
#include "c-inline.h"
