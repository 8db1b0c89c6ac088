/*
 * Which file-scope objects of a program are volatile, read from its
 * declarations.  Csmith writes one declaration a line, but C-Vise
 * reshapes the program while reducing it, so this reads statements, not
 * lines: a file-scope statement up to its ';', function bodies skipped.
 *
 * An object counts when the object itself is volatile -- "volatile int
 * g", "int *volatile p", an array of those -- or when it is a struct or
 * union with a volatile member (an aggregate: its copies are
 * implementation-defined).  "volatile int *p" is a pointer to volatile,
 * not a volatile object: what it points to is watched only when that is
 * itself declared volatile, which Csmith's --strict-volatile-rule keeps.
 */
#include "fuzz/fuzz.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int is_ident(int c)
{
	return isalnum(c) || c == '_';
}

/* Does text contain word as a whole identifier? */
static const char *find_word(const char *text, size_t len, const char *word)
{
	size_t n = strlen(word);

	for (size_t i = 0; i + n <= len; i++)
		if (!memcmp(text + i, word, n) &&
		    (i == 0 || !is_ident(text[i - 1])) &&
		    (i + n == len || !is_ident(text[i + n])))
			return text + i;
	return NULL;
}

/* Remove comments and string/char literals (replaced by blanks). */
static char *strip_comments(const char *src)
{
	char *s = xstrdup(src);

	for (char *p = s; *p; p++) {
		if (p[0] == '/' && p[1] == '*') {
			char *e = strstr(p + 2, "*/");
			char *end = e ? e + 2 : p + strlen(p);
			memset(p, ' ', end - p);
			p = end - 1;
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				*p++ = ' ';
			if (!*p)
				break;
		} else if (*p == '"' || *p == '\'') {
			char q = *p;
			char *e = p + 1;
			while (*e && *e != q) {
				if (*e == '\\' && e[1])
					e++;
				e++;
			}
			memset(p, ' ', (*e ? e + 1 : e) - p);
			p = *e ? e : e - 1;
		} else if (*p == '#' ) {
			/* Preprocessor lines: up to the end of the line. */
			char *b = p;
			while (b > s && (b[-1] == ' ' || b[-1] == '\t'))
				b--;
			if (b == s || b[-1] == '\n') {
				while (*p && *p != '\n')
					*p++ = ' ';
				if (!*p)
					break;
			}
		}
	}
	return s;
}

static int tag_is_volatile(const struct strlist *tags, const char *spec, size_t len)
{
	for (size_t i = 0; i < tags->nr; i++)
		if (find_word(spec, len, tags->items[i]))
			return 1;
	return 0;
}

/* The scalar size named by a type specifier list; 0 when unknown. */
static unsigned scalar_size(const char *spec, size_t len, unsigned word)
{
	static const struct { const char *w; unsigned size; } names[] = {
		{ "int8_t", 1 }, { "uint8_t", 1 }, { "char", 1 },
		{ "int16_t", 2 }, { "uint16_t", 2 }, { "short", 2 },
		{ "int32_t", 4 }, { "uint32_t", 4 },
		{ "int64_t", 8 }, { "uint64_t", 8 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (find_word(spec, len, names[i].w))
			return names[i].size;
	if (find_word(spec, len, "long")) {
		const char *l = find_word(spec, len, "long");
		return find_word(l + 4, len - (l + 4 - spec), "long") ? 8 : word;
	}
	if (find_word(spec, len, "int") || find_word(spec, len, "unsigned") ||
	    find_word(spec, len, "signed"))
		return 4;
	return 0;
}

static void add_object(struct volobjs *out, const char *name, size_t n,
		       unsigned elem, int ptr)
{
	for (size_t i = 0; i < out->nr; i++)
		if (strlen(out->o[i].name) == n && !memcmp(out->o[i].name, name, n))
			return; /* a tentative definition seen again */
	ALLOC_GROW(out->o, out->nr + 1, out->alloc);
	memset(&out->o[out->nr], 0, sizeof(out->o[0]));
	out->o[out->nr].name = xstrndup(name, n);
	out->o[out->nr].elem = elem;
	out->o[out->nr].ptr = ptr;
	out->nr++;
}

/*
 * One declarator ("*volatile g_1[3]", initialiser already cut off) with
 * the declaration's specifiers.
 */
static void declarator(struct volobjs *out, const struct strlist *tags, const char *spec, size_t spec_len,
		       const char *d, size_t len, unsigned word)
{
	const char *name = NULL, *last_star = NULL;
	size_t name_len = 0;
	int spec_volatile = find_word(spec, spec_len, "volatile") != NULL;
	int aggregate = find_word(spec, spec_len, "struct") ||
			find_word(spec, spec_len, "union");

	if (memchr(d, '(', len))
		return; /* a function or a pointer to one */
	for (size_t i = 0; i < len; i++) {
		if (d[i] == '[')
			break;
		if (d[i] == '*')
			last_star = d + i;
		if (is_ident(d[i]) && (i == 0 || !is_ident(d[i - 1])) &&
		    !isdigit((unsigned char)d[i])) {
			size_t n = 0;
			while (i + n < len && is_ident(d[i + n]))
				n++;
			if (n != 8 || memcmp(d + i, "volatile", 8)) {
				if (!((n == 5 && !memcmp(d + i, "const", 5)) ||
				      (n == 8 && !memcmp(d + i, "restrict", 8)))) {
					name = d + i;
					name_len = n;
				}
			}
			i += n - 1;
		}
	}
	if (!name)
		return;
	if (last_star) {
		if (find_word(last_star, name - last_star, "volatile"))
			add_object(out, name, name_len, word, 1);
		return;
	}
	if (aggregate) {
		strlist_push_nodup(&out->aggregates, xstrndup(name, name_len));
		if (spec_volatile || tag_is_volatile(tags, spec, spec_len))
			add_object(out, name, name_len, 0, 0);
		return;
	}
	if (spec_volatile) {
		unsigned size = scalar_size(spec, spec_len, word);
		add_object(out, name, name_len, size, 0);
	}
}

/* A declaration-specifier keyword: -1 if w is none, 1 if it names (part
 * of) a basic type -- then the identifier after it is the declarator,
 * not a typedef name, even after a bare "unsigned" -- else 0. */
static int spec_keyword(const char *w, size_t n)
{
	static const struct { const char *w; int type; } kw[] = {
		{ "static", 0 }, { "extern", 0 }, { "const", 0 }, { "volatile", 0 },
		{ "register", 0 }, { "inline", 0 }, { "_Thread_local", 0 },
		{ "__thread", 0 }, { "struct", 0 }, { "union", 0 }, { "enum", 0 },
		{ "unsigned", 1 }, { "signed", 1 }, { "int", 1 }, { "char", 1 },
		{ "short", 1 }, { "long", 1 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (strlen(kw[i].w) == n && !memcmp(kw[i].w, w, n))
			return kw[i].type;
	return -1;
}

/* A file-scope statement, without its ';'. */
static void statement(struct volobjs *out, struct strlist *tags, const char *s, size_t len,
		      unsigned word)
{
	size_t i = 0, spec_end, start;
	int depth = 0;

	while (i < len && isspace((unsigned char)s[i]))
		i++;
	if (find_word(s + i, len - i, "typedef") == s + i)
		return;
	/* A struct/union definition: remember tags with volatile members. */
	{
		const char *brace = memchr(s + i, '{', len - i);
		if (brace) {
			const char *tag = s + i;
			size_t tl = brace - tag;
			const char *kw = find_word(tag, tl, "struct");
			if (!kw)
				kw = find_word(tag, tl, "union");
			/* A definition only when the brace follows "struct
			 * TAG": in "static struct S0 g_1 = {1, 2}" it is the
			 * initialiser of an object to keep. */
			if (kw) {
				const char *t = kw + (kw[0] == 's' ? 6 : 5);
				while (t < brace && isspace((unsigned char)*t))
					t++;
				while (t < brace && is_ident(*t))
					t++;
				while (t < brace && isspace((unsigned char)*t))
					t++;
				if (t != brace)
					kw = NULL;
			}
			if (kw && find_word(brace, len - (brace - s), "volatile")) {
				const char *t = kw + (kw[0] == 's' ? 6 : 5);
				while (t < brace && isspace((unsigned char)*t))
					t++;
				size_t n = 0;
				while (t + n < brace && is_ident(t[n]))
					n++;
				if (n)
					strlist_push_nodup(tags, xstrndup(t, n));
			}
			/* "struct S { ... } g;" is rare in Csmith: skip. */
			if (kw && brace < s + len)
				return;
		}
	}
	/* Specifiers: the leading keywords, plus one type name (int32_t or
	 * "struct S0"). */
	spec_end = i;
	for (int named = 0;;) {
		size_t j = spec_end, n = 0;
		int kw;

		while (j < len && isspace((unsigned char)s[j]))
			j++;
		while (j + n < len && is_ident(s[j + n]))
			n++;
		if (!n)
			break;
		if ((kw = spec_keyword(s + j, n)) >= 0) {
			int tagged = (n == 6 && !memcmp(s + j, "struct", 6)) ||
				     (n == 5 && !memcmp(s + j, "union", 5)) ||
				     (n == 4 && !memcmp(s + j, "enum", 4));
			spec_end = j + n;
			if (tagged) {
				size_t k = spec_end, m = 0;
				while (k < len && isspace((unsigned char)s[k]))
					k++;
				while (k + m < len && is_ident(s[k + m]))
					m++;
				spec_end = k + m;
				named = 1;
			} else if (kw) {
				/* A first version counted only int, char,
				 * short and long, and took g in "volatile
				 * unsigned g" for a typedef name. */
				named = 1;
			}
			continue;
		}
		if (named)
			break;
		spec_end = j + n; /* a typedef name such as int32_t */
		named = 1;
	}
	/* Declarators, split on commas outside brackets and initialisers. */
	start = spec_end;
	for (size_t j = spec_end; j <= len; j++) {
		char c = j < len ? s[j] : ',';

		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}')
			depth--;
		else if (depth <= 0 && (c == ',' || c == '=')) {
			declarator(out, tags, s + i, spec_end - i, s + start, j - start, word);
			if (c == '=') {
				/* Skip the initialiser up to the next comma. */
				int d = 0;
				for (j++; j < len; j++) {
					if (s[j] == '(' || s[j] == '[' || s[j] == '{')
						d++;
					else if (s[j] == ')' || s[j] == ']' || s[j] == '}')
						d--;
					else if (d <= 0 && s[j] == ',')
						break;
				}
			}
			start = j + 1;
			depth = 0;
		}
	}
}

/*
 * The name of the function whose definition head is h ("static int
 * func_1(int a)"): the identifier before the parenthesis that matches the
 * last ')'.  The oracle keeps only accesses made by these functions.
 */
static void function_name(struct volobjs *out, const char *h, size_t len)
{
	size_t i = len, n = 0;
	int d = 0;

	while (i > 0) {
		i--;
		if (h[i] == ')')
			d++;
		else if (h[i] == '(' && --d == 0)
			break;
	}
	while (i > 0 && isspace((unsigned char)h[i - 1]))
		i--;
	while (i > n && is_ident(h[i - n - 1]))
		n++;
	if (n)
		strlist_push_nodup(&out->funcs, xstrndup(h + i - n, n));
}

void volobjs_parse(struct volobjs *out, const char *src, unsigned word)
{
	char *s = strip_comments(src);
	size_t start = 0, len = strlen(s);
	int depth = 0, paren = 0;
	struct strlist tags = STRLIST_INIT;

	out->word = word;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];

		if (c == '(')
			paren++;
		else if (c == ')')
			paren--;
		else if (c == '{') {
			/* A function body: "...) {" at file scope. */
			size_t k = i;
			while (k > start && isspace((unsigned char)s[k - 1]))
				k--;
			if (depth == 0 && paren == 0 && k > start && s[k - 1] == ')') {
				int d = 0;

				function_name(out, s + start, k - start);
				for (; i < len; i++) {
					if (s[i] == '{')
						d++;
					else if (s[i] == '}' && --d == 0)
						break;
				}
				start = i + 1;
				continue;
			}
			depth++;
		} else if (c == '}')
			depth--;
		else if (c == ';' && depth == 0 && paren == 0) {
			statement(out, &tags, s + start, i - start, word);
			start = i + 1;
		}
	}
	strlist_clear(&tags);
	free(s);
}

void volobjs_release(struct volobjs *v)
{
	for (size_t i = 0; i < v->nr; i++)
		free(v->o[i].name);
	free(v->o);
	strlist_clear(&v->funcs);
	strlist_clear(&v->aggregates);
	memset(v, 0, sizeof(*v));
}
