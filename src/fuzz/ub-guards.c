/*
 * The undefined-behaviour guards of the interestingness test.  A reducer
 * happily deletes an initialiser, a declaration or a return, and the
 * "bug" it then keeps is undefined behaviour; these guards reject such a
 * candidate.  They must accept the program the reduction starts from,
 * Csmith's own output, or the reducer has nothing to work with.
 *
 * Csmith's style trips one of them: it initialises and passes nested
 * pointers with added qualifiers ("volatile int32_t **p = &q;" with q an
 * int32_t *), which gcc calls incompatible pointer types (54 of the
 * warnings on seeds 1-30; no other guard warning fired).  Adding
 * qualifiers creates no undefined behaviour: the object is only ever
 * reached through an lvalue at least as qualified as it is defined.  Any
 * other incompatible pointer (int * from long *, or one that drops
 * volatile: C11 6.7.3p6 makes reaching a volatile object through a
 * non-volatile lvalue undefined) still fails the guard.
 */
#include "fuzz/fuzz.h"
#include "lib/run-command.h"

#include <stdlib.h>
#include <string.h>

/* Warnings that are the undefined behaviour a reducer introduces. */
static const char *const guard_errors[] = {
	"-Werror=uninitialized", "-Werror=maybe-uninitialized",
	"-Werror=implicit-function-declaration", "-Werror=implicit-int",
	"-Werror=return-type", "-Werror=int-conversion", "-Werror=main",
	"-Werror=array-bounds", "-Werror=div-by-zero",
	"-Werror=shift-count-overflow", "-Werror=sequence-point",
};

#define IPT "[-Wincompatible-pointer-types]"

/* Whether the line [s, end) contains needle. */
static int line_has(const char *s, const char *end, const char *needle)
{
	size_t n = strlen(needle);

	for (; s + n <= end; s++)
		if (!memcmp(s, needle, n))
			return 1;
	return 0;
}

/* The next quoted type in s (the aka spelling when there is one), into
 * out; returns where the scan stopped, or NULL when there is none. */
static const char *next_type(const char *s, const char *end, struct strbuf *out)
{
	for (;;) {
		const char *q = s, *e;
		size_t n;

		while (q < end && *q != '\'' && (unsigned char)*q != 0xe2)
			q++;
		if (q >= end)
			return NULL;
		/* "'" (LC_ALL=C) or the UTF-8 quotes gcc prints otherwise. */
		n = *q == '\'' ? 1 : 3;
		q += n;
		e = q;
		while (e < end && *e != '\'' && (unsigned char)*e != 0xe2)
			e++;
		if (e >= end)
			return NULL;
		strbuf_reset(out);
		strbuf_add(out, q, e - q);
		s = e + n;
		if (strncmp(s, " {aka ", 6))
			return s;
		s += 6;   /* the aka spelling follows: take it instead */
	}
}

/*
 * Count of word in a type, and the type without const/volatile, one
 * space after each name and each '*': gcc spells the same type
 * "int * volatile*" and "int **", so a '*' right after a qualifier (seed
 * 19 of --mode once: "volatile int16_t * volatile*" from "int16_t **")
 * and the spacing must not make two types differ.
 */
static int strip_quals(const char *t, struct strbuf *bare, const char *word)
{
	int count = 0;

	strbuf_reset(bare);
	while (*t) {
		size_t n = strcspn(t, " *");

		if (*t == ' ') {
			t++;
		} else if (*t == '*') {
			strbuf_addstr(bare, "* ");
			t++;
		} else if (n == 8 && !strncmp(t, "volatile", 8)) {
			count += !strcmp(word, "volatile");
			t += n;
		} else if (n == 5 && !strncmp(t, "const", 5)) {
			count += !strcmp(word, "const");
			t += n;
		} else {
			strbuf_add(bare, t, n);
			strbuf_addch(bare, ' ');
			t += n;
		}
	}
	return count;
}

/* "to" only adds qualifiers to "from": no undefined behaviour. */
static int adds_qualifiers(const char *to, const char *from)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	int ok;

	ok = strip_quals(to, &a, "volatile") >= strip_quals(from, &b, "volatile");
	ok = ok && !strcmp(strbuf_str(&a), strbuf_str(&b));
	ok = ok && strip_quals(to, &a, "const") >= strip_quals(from, &b, "const");
	strbuf_release(&a);
	strbuf_release(&b);
	return ok;
}

/*
 * Every incompatible-pointer warning in gcc's messages err: 0 when each
 * one only adds qualifiers, else -1 with the offending line in *why.
 */
static int pointer_warnings_ok(const char *err, struct strbuf *why)
{
	struct strbuf to = STRBUF_INIT, from = STRBUF_INIT;
	const char *line = err;
	int ret = 0;

	while (*line && !ret) {
		const char *end = line + strcspn(line, "\n");
		const char *s = NULL;
		int swap = 0;

		if (line_has(line, end, IPT)) {
			if (line_has(line, end, "passing argument")) {
				/* The types are on the note that follows:
				 * "expected 'TO' but argument is of type 'FROM'". */
				const char *note = strstr(end, "note: expected ");
				s = note;
			} else {
				/* "returning 'FROM' from a function with
				 * incompatible return type 'TO'", or
				 * "initialization of 'TO' from incompatible
				 * pointer type 'FROM'" (assignment to...). */
				s = line;
				swap = line_has(line, end, "returning ");
			}
			if (!s || !(s = next_type(s, s + strcspn(s, "\n"), &to)) ||
			    !next_type(s, s + strcspn(s, "\n"), &from) ||
			    !(swap ? adds_qualifiers(strbuf_str(&from), strbuf_str(&to))
				   : adds_qualifiers(strbuf_str(&to), strbuf_str(&from)))) {
				strbuf_addf(why, "%.*s", (int)(end - line), line);
				ret = -1;
			}
		}
		line = *end ? end + 1 : end;
	}
	strbuf_release(&to);
	strbuf_release(&from);
	return ret;
}

/* Run argv (NULL-terminated inside): 0 when it exits 0; its messages in
 * *err.  A message on stderr fails it when quiet is asked for. */
static int run_step(struct strlist *argv, unsigned timeout_ms, int quiet,
		    struct strbuf *err, struct strbuf *why)
{
	struct child ch = CHILD_INIT;
	int ret = 0;

	strlist_push_nodup(argv, NULL);
	ch.argv = (const char *const *)argv->items;
	ch.timeout_ms = timeout_ms;
	if (run_child(&ch) || !child_ok(&ch) || (quiet && ch.err.len)) {
		const char *e = strbuf_str(&ch.err);
		const char *first = strstr(e, "error");

		if (!first)
			first = e;
		while (first > e && first[-1] != '\n')
			first--;
		strbuf_addf(why, "%s %s: %.*s", argv->items[0], child_describe(&ch),
			    (int)strcspn(first, "\n"), first);
		ret = -1;
	}
	if (err)
		strbuf_addstr(err, strbuf_str(&ch.err));
	child_release(&ch);
	argv->nr--;
	strlist_clear(argv);
	return ret;
}

/* -I for csmith.h, and for rwonce.h when there is one. */
static void push_includes(struct strlist *argv, const char *incdir,
			  const char *rwonce_incdir)
{
	strlist_push(argv, "-I");
	strlist_push(argv, incdir);
	if (rwonce_incdir) {
		strlist_push(argv, "-I");
		strlist_push(argv, rwonce_incdir);
	}
}

int ub_guards(const char *src, const char *incdir, const char *rwonce_incdir,
	      const char *dir, unsigned timeout_ms, struct strbuf *why)
{
	struct strlist argv = STRLIST_INIT;
	struct strbuf err = STRBUF_INIT;
	char *obj = xasprintf("%s/guard.o", dir), *exe = xasprintf("%s/guard-san", dir);
	int ret = -1;

	/* -O2 for the flow analysis behind -Wmaybe-uninitialized; the
	 * other warnings (Csmith's constants draw -Woverflow) are not
	 * guards and are ignored. */
	strlist_push(&argv, "gcc");
	strlist_push(&argv, "-O2");
	strlist_push(&argv, "-c");
	strlist_push(&argv, "-fno-diagnostics-show-caret");
	strlist_push(&argv, "-fno-diagnostics-color");
	for (size_t i = 0; i < ARRAY_SIZE(guard_errors); i++)
		strlist_push(&argv, guard_errors[i]);
	strlist_push(&argv, "-Wincompatible-pointer-types");
	push_includes(&argv, incdir, rwonce_incdir);
	strlist_push(&argv, "-o");
	strlist_push(&argv, obj);
	strlist_push(&argv, src);
	if (run_step(&argv, 60000, 0, &err, why) || pointer_warnings_ok(strbuf_str(&err), why))
		goto out;
	strlist_push(&argv, "gcc");
	strlist_push(&argv, "-O0");
	strlist_push(&argv, "-w");
	strlist_push(&argv, "-fsanitize=undefined,address");
	strlist_push(&argv, "-fno-sanitize-recover=all");
	push_includes(&argv, incdir, rwonce_incdir);
	strlist_push(&argv, "-o");
	strlist_push(&argv, exe);
	strlist_push(&argv, src);
	if (run_step(&argv, 60000, 1, NULL, why))
		goto out;
	strlist_push(&argv, exe);
	if (run_step(&argv, timeout_ms, 1, NULL, why))
		goto out;
	ret = 0;
out:
	strbuf_release(&err);
	free(obj);
	free(exe);
	return ret;
}
