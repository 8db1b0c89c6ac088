/*
 * rwonce verify --emit-header FILE: a header for build systems that
 * blacklists by behaviour.  Each configuration verified is written as a
 * preprocessor condition on the macros its compiler predefines under its
 * flags -- compiler and version, target, the code-generation flags that
 * show (__OPTIMIZE__, __OPTIMIZE_SIZE__, __NO_INLINE__, sanitizers, ISA
 * extensions) -- and the library backend.  A build that matches a
 * configuration that broke the promise stops with #error naming what
 * broke; one that matches none verified ok stops too; one that matches a
 * configuration that kept it gets RWONCE_VERIFIED.
 *
 * What macros cannot tell apart counts as one: -O1, -O2 and -O3 all
 * define __OPTIMIZE__ and nothing else, so a header from a run that
 * checked -O2 also accepts -O3, and one where -O1 broke refuses -O2.
 */
#include "verify/verify.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Flags that change code generation and show as a predefined macro;
 * recorded both ways (defined or not) so that they must match. */
static const char *const flag_macros[] = {
	"__OPTIMIZE__", "__OPTIMIZE_SIZE__", "__NO_INLINE__",
	"__SANITIZE_THREAD__", "__SANITIZE_ADDRESS__",
	"__AVX__", "__AVX2__", "__AVX512F__", "__ARM_FEATURE_ATOMICS",
	"__ARM_FEATURE_SVE", "__thumb__", "__riscv_atomic",
};

/* The value of "#define NAME VALUE" in macros, or NULL when undefined. */
static char *macro_value(const char *macros, const char *name)
{
	size_t n = strlen(name);

	for (const char *s = macros; (s = strstr(s, "#define ")); s++) {
		const char *v = s + 8;

		if (strncmp(v, name, n) || (v[n] != ' ' && v[n] != '\n'))
			continue;
		v += n + (v[n] == ' ');
		return xstrndup(v, strcspn(v, "\n"));
	}
	return NULL;
}

static void add_equal(struct strbuf *cond, const char *macros,
		      const char *name)
{
	char *v = macro_value(macros, name);

	strbuf_addf(cond, " && %s == %s", name, v && *v ? v : "0");
	free(v);
}

/* The condition that holds for a build like configuration c. */
static char *config_condition(const struct build_config *c, const char *macros)
{
	struct strbuf cond = STRBUF_INIT;

	if (c->cc->family == CC_CLANG) {
		strbuf_addstr(&cond, "defined(__clang__)");
		add_equal(&cond, macros, "__clang_major__");
		add_equal(&cond, macros, "__clang_minor__");
		add_equal(&cond, macros, "__clang_patchlevel__");
	} else if (c->cc->family == CC_TCC) {
		strbuf_addstr(&cond, "defined(__TINYC__)");
		add_equal(&cond, macros, "__TINYC__");
	} else {
		strbuf_addstr(&cond, "defined(__GNUC__) && !defined(__clang__) && !defined(__TINYC__)");
		add_equal(&cond, macros, "__GNUC__");
		add_equal(&cond, macros, "__GNUC_MINOR__");
		add_equal(&cond, macros, "__GNUC_PATCHLEVEL__");
	}
	strbuf_addstr(&cond, " \\\n    ");
	/* the macros that tell the targets apart (targets.def) */
	for (const struct target *const *t = targets; *t; t++) {
		char *v = macro_value(macros, (*t)->arch_macro);

		if (v)
			strbuf_addf(&cond, " && defined(%s)", (*t)->arch_macro);
		free(v);
	}
	add_equal(&cond, macros, "__SIZEOF_POINTER__");
	add_equal(&cond, macros, "__BYTE_ORDER__");
	strbuf_addstr(&cond, " \\\n    ");
	for (size_t i = 0; i < ARRAY_SIZE(flag_macros); i++) {
		char *v = macro_value(macros, flag_macros[i]);

		strbuf_addf(&cond, " && %sdefined(%s)", v ? "" : "!", flag_macros[i]);
		free(v);
	}
	strbuf_addf(&cond, " \\\n     && %sdefined(RWONCE_BACKEND_ATOMIC)",
		    c->variant == BACKEND_ATOMIC ? "" : "!");
	return strbuf_detach(&cond);
}

static void c_string(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			strbuf_addch(sb, '\\');
		if ((unsigned char)*s >= ' ')
			strbuf_addch(sb, *s);
	}
	strbuf_addch(sb, '"');
}

/* Configurations with the same condition, judged together. */
struct variant {
	char *cond;
	struct strbuf labels;   /* "gcc x86_64 -O2; gcc x86_64 -O3" */
	struct strbuf broken;   /* "read_u32 duplicated (gcc x86_64 -O2), ..." */
};

static void add_to_variants(struct variant **v, size_t *nr, size_t *alloc,
			    const struct build_config *c, const struct config_result *r,
			    const struct probe_set *set)
{
	char *cond = config_condition(c, r->macros ? r->macros : "");
	const char *label = c->label;
	struct variant *it = NULL;

	for (size_t k = 0; k < *nr && !it; k++)
		if (!strcmp((*v)[k].cond, cond))
			it = &(*v)[k];
	if (!it) {
		ALLOC_GROW(*v, *nr + 1, *alloc);
		it = &(*v)[(*nr)++];
		it->cond = cond;
		strbuf_init(&it->labels);
		strbuf_init(&it->broken);
	} else {
		free(cond);
	}
	strbuf_addf(&it->labels, "%s%s", it->labels.len ? "; " : "", label);
	for (size_t i = 0; i < set->nr; i++) {
		const struct probe_result *pr = &r->probes[i];

		if (pr->ran && !set->p[i].control &&
		    (pr->verdict & ~V_UNOBSERVABLE))
			strbuf_addf(&it->broken, "%s%s %s (%s)",
				    it->broken.len ? ", " : "", set->p[i].name,
				    verdict_headline(pr->verdict), label);
	}
}

int header_check_writable(const char *path)
{
	char *copy = xstrdup(path);
	char *dir = dirname(copy);
	char *probe = xasprintf("%s/.rwonce-header.XXXXXX", dir);
	int fd = mkstemp(probe);
	int ret = 0;

	if (fd < 0) {
		ret = error("cannot write %s: %s (checked before running)",
			    path, strerror(errno));
	} else {
		close(fd);
		unlink(probe);
		if (access(path, F_OK) == 0 && access(path, W_OK) != 0) {
			ret = error("cannot write %s: %s (checked before running)",
				    path, strerror(errno));
		}
	}
	free(probe);
	free(copy);
	return ret;
}

int report_header(const char *path, const struct build_config *c, size_t nr,
		  const struct config_result *r, const struct probe_set *set)
{
	struct strbuf sb = STRBUF_INIT, all = STRBUF_INIT;
	struct variant *v = NULL;
	size_t nr_v = 0, alloc_v = 0;
	const char *kw = "#if";
	int ret;

	for (size_t k = 0; k < nr; k++) {
		strbuf_addf(&all, "%s%s", all.len ? "; " : "", c[k].label);
		add_to_variants(&v, &nr_v, &alloc_v, &c[k], &r[k], set);
	}
	strbuf_addstr(&sb, "/* Generated by rwonce verify: blacklisting by behaviour.\n"
		      " * Configurations checked:\n *   ");
	for (const char *s = strbuf_str(&all); *s; s++) {
		if (*s == '*' && s[1] == '/')
			continue;
		strbuf_addch(&sb, *s);
		if (*s == ';')
			strbuf_addstr(&sb, "\n *  ");
	}
	strbuf_addstr(&sb, "\n * A build is accepted only when its compiler and version, target,\n"
		      " * the code-generation flags its predefined macros show, and the\n"
		      " * library backend match a configuration that kept the promise.\n"
		      " * -O1, -O2 and -O3 look alike here and count as one.\n"
		      " */\n#ifndef RWONCE_VERIFIED_H\n#define RWONCE_VERIFIED_H\n");
	/* Broken first: a build that matches one is refused whatever else. */
	for (int broken = 1; broken >= 0; broken--)
		for (size_t k = 0; k < nr_v; k++) {
			if (!v[k].broken.len != !broken)
				continue;
			strbuf_addf(&sb, "%s %s\n", kw, v[k].cond);
			kw = "#elif";
			if (broken) {
				struct strbuf msg = STRBUF_INIT;

				strbuf_addf(&msg, "rwonce verify: this compiler breaks the "
					    "single-access promise: %s", v[k].broken.buf);
				strbuf_addstr(&sb, "#error ");
				c_string(&sb, msg.buf);
				strbuf_release(&msg);
			} else {
				strbuf_addstr(&sb, "#define RWONCE_VERIFIED ");
				c_string(&sb, v[k].labels.buf);
			}
			strbuf_addch(&sb, '\n');
		}
	strbuf_addstr(&sb, "#else\n#error ");
	{
		struct strbuf msg = STRBUF_INIT;

		strbuf_addf(&msg, "rwonce verify: this compiler, target, flags or "
			    "backend were not verified (verified: %s)", all.buf);
		c_string(&sb, msg.buf);
		strbuf_release(&msg);
	}
	strbuf_addstr(&sb, "\n#endif\n#endif\n");

	/* Atomically: a build that includes the file never sees half of it. */
	ret = verify_write_file(path, sb.buf, sb.len);
	for (size_t k = 0; k < nr_v; k++) {
		free(v[k].cond);
		strbuf_release(&v[k].labels);
		strbuf_release(&v[k].broken);
	}
	free(v);
	strbuf_release(&sb);
	strbuf_release(&all);
	return ret;
}
