/*
 * The one clock the commands time their steps with: CLOCK_MONOTONIC, so
 * that a change of the wall clock during a run never gives a negative or
 * inflated duration.
 */
#ifndef RWONCE_LIB_CLOCK_H
#define RWONCE_LIB_CLOCK_H

/* Seconds since an arbitrary fixed point; only differences mean anything. */
double now_seconds(void);

#endif
