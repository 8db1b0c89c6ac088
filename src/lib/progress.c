#define _GNU_SOURCE /* PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP */
#include "lib/progress.h"
#include "lib/clock.h"
#include "lib/strbuf.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* recursive: a message printed between progress_hold() and
 * progress_release() holds it again (fput_message()) */
static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static int on;            /* under lock, like the rest */
static int shown;         /* a line is on the screen */
static double not_before; /* the delay's end */
static double last;       /* when it was last written */

int progress_wanted(int wanted)
{
	const char *np = getenv("NO_PROGRESS");
	const char *term = getenv("TERM");

	if (!wanted || (np && *np))
		return 0;
	if (term && !strcmp(term, "dumb"))
		return 0;
	return isatty(2);
}

int progress_start(int wanted, double delay)
{
	int want = progress_wanted(wanted);

	pthread_mutex_lock(&lock);
	on = want;
	not_before = now_seconds() + delay;
	last = 0;
	pthread_mutex_unlock(&lock);
	return want;
}

static void erase_locked(void)
{
	if (shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		shown = 0;
	}
}

/* Under lock: is a line due at t? */
static int due_locked(int force, double t)
{
	return on && t >= not_before && (force || t - last >= 0.1);
}

int progress_due(int force)
{
	int r;

	pthread_mutex_lock(&lock);
	r = on && due_locked(force, now_seconds());
	pthread_mutex_unlock(&lock);
	return r;
}

void progress_show(int force, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	double t;

	pthread_mutex_lock(&lock);
	t = on ? now_seconds() : 0;
	if (!due_locked(force, t)) {
		pthread_mutex_unlock(&lock);
		return;
	}
	last = t;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\r%s\033[K", sb.buf);
	fflush(stderr);
	shown = 1;
	pthread_mutex_unlock(&lock);
	strbuf_release(&sb);
}

void progress_hold(void)
{
	pthread_mutex_lock(&lock);
	erase_locked();
}

void progress_release(void)
{
	pthread_mutex_unlock(&lock);
}

void progress_stop(void)
{
	pthread_mutex_lock(&lock);
	erase_locked();
	on = 0;
	pthread_mutex_unlock(&lock);
}
