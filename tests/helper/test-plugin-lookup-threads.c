/*
 * trace_qemu_plugin() from several threads at once, as verify's and
 * fuzz's -j workers call it (tests/t0700-tsan-plugin-lookup.t runs this
 * in the test-tool of the -fsanitize=thread build): each must get the
 * path, and TSan must see no race on the buffer it is written to.
 *
 *   test-tool plugin-lookup-threads PATH   (with RWONCE_QEMU_PLUGIN=PATH)
 */
#include "test-tool.h"
#include "lib/strbuf.h"
#include "trace/trace.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4
#define ROUNDS 200

static const char *want;

static void *look(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		struct strbuf why = STRBUF_INIT;
		const char *got = trace_qemu_plugin(&why);

		if (!got || strcmp(got, want)) {
			fprintf(stderr, "plugin-lookup-threads: got %s, not %s%s%s\n",
				got ? got : "nothing", want,
				why.len ? ": " : "", why.len ? why.buf : "");
			exit(1);
		}
		strbuf_release(&why);
	}
	return NULL;
}

int cmd__plugin_lookup_threads(int argc, const char **argv)
{
	pthread_t t[THREADS];

	if (argc != 2) {
		fprintf(stderr, "usage: test-tool plugin-lookup-threads PATH\n");
		return 2;
	}
	want = argv[1];
	for (int i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], NULL, look, NULL))
			return 2;
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	puts("ok");
	return 0;
}
