/*
 * The interestingness test of a reduction, "rwonce fuzz --check-one":
 * is this candidate program still the bug the campaign found?  It runs
 * the oracle on the two configurations that disagreed and then the
 * undefined-behaviour guards (ub-guards.c) a reducer needs.
 *
 * --mode once judges the once-mode oracle: the configurations compile
 * the program as the campaign did (--variant rwonce.h: the converted
 * program, with include/rwonce.h found through -I; volatile-cast:
 * Csmith's own ACCESS_ONCE), the marks are read from the candidate
 * itself, and the bug is either a differential class (--expect count:
 * the reference and the bad configuration disagree) or a marked site
 * of the bad configuration that is not one full-width access
 * (--expect-site torn|widened).  A rwonce.h candidate must still
 * include rwonce.h and compile with it in both configurations: else the
 * reducer would end with a program that no longer uses the library
 * (or that rwonce.h refuses), which shows nothing about it.
 */
#include "fuzz/fuzz.h"
#include "lib/libexec.h"
#include "lib/parse-options.h"
#include "lib/tempdir.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --print-lines: per source line where they differ, how many accesses of
 * each kind the two configurations made to object obj ("line 553: r8
 * reference 7, here 6"; the line's equal counts too).  This is how a
 * count difference is tied to the construct a compiler mishandles. */
struct line_access {
	unsigned line;
	uint32_t off;
	uint16_t size;
	char kind;
	int side;               /* 0: the reference, 1: the bad one */
};

static int line_access_cmp(const void *a, const void *b)
{
	const struct line_access *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	return (x->kind > y->kind) - (x->kind < y->kind);
}

static void collect(struct line_access **v, size_t *nr, size_t *alloc,
		    const struct run *r, uint32_t obj, int side)
{
	for (size_t i = 0; i < r->nr; i++) {
		if (r->acc[i].obj != obj)
			continue;
		ALLOC_GROW(*v, *nr + 1, *alloc);
		(*v)[*nr].line = r->line[i];
		(*v)[*nr].off = r->acc[i].off;
		(*v)[*nr].size = r->acc[i].size;
		(*v)[*nr].kind = r->acc[i].kind;
		(*v)[*nr].side = side;
		(*nr)++;
	}
}

/* The run of v[k..end) equal to v[k] (one access kind, width and
 * offset on one line), counted per side into n; returns its end. */
static size_t count_run(const struct line_access *v, size_t k, size_t end,
			unsigned n[2])
{
	size_t i;

	n[0] = n[1] = 0;
	for (i = k; i < end && !line_access_cmp(&v[k], &v[i]); i++)
		n[v[i].side]++;
	return i;
}

/* Sorted, so each source line is one run of v: a line is printed whole
 * when any of its runs differs. */
static void print_line_differences(const struct judgement *j, uint32_t obj)
{
	struct line_access *v = NULL;
	size_t nr = 0, alloc = 0, l, lend, k;
	unsigned n[2];

	collect(&v, &nr, &alloc, &j->ref, obj, 0);
	collect(&v, &nr, &alloc, &j->bad, obj, 1);
	if (nr)
		sane_qsort(v, nr, sizeof(*v), line_access_cmp);
	for (l = 0; l < nr; l = lend) {
		int differs = 0;

		for (lend = l; lend < nr && v[lend].line == v[l].line; lend++)
			;
		for (k = l; k < lend && !differs; ) {
			k = count_run(v, k, lend, n);
			differs = n[0] != n[1];
		}
		for (k = l; differs && k < lend; ) {
			size_t first = k;

			k = count_run(v, k, lend, n);
			if (v[first].line)
				printf("  line %u: ", v[first].line);
			else
				printf("  line ?: ");
			printf("%c%u", v[first].kind, v[first].size);
			if (v[first].off)
				printf("@%+d", (int32_t)v[first].off);
			printf(" reference %u, here %u\n", n[0], n[1]);
		}
	}
	free(v);
}

/* --print-accesses: the whole sequences of each object that differs,
 * for triage (a result line shows the first 12 of the first object). */
static void print_differing(const struct judgement *j)
{
	for (size_t i = 0; i < j->objs.nr; i++) {
		char *x = describe_object_accesses(&j->ref, (uint32_t)i, SIZE_MAX);
		char *y = describe_object_accesses(&j->bad, (uint32_t)i, SIZE_MAX);

		if (strcmp(x, y)) {
			printf("%s: reference %s; here %s\n", j->objs.o[i].name, x, y);
			if (j->ref.line && j->bad.line)
				print_line_differences(j, (uint32_t)i);
		}
		free(x);
		free(y);
	}
}

/* A --ref or --bad configuration, compiling the given variant's program. */
static int one_config(struct grid *g, const char *spec, enum fuzz_variant variant)
{
	static const struct grid_variant variants[] = {
		[VARIANT_CSMITH] = { VARIANT_CSMITH, "" },
		[VARIANT_RWONCE_H] = { VARIANT_RWONCE_H, "rwonce.h" },
		[VARIANT_VOLATILE_CAST] = { VARIANT_VOLATILE_CAST, "volatile-cast" },
	};
	struct grid_request rq;
	int ret;

	memset(&rq, 0, sizeof(rq));
	rq.variants = &variants[variant];
	rq.nr_variants = 1;
	ret = grid_request_one(&rq, spec) || grid_expand(g, &rq) ? -1 : 0;
	grid_request_release(&rq);
	if (!ret && g->nr != 1)
		ret = error("'%s' is not one configuration", spec);
	return ret;
}

int fuzz_check_one(int argc, const char **argv)
{
	const char *ref_s = NULL, *bad_s = NULL, *expect_s = NULL, *site_s = NULL;
	const char *mode_s = "volatile", *variant_s = "rwonce.h";
	int check_one = 0, timeout_s = 10, once, print_accesses = 0, print_lines = 0;
	struct grid ref, bad;
	struct oracle_opts oo;
	struct strbuf why = STRBUF_INIT;
	struct judgement j;
	enum fuzz_variant variant = VARIANT_CSMITH;
	const char *dir;
	int expect = -1, expect_site = -1, ret = 1;
	static const char *const usage[] = {
		"rwonce fuzz --check-one --ref CC:TARGET:OPT --bad CC:TARGET:OPT --expect CLASS FILE.c",
		"rwonce fuzz --check-one --mode once [--variant rwonce.h|volatile-cast] --ref CC:TARGET:OPT --bad CC:TARGET:OPT (--expect CLASS | --expect-site torn|widened) FILE.c",
		NULL
	};
	struct option opts[] = {
		OPT_BOOL(0, "check-one", &check_one, "check one program (exit 0: still interesting)"),
		OPT_STRING(0, "mode", &mode_s, "MODE", "volatile (default), or once: judge the marked sites too"),
		OPT_STRING(0, "variant", &variant_s, "NAME", "--mode once: the program is rwonce.h's (default) or volatile-cast"),
		OPT_STRING(0, "ref", &ref_s, "CC:TARGET:OPT", "the reference configuration"),
		OPT_STRING(0, "bad", &bad_s, "CC:TARGET:OPT", "the configuration that disagrees"),
		OPT_STRING(0, "expect", &expect_s, "CLASS", "count, order, torn, widened, checksum..."),
		OPT_STRING(0, "expect-site", &site_s, "CLASS", "--mode once: the bad configuration's marked sites are torn or widened"),
		OPT_INT(0, "timeout", &timeout_s, "SECONDS", "kill a program after this long (default 10)"),
		OPT_BOOL(0, "print-accesses", &print_accesses, "print every access of each object that differs (the results show 12)"),
		OPT_BOOL(0, "print-lines", &print_lines, "--print-accesses, and per source line where the two differ (compiles with -g)"),
		OPT_END(),
	};

	argc = parse_options(argc, argv, opts, usage);
	if (argc != 1 || !ref_s || !bad_s || !!expect_s == !!site_s)
		usage_with_options(usage, opts);
	once = fuzz_mode_is_once(mode_s);
	if (expect_s && (expect = verdict_class_parse(expect_s)) < 0)
		die("--expect: '%s' is not a verdict class", expect_s);
	if (site_s) {
		expect_site = verdict_class_parse(site_s);
		if (!once || (expect_site != VC_TORN && expect_site != VC_WIDENED))
			die("--expect-site: '%s' is not torn or widened, or --mode once is missing", site_s);
	}
	if (once) {
		if (!strcmp(variant_s, "rwonce.h"))
			variant = VARIANT_RWONCE_H;
		else if (!strcmp(variant_s, "volatile-cast"))
			variant = VARIANT_VOLATILE_CAST;
		else
			die("--variant: '%s' is not rwonce.h or volatile-cast", variant_s);
	}
	memset(&oo, 0, sizeof(oo));
	if (one_config(&ref, ref_s, variant) || one_config(&bad, bad_s, variant))
		return EXIT_TROUBLE;
	oo.include_dir = csmith_include_dir(&why);
	if (!oo.include_dir)
		die("%s", why.buf);
	if (once) {
		const char *probes;

		libexec_data_dirs(&probes, &oo.rwonce_include_dir);
	}
	oo.run_timeout_ms = (unsigned)timeout_s * 1000;
	oo.compile_timeout_ms = 60000;
	oo.line_tables = print_lines;
	dir = tempdir_create("check-one");
	/* Cheap refusals first: a rwonce.h candidate without the include
	 * is not one any more. */
	if (variant == VARIANT_RWONCE_H) {
		char *text = read_file(argv[0], NULL);
		int has = text && once_includes_rwonce_h(text);

		free(text);
		if (!has) {
			fput_visible_line(stderr, "rwonce fuzz --check-one: %s: does not #include \"rwonce.h\"",
				argv[0]);
			tempdir_remove(dir);
			return 1;
		}
	}
	/* The oracle next: most candidates a reducer tries fail there,
	 * and it is cheaper than the guards. */
	if (!judge_pair(&ref.cfg[0], &bad.cfg[0], argv[0], &oo, once, dir, &j) &&
	    (expect < 0 || j.v.cls == (enum verdict_class)expect) &&
	    (expect_site < 0 || j.bad.site_cls == (enum verdict_class)expect_site))
		ret = 0;
	fput_visible_line(stderr, "rwonce fuzz --check-one: %s: %s%s%s", argv[0],
		verdict_class_name(j.v.cls), j.v.detail ? ": " : "",
		j.v.detail ? j.v.detail : "");
	if (once)
		fput_visible_line(stderr, "rwonce fuzz --check-one: %s: marked sites of %s: %s%s%s",
			argv[0], bad_s, site_class_name(&j.bad),
			j.bad.site_detail ? ": " : "", j.bad.site_detail ? j.bad.site_detail : "");
	if (print_accesses || print_lines)
		print_differing(&j);
	if (!ret && ub_guards(argv[0], oo.include_dir, oo.rwonce_include_dir, dir,
			      oo.run_timeout_ms, &why)) {
		fput_visible_line(stderr, "rwonce fuzz --check-one: %s: undefined behaviour guard: %s",
			argv[0], why.buf);
		ret = 1;
	}
	judgement_release(&j);
	grid_release(&ref);
	grid_release(&bad);
	strbuf_release(&why);
	tempdir_remove(dir);
	return ret;
}
