/* perf's session_done(): a macro and a variable of one name; only the
 * calls are uses of the macro, and they all read. */
#include "../kernel-access-once.h"
extern volatile int session_done;
#define session_done()	ACCESS_ONCE(session_done)
/* an object-like body written by every use: it has no arguments to take
 * the value, so it stays */
extern int stop_flag;
#define STOP_FLAG	ACCESS_ONCE(stop_flag)
