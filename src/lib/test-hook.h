/*
 * Pauses for the tests of races (a file deleted or changed while rwonce
 * works on it), which cannot be hit reliably by timing: with the variable
 * set to a FIFO, rwonce writes what it is about to do to the FIFO and
 * waits for a line back, and the test changes the file in between.
 * Unset in normal use, where the check is one getenv() per run.
 */
#ifndef RWONCE_LIB_TEST_HOOK_H
#define RWONCE_LIB_TEST_HOOK_H

/* The FIFO named by env_var, or NULL when the hook is off (the variable
 * unset, or not naming a FIFO). */
const char *test_hook_fifo(const char *env_var);

/* Write what (one line) to fifo, then wait for a line back. */
void test_hook_pause(const char *fifo, const char *what);

/*
 * Sleep for the microseconds env_var gives (nothing when it is unset or
 * not a number): a test that must land a signal inside a phase of many
 * short steps widens the phase with it instead of relying on the speed
 * of the machine it runs on.
 */
void test_hook_delay(const char *env_var);

#endif
