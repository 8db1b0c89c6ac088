/*
 * A driver for the shared helpers of src/lib/, for tests/t0020-lib.t:
 *
 *   lib-test pool NR JOBS        pool_run() over NR items on JOBS workers:
 *                                each item's result, the in_order calls,
 *                                the done count and the workers' state
 *   lib-test queue NR JOBS BOUND pool_start/push/finish over NR items
 *   lib-test json-write          each line of stdin as a JSON string
 *   lib-test json-read           stdin as one JSON value: the strings and
 *                                numbers in it, one a line, or the offset
 *                                where it is malformed
 *   lib-test split STRING...     the blank-separated words, one a line
 *   lib-test replace PATH        replace_file: PATH becomes stdin, whole;
 *                                on failure the step and errno's text
 */
#define _GNU_SOURCE /* memmem, to compare mem_find() with */
#include "test-tool.h"
#include "lib/json.h"
#include "lib/memfind.h"
#include "lib/pool.h"
#include "lib/replace-file.h"
#include "lib/shown-path.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>

/* ---- pool ---- */

struct pool_check {
	size_t nr;
	size_t *result;         /* per item: how often it ran */
	size_t *order;          /* the in_order calls, in call order */
	size_t nr_order, nr_done_max, done_calls;
	int workers_made, workers_ended;
	size_t queue_items_seen;
};

struct worker_state {
	size_t items;
};

static void *made(void *ctx)
{
	struct pool_check *c = ctx;

	__atomic_fetch_add(&c->workers_made, 1, __ATOMIC_RELAXED);
	return xcalloc(1, sizeof(struct worker_state));
}

static void ended(void *worker, void *ctx)
{
	struct pool_check *c = ctx;

	c->workers_ended++;
	free(worker);
}

/* Odd items take longer, so that later items finish first. */
static void work(size_t i, void *worker, void *ctx)
{
	struct pool_check *c = ctx;

	((struct worker_state *)worker)->items++;
	if (i % 2)
		usleep(2000);
	__atomic_fetch_add(&c->result[i], 1, __ATOMIC_RELAXED);
}

static void done(size_t i, size_t nr_done, void *ctx)
{
	struct pool_check *c = ctx;

	(void)i;
	c->done_calls++;
	if (nr_done > c->nr_done_max)
		c->nr_done_max = nr_done;
}

static void in_order(size_t i, void *ctx)
{
	struct pool_check *c = ctx;

	c->order[c->nr_order++] = i;
}

static void queue_work(void *item, void *worker, void *ctx)
{
	work(*(size_t *)item, worker, ctx);
	free(item);
}

static int report(const struct pool_check *c, int with_order)
{
	size_t twice = 0, never = 0, out_of_order = 0;

	for (size_t i = 0; i < c->nr; i++) {
		twice += c->result[i] > 1;
		never += c->result[i] == 0;
	}
	for (size_t i = 0; i < c->nr_order; i++)
		out_of_order += c->order[i] != i;
	printf("items %zu, ran twice %zu, never %zu\n", c->nr, twice, never);
	printf("done calls %zu, last count %zu\n", c->done_calls, c->nr_done_max);
	if (with_order)
		printf("in_order calls %zu, out of order %zu\n", c->nr_order,
		       out_of_order);
	printf("workers %d, %s\n", c->workers_made,
	       c->workers_made == c->workers_ended ? "each ended once" :
	       "not each ended once");
	return 0;
}

static int test_pool(int argc, const char **argv, int queue)
{
	struct pool_check c;
	struct pool_options o;

	if (argc < (queue ? 5 : 4))
		return error("usage: lib-test %s NR JOBS%s", argv[1],
			     queue ? " BOUND" : "");
	memset(&c, 0, sizeof(c));
	c.nr = strtoul(argv[2], NULL, 10);
	c.result = xcalloc(c.nr + 1, sizeof(*c.result));
	c.order = xcalloc(c.nr + 1, sizeof(*c.order));
	memset(&o, 0, sizeof(o));
	o.jobs = atoi(argv[3]);
	o.ctx = &c;
	o.worker_init = made;
	o.worker_done = ended;
	o.done = done;
	if (!queue) {
		o.in_order = in_order;
		pool_run(c.nr, work, &o);
	} else {
		struct pool *p = pool_start(&o, strtoul(argv[4], NULL, 10), queue_work);

		for (size_t i = 0; i < c.nr; i++) {
			size_t *item = xmalloc(sizeof(*item));

			*item = i;
			pool_push(p, item);
		}
		pool_finish(p, NULL);
	}
	report(&c, !queue);
	free(c.result);
	free(c.order);
	return 0;
}

/* ---- strbuf: formats against snprintf ---- */

/*
 * strbuf_addf (one vsnprintf into the spare room, again when it did not
 * fit), xasprintf (a small buffer first), strbuf_add_uint and
 * strbuf_addchars, each against snprintf's own text, for lengths on
 * both sides of the room: prints the mismatches and a count.
 */
static int test_strbuf(void)
{
	struct strbuf sb = STRBUF_INIT;
	char want[4096], pad[1024];
	size_t wlen = 0, bad = 0, checks = 0;
	static const unsigned long long nums[] = {
		0, 7, 10, 99999, 100000, 4294967295ull, 18446744073709551615ull,
	};

	memset(pad, 'x', sizeof(pad));
	for (int n = 0; n < 300; n += 7) {
		char *a = xasprintf("%d:%.*s|", n, n, pad);
		int k = snprintf(want + wlen, sizeof(want) - wlen, "%d:%.*s|", n,
				 n, pad);

		strbuf_addf(&sb, "%d:%.*s|", n, n, pad);
		checks += 2;
		bad += strcmp(a, want + wlen) != 0;
		free(a);
		wlen += (size_t)k;
		if (wlen > 3000) {
			bad += sb.len != wlen || strcmp(sb.buf, want) != 0;
			strbuf_reset(&sb);
			wlen = 0;
		}
	}
	bad += sb.len != wlen || strcmp(sb.buf, want) != 0;
	for (size_t i = 0; i < ARRAY_SIZE(nums); i++)
		for (int w = 0; w <= 22; w += 5) {
			strbuf_reset(&sb);
			strbuf_addch(&sb, '<');
			strbuf_add_uint(&sb, nums[i], w);
			strbuf_addchars(&sb, '~', (size_t)w);
			snprintf(want, sizeof(want), "<%*llu%.*s", w, nums[i], w,
				 "~~~~~~~~~~~~~~~~~~~~~~~~~");
			checks++;
			if (strcmp(sb.buf, want) || sb.len != strlen(want)) {
				printf("mismatch: [%s] [%s]\n", sb.buf, want);
				bad++;
			}
		}
	strbuf_release(&sb);
	printf("strbuf: %zu checks, %zu wrong\n", checks, bad);
	return bad != 0;
}

/* ---- JSON ---- */

static int json_write(void)
{
	char line[4096];

	while (fgets(line, sizeof(line), stdin)) {
		struct strbuf sb = STRBUF_INIT;

		line[strcspn(line, "\n")] = '\0';
		json_add_string(&sb, line);
		puts(sb.buf);
		strbuf_release(&sb);
	}
	return 0;
}

/* Print the strings and numbers of one value; -1 where it is malformed. */
static int walk_value(struct json_reader *j)
{
	struct strbuf sb = STRBUF_INIT;
	uint64_t n;
	int c = json_peek(j), r = 0;

	if (c == '"') {
		r = json_read_string(j, &sb);
		if (!r)
			printf("string %zu [%s]\n", sb.len, sb.buf);
	} else if (c >= '0' && c <= '9') {
		r = json_read_u64(j, &n);
		if (r == -2)
			printf("number out of range\n");
		else if (!r)
			printf("number %" PRIu64 "\n", n);
	} else if (c == '[' || c == '{') {
		char close = c == '[' ? ']' : '}';

		json_eat(j, (char)c);
		if (!json_eat(j, close)) {
			do {
				if (close == '}') {
					r = json_read_string(j, &sb);
					if (r || !json_eat(j, ':')) {
						r = -1;
						break;
					}
					printf("key [%s]\n", sb.buf);
				}
				r = walk_value(j);
			} while (!r && json_eat(j, ','));
			if (!r && !json_eat(j, close))
				r = -1;
		}
	} else {
		r = json_skip_value(j);
		if (!r)
			printf("other\n");
	}
	strbuf_release(&sb);
	return r;
}

static int json_read(void)
{
	struct strbuf in = STRBUF_INIT;
	struct json_reader j;
	char buf[4096];
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), stdin)) > 0)
		strbuf_add(&in, buf, n);
	json_reader_init(&j, strbuf_str(&in), in.len);
	if (walk_value(&j) || !json_at_end(&j)) {
		printf("malformed at byte %zu\n", json_offset(&j));
		strbuf_release(&in);
		return 1;
	}
	strbuf_release(&in);
	return 0;
}

/* ---- replace-file ---- */

static int replace(const char *path)
{
	struct strbuf in = STRBUF_INIT;
	struct replace_file r;
	const char *step = "begin";
	char buf[4096];
	size_t n;
	int ret = 0;

	while ((n = fread(buf, 1, sizeof(buf), stdin)) > 0)
		strbuf_add(&in, buf, n);
	if (replace_file_begin(&r, path) < 0 ||
	    (step = "write", replace_file_write(&r, strbuf_str(&in), in.len) < 0) ||
	    (step = "commit", replace_file_commit(&r) < 0)) {
		printf("%s failed: %s\n", step, strerror(errno));
		replace_file_abort(&r);
		ret = 1;
	}
	strbuf_release(&in);
	return ret;
}

/*
 * mem_find() against memmem() (lib/memfind.h), with AVX2 where the
 * processor has it or (--sse2) 16 positions at a time: every needle of
 * 0-20 bytes cut from random buffers of 0-200 bytes over a four-letter
 * alphabet (so that partial matches abound), at every offset, and
 * needles that are not there.  Prints the number of searches and of
 * answers that differ, and the first difference.
 */
static int test_memfind(int sse2_only)
{
	unsigned seed = 35;
	size_t searches = 0, differ = 0;
	char hay[256], nd[32];

	mem_find_without_avx2(sse2_only);
	for (int round = 0; round < 4000; round++) {
		size_t n = (size_t)(rand_r(&seed) % 201);

		for (size_t i = 0; i < n; i++)
			hay[i] = "abca"[rand_r(&seed) % 4] + (rand_r(&seed) % 9 ? 0 : 1);
		for (size_t m = 0; m <= 20; m++) {
			for (int kind = 0; kind < 2; kind++) {
				size_t at = n > m ? (size_t)rand_r(&seed) % (n - m + 1) : 0;
				const char *want, *got;

				if (kind == 0 && m <= n)
					memcpy(nd, hay + at, m);
				else
					for (size_t k = 0; k < m; k++)
						nd[k] = "abcd"[rand_r(&seed) % 4];
				for (size_t off = 0; off <= n; off += 1 + (off % 7)) {
					want = memmem(hay + off, n - off, nd, m);
					got = mem_find(hay + off, n - off, nd, m);
					searches++;
					if (want != got && !differ++)
						printf("differ: n=%zu off=%zu m=%zu "
						       "memmem %td mem_find %td\n", n,
						       off, m, want ? want - hay : -1,
						       got ? got - hay : -1);
				}
			}
		}
	}
	printf("%zu searches, %zu differ%s\n", searches, differ,
	       sse2_only ? " (16 positions at a time)" : "");
	mem_find_without_avx2(0);
	return differ != 0;
}

/*
 * mem_find_either() against two memmem() calls, with AVX2 where the
 * processor has it or (--sse2) 16 positions at a time: pairs of needles
 * of 0-20 bytes (cut from the buffer or not there) in random buffers of
 * 0-200 bytes over a four-letter alphabet, at every offset; then each
 * buffer placed so that it ends where an unreadable page begins (a load
 * past it would crash).  Prints the searches and the answers that
 * differ.
 */
static int test_memfind_either(int sse2_only)
{
	unsigned seed = 35;
	size_t searches = 0, differ = 0, page = (size_t)sysconf(_SC_PAGESIZE);
	char hay[256], na[32], nb[32];
	char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE))
		die_errno("mmap");
	mem_find_without_avx2(sse2_only);
	for (int round = 0; round < 1500; round++) {
		size_t n = (size_t)(rand_r(&seed) % 201);
		char *end = map + page - n;

		for (size_t i = 0; i < n; i++)
			hay[i] = "abca"[rand_r(&seed) % 4] + (rand_r(&seed) % 9 ? 0 : 1);
		memcpy(end, hay, n);
		for (int pair = 0; pair < 40; pair++) {
			size_t am = (size_t)rand_r(&seed) % 21;
			size_t bm = (size_t)rand_r(&seed) % 21;

			for (int side = 0; side < 2; side++) {
				char *nd = side ? nb : na;
				size_t m = side ? bm : am;
				size_t at = n > m ? (size_t)rand_r(&seed) % (n - m + 1) : 0;

				if (rand_r(&seed) % 3 && m <= n)
					memcpy(nd, hay + at, m);
				else
					for (size_t k = 0; k < m; k++)
						nd[k] = "abcd"[rand_r(&seed) % 4];
			}
			for (size_t off = 0; off <= n; off += 1 + (off % 5)) {
				int want = memmem(hay + off, n - off, na, am) ||
					   memmem(hay + off, n - off, nb, bm);
				int got = mem_find_either(hay + off, n - off, na, am,
							  nb, bm);
				int got_end = mem_find_either(end + off, n - off,
							      na, am, nb, bm);

				searches += 2;
				if (want == got && want == got_end)
					continue;
				if (!differ++)
					printf("differ: n=%zu off=%zu am=%zu bm=%zu "
					       "memmem %d either %d at a page's "
					       "end %d\n", n, off, am, bm, want,
					       got, got_end);
			}
		}
	}
	printf("%zu searches, %zu differ%s\n", searches, differ,
	       sse2_only ? " (16 positions at a time)" : "");
	mem_find_without_avx2(0);
	munmap(map, 2 * page);
	return differ != 0;
}

/* The first i with strncasecmp(hay + i, nd, m) == 0 and room for m
 * bytes: the plain search mem_find_nocase() must agree with. */
static const char *nocase_plain(const char *hay, size_t n, const char *nd,
				size_t m)
{
	for (size_t i = 0; i + m <= n; i++)
		if (!strncasecmp(hay + i, nd, m))
			return hay + i;
	return NULL;
}

/*
 * mem_find_nocase() against the plain search with strncasecmp(), with
 * AVX2 where the processor has it or (--sse2) 16 positions at a time:
 * needles of 0-20 bytes in lower case cut from random buffers of 0-200
 * bytes whose bytes are letters of both cases and the bytes that equal
 * one when ORed with 0x20 ('\r' and '-', '@' and '`', 'R' and 'r'), at
 * every offset; then each buffer placed so that it ends where an
 * unreadable page begins.  Prints the searches and the answers that
 * differ.
 */
static int test_memfind_nocase(int sse2_only)
{
	static const char alphabet[] = "rRwW\r-@`eE";
	unsigned seed = 35;
	size_t searches = 0, differ = 0, page = (size_t)sysconf(_SC_PAGESIZE);
	char hay[256], nd[32];
	char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE))
		die_errno("mmap");
	mem_find_without_avx2(sse2_only);
	for (int round = 0; round < 4000; round++) {
		size_t n = (size_t)(rand_r(&seed) % 201);
		char *end = map + page - n;

		for (size_t i = 0; i < n; i++)
			hay[i] = alphabet[rand_r(&seed) % (sizeof(alphabet) - 1)];
		memcpy(end, hay, n);
		for (size_t m = 0; m <= 20; m++) {
			for (int kind = 0; kind < 2; kind++) {
				size_t at = n > m ? (size_t)rand_r(&seed) % (n - m + 1) : 0;

				for (size_t k = 0; k < m; k++)
					nd[k] = (char)tolower((unsigned char)(
						kind == 0 && m <= n ? hay[at + k] :
						alphabet[rand_r(&seed) % (sizeof(alphabet) - 1)]));
				for (size_t off = 0; off <= n; off += 1 + (off % 7)) {
					const char *want = nocase_plain(hay + off, n - off, nd, m);
					const char *got = mem_find_nocase(hay + off, n - off, nd, m);
					const char *gend = mem_find_nocase(end + off, n - off, nd, m);

					searches += 2;
					if ((want != got || (want ? gend != end + (want - hay) : gend != NULL)) &&
					    !differ++)
						printf("differ: n=%zu off=%zu m=%zu "
						       "plain %td mem_find_nocase %td\n", n,
						       off, m, want ? want - hay : -1,
						       got ? got - hay : -1);
				}
			}
		}
	}
	printf("%zu searches, %zu differ%s\n", searches, differ,
	       sse2_only ? " (16 positions at a time)" : "");
	mem_find_without_avx2(0);
	munmap(map, 2 * page);
	return differ != 0;
}

/*
 * mem_count() against a byte-by-byte count, with AVX2 where the
 * processor has it or (--sse2) without: buffers of 0-300 bytes over
 * '\n', 'a', NUL and 0xff, each from every offset, for each of those
 * bytes and one that is not there, the buffer also placed so that it
 * ends where an unreadable page begins.  Prints the counts asked and
 * those that differ.
 */
static int test_memcount(int sse2_only)
{
	static const char alphabet[] = { '\n', 'a', '\0', (char)0xff };
	static const char wanted[] = { '\n', 'a', '\0', (char)0xff, 'z' };
	unsigned seed = 35;
	size_t asked = 0, differ = 0, page = (size_t)sysconf(_SC_PAGESIZE);
	char hay[320];
	char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE))
		die_errno("mmap");
	mem_find_without_avx2(sse2_only);
	for (int round = 0; round < 3000; round++) {
		size_t n = (size_t)(rand_r(&seed) % 301);
		char *end = map + page - n;

		for (size_t i = 0; i < n; i++)
			hay[i] = alphabet[rand_r(&seed) % sizeof(alphabet)];
		memcpy(end, hay, n);
		for (size_t k = 0; k < sizeof(wanted); k++)
			for (size_t off = 0; off <= n; off++) {
				size_t want = 0;

				for (size_t i = off; i < n; i++)
					want += hay[i] == wanted[k];
				asked += 2;
				if ((mem_count(hay + off, n - off, wanted[k]) != want ||
				     mem_count(end + off, n - off, wanted[k]) != want) &&
				    !differ++)
					printf("differ: n=%zu off=%zu byte=%d\n", n,
					       off, wanted[k]);
			}
	}
	printf("%zu counts, %zu differ%s\n", asked, differ,
	       sse2_only ? " (without AVX2)" : "");
	mem_find_without_avx2(0);
	munmap(map, 2 * page);
	return differ != 0;
}

int cmd__lib(int argc, const char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "memcount"))
		return test_memcount(argc == 3 && !strcmp(argv[2], "--sse2"));
	if (argc >= 2 && !strcmp(argv[1], "memfind-either"))
		return test_memfind_either(argc == 3 && !strcmp(argv[2], "--sse2"));
	if (argc >= 2 && !strcmp(argv[1], "memfind-nocase"))
		return test_memfind_nocase(argc == 3 && !strcmp(argv[2], "--sse2"));
	if (argc == 2 && !strcmp(argv[1], "memfind"))
		return test_memfind(0);
	if (argc == 3 && !strcmp(argv[1], "memfind") &&
	    !strcmp(argv[2], "--sse2"))
		return test_memfind(1);
	if (argc >= 2 && !strcmp(argv[1], "pool"))
		return test_pool(argc, argv, 0);
	if (argc >= 2 && !strcmp(argv[1], "queue"))
		return test_pool(argc, argv, 1);
	if (argc == 2 && !strcmp(argv[1], "strbuf"))
		return test_strbuf();
	if (argc == 2 && !strcmp(argv[1], "json-write"))
		return json_write();
	if (argc == 2 && !strcmp(argv[1], "json-read"))
		return json_read();
	if (argc >= 2 && !strcmp(argv[1], "split")) {
		struct strlist l = STRLIST_INIT;

		for (int i = 2; i < argc; i++)
			strlist_split_blanks(&l, argv[i]);
		for (size_t i = 0; i < l.nr; i++)
			printf("[%s]\n", l.items[i]);
		strlist_clear(&l);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "replace"))
		return replace(argv[2]);
	if (argc >= 2 && !strcmp(argv[1], "shown-path")) {
		/* each path as messages show it; "-": a path nobody gave */
		for (int i = 2; i < argc; i++)
			printf("[%s]\n", shown_path(strcmp(argv[i], "-") ?
						     argv[i] : NULL));
		return 0;
	}
	fprintf(stderr, "usage: lib-test memfind [--sse2]|pool|queue|json-write|json-read|split|replace|shown-path ...\n");
	return 2;
}
