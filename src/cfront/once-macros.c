/* The once-macro table and the one `--macro` parser (once-macros.h). */
#include "cfront/once-macros.h"
#include "cfront/idioms.h"
#include "cfront/header-macros.h"
#include "cfront/ident-mask.h"
#include "cfront/lexer.h"
#include "lib/memfind.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	enum once_macro_kind kind;
	int object_arg;
} builtin[] = {
	{ "ACCESS_ONCE", OMK_ACCESS, 0 },
	{ "READ_ONCE", OMK_READ, 0 },
	{ "WRITE_ONCE", OMK_WRITE, 0 },
	/* the 2014 spelling: ASSIGN_ONCE(value, target) */
	{ "ASSIGN_ONCE", OMK_WRITE, 1 },
	{ "__READ_ONCE", OMK_READ, 0 },
	{ "__WRITE_ONCE", OMK_WRITE, 0 },
	{ "READ_ONCE_NOCHECK", OMK_READ, 0 },
	/* rwonce.h's namespaced names, there whatever RWONCE_NO_SHORT_NAMES */
	{ "RWONCE_ACCESS", OMK_ACCESS, 0 },
	{ "RWONCE_READ", OMK_READ, 0 },
	{ "RWONCE_WRITE", OMK_WRITE, 0 },
	{ "RWONCE_ASSIGN", OMK_WRITE, 1 },
};

const char once_macro_kinds_help[] = ONCE_MACRO_KINDS;

void once_macros_init(struct once_macros *t)
{
	memset(t, 0, sizeof(*t));
	for (size_t i = 0; i < ARRAY_SIZE(builtin); i++) {
		struct once_macro *m = once_macros_add(t, builtin[i].name,
						       strlen(builtin[i].name),
						       builtin[i].kind);

		m->flags |= OMF_BUILTIN;
		if (!strncmp(builtin[i].name, "RWONCE_", 7))
			m->flags |= OMF_RWONCE;
		m->object_arg = builtin[i].object_arg;
		m->value_arg = builtin[i].kind != OMK_WRITE ? -1 :
			       builtin[i].object_arg ? 0 : 1;
	}
}

void once_macros_release(struct once_macros *t)
{
	if (t->headers) {
		header_macros_release(t->headers);
		free(t->headers);
		t->headers = NULL;
	}
	for (size_t i = 0; i < t->nr; i++) {
		free(t->items[i].name);
		free(t->items[i].def_path);
		free(t->items[i].def_what);
		free(t->items[i].via);
		free(t->items[i].cast_type);
		free(t->items[i].body_cast);
		free(t->items[i].kinds_disagree);
		free(t->items[i].member);
		free(t->items[i].orders);
		once_macro_set_object(&t->items[i], NULL, NULL, 0);
	}
	free(t->items);
	free(t->index);
	memset(t, 0, sizeof(*t));
}

static size_t hash_name(const char *name, size_t n)
{
	size_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619u;
	return h;
}

/* A name's bit in t->filter (n >= 1): its first two bytes, its last
 * two and its length, mixed by a multiply so that the names' bits
 * spread over the whole filter.  Without branches: the filter is asked
 * about nearly every word of a tree. */
#define FILTER_BITS 15
_Static_assert(sizeof(((struct once_macros *)0)->filter) * 8 ==
	       1u << FILTER_BITS, "the filter has a bit per key");
static inline unsigned filter_key(const char *name, size_t n)
{
	size_t two = n > 1;
	uint32_t x = (uint32_t)(unsigned char)name[0] |
		     (uint32_t)(unsigned char)name[two] << 8 |
		     (uint32_t)(unsigned char)name[n - 1] << 16 |
		     (uint32_t)(unsigned char)name[n - 1 - two] << 24;

	x ^= (uint32_t)n * 0x9e3779b9u;
	return (unsigned)((x * 0x85ebca6bu) >> (32 - FILTER_BITS));
}

static int has_bit(const unsigned char *bits, unsigned k)
{
	return bits[k / 8] & (1u << (k % 8));
}

static void set_bit(unsigned char *bits, unsigned k)
{
	bits[k / 8] |= (unsigned char)(1u << (k % 8));
}

/* A name's first bytes (at most six), zero-padded: sorted as a whole. */
struct name_prefix {
	char b[8];
};

static int by_prefix(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct name_prefix));
}

static void prefix_rebuild(struct once_macros *t)
{
	struct name_prefix *p;
	size_t k = t->min_len < 6 ? t->min_len : 6, d = 0;

	memset(t->prefix_lo, 0, sizeof(t->prefix_lo));
	memset(t->prefix_hi, 0, sizeof(t->prefix_hi));
	t->prefix_len = 0;
	if (k < 3 || !t->nr)
		return;
	p = xcalloc(t->nr, sizeof(*p));
	for (size_t i = 0; i < t->nr; i++) /* each min_len bytes or more */
		memcpy(p[i].b, t->items[i].name, k);
	sane_qsort(p, t->nr, sizeof(*p), by_prefix);
	for (size_t i = 0; i < t->nr; i++)
		if (!i || memcmp(p[i - 1].b, p[i].b, k))
			p[d++] = p[i];
	for (size_t i = 0; i < d; i++) {
		unsigned char bit = (unsigned char)(1u << (i * 8 / d));

		for (size_t j = 0; j < k; j++) {
			unsigned char c = (unsigned char)p[i].b[j];

			t->prefix_lo[j][c & 15] |= bit;
			t->prefix_hi[j][c >> 4] |= bit;
		}
	}
	free(p);
	t->prefix_len = k;
}

static void index_rebuild(struct once_macros *t)
{
	if (t->index_size < 2 * t->nr) {
		free(t->index);
		t->index_size = 16;
		while (t->index_size < 2 * t->nr)
			t->index_size *= 2;
		t->index = xcalloc(t->index_size, sizeof(*t->index));
	} else {
		memset(t->index, 0, t->index_size * sizeof(*t->index));
	}
	memset(t->filter, 0, sizeof(t->filter));
	t->min_len = 16;
	for (size_t i = 0; i < t->nr; i++) {
		const char *nm = t->items[i].name;
		size_t h = hash_name(nm, strlen(nm)) & (t->index_size - 1);

		if (strlen(nm) < t->min_len)
			t->min_len = strlen(nm);

		if (*nm)
			set_bit(t->filter, filter_key(nm, strlen(nm)));

		while (t->index[h])
			h = (h + 1) & (t->index_size - 1);
		t->index[h] = i + 1;
	}
	prefix_rebuild(t);
}

/* once_macros_find(), inlined into the scans that ask it per word */
static inline __attribute__((always_inline)) const struct once_macro *
lookup(const struct once_macros *t, const char *name, size_t n)
{
	size_t h;

	if (!t->index_size || (n && !has_bit(t->filter, filter_key(name, n))))
		return NULL;
	for (h = hash_name(name, n) & (t->index_size - 1); t->index[h];
	     h = (h + 1) & (t->index_size - 1)) {
		const struct once_macro *m = &t->items[t->index[h] - 1];

		if (!strncmp(m->name, name, n) && !m->name[n])
			return m;
	}
	return NULL;
}

const struct once_macro *once_macros_find(const struct once_macros *t,
					  const char *name, size_t n)
{
	return lookup(t, name, n);
}

const struct once_macro *once_macros_find_token(const struct once_macros *t,
						const char *buf,
						const struct token *tok)
{
	struct strbuf sb = STRBUF_INIT;
	const struct once_macro *m;

	if (!(tok->flags & TF_SPLICED))
		return lookup(t, buf + tok->off, tok->len);
	token_spelling(buf, tok, &sb);
	m = lookup(t, sb.buf, sb.len);
	strbuf_release(&sb);
	return m;
}

/* 1: may start an identifier, 2: may continue one; a table, since the
 * scan asks about every byte of a tree */
static const unsigned char ident_class[256] = {
	['_'] = 1, ['a' ... 'z'] = 1, ['A' ... 'Z'] = 1, ['0' ... '9'] = 2,
};

static int ident_start(unsigned char c)
{
	return ident_class[c] == 1;
}

static int ident_char(unsigned char c)
{
	return ident_class[c] != 0;
}

int once_macros_scan(const struct once_macros *t, const char *buf, size_t len,
		     int (*fn)(const struct once_macro *m, void *ctx),
		     void *ctx)
{
	size_t i = 0;

	while (i < len) {
		size_t start;
		const struct once_macro *m;
		int r;

		if (!ident_start((unsigned char)buf[i])) {
			i++;
			continue;
		}
		start = i;
		while (i < len && ident_char((unsigned char)buf[i]))
			i++;
		if (start && ident_char((unsigned char)buf[start - 1]))
			continue; /* the tail of a number like 0x1f */
		m = once_macros_find(t, buf + start, i - start);
		if (m && (r = fn(m, ctx)))
			return r;
	}
	return 0;
}

#ifdef __SSE2__
typedef uint64_t (*block_mask_fn)(const char *p, uint64_t *digits);

/* The identifier bytes of the 64-byte block at buf[off] (*digits: the
 * digits), nothing past len: a block the buffer ends in is copied, so
 * that no load reads past it. */
static inline __attribute__((always_inline)) uint64_t
block_at(const char *buf, size_t len, size_t off, uint64_t *digits,
	 block_mask_fn mask)
{
	char tail[64];

	if (off >= len) {
		*digits = 0;
		return 0;
	}
	if (len - off >= 64)
		return mask(buf + off, digits);
	memset(tail, 0, sizeof(tail));
	memcpy(tail, buf + off, len - off);
	return mask(tail, digits);
}

/*
 * once_macros_any() with the masks of one kind (SSE2 or AVX2): each
 * block's mask and the next one's, so that the words of at least
 * min_len bytes -- no shorter one can be a name -- are told from the
 * masks alone, across a block's end too, and only they are looked up.
 * The words are once_macros_scan()'s: runs of identifier bytes that do
 * not start with a digit.
 */
typedef uint64_t (*block_prefix_fn)(const struct once_macros *t,
				    const char *buf, size_t len, size_t off);

static inline __attribute__((always_inline)) int
any_words(const struct once_macros *t, const char *buf, size_t len,
	  block_mask_fn mask, block_prefix_fn prefixes)
{
	size_t least = t->min_len ? t->min_len : 1;
	uint64_t dg, id = block_at(buf, len, 0, &dg, mask), carry = 0;

	for (size_t off = 0; off < len; off += 64) {
		uint64_t next_dg, next = block_at(buf, len, off + 64, &next_dg,
						  mask);
		uint64_t starts = id & ~(id << 1 | carry) & ~dg, run = id;

		/* a start followed by least - 1 more identifier bytes, the
		 * next block's first ones included */
		/* only the words whose first bytes a name may have; without
		 * that test, the words long enough to be one */
		if (prefixes) {
			if (starts)
				starts &= prefixes(t, buf, len, off);
		} else {
			for (size_t k = 1; k < least; k++)
				run &= id >> k | next << (64 - k);
			starts &= run;
		}
		while (starts) {
			unsigned b = (unsigned)__builtin_ctzll(starts);
			uint64_t after = ~id & (~(uint64_t)0 << b);
			size_t e;

			starts &= starts - 1;
			if (after)
				e = off + (unsigned)__builtin_ctzll(after);
			else if (~next)
				e = off + 64 + (unsigned)__builtin_ctzll(~next);
			else /* longer than the next block: byte by byte */
				for (e = off + 128; e < len &&
				     ident_words_byte((unsigned char)buf[e]);)
					e++;
			if (lookup(t, buf + off + b, e - off - b))
				return 1;
		}
		carry = id >> 63;
		id = next;
		dg = next_dg;
	}
	return 0;
}

static int any_sse2(const struct once_macros *t, const char *buf, size_t len)
{
	return any_words(t, buf, len, ident_mask, NULL);
}

#ifdef IDENT_MASK_AVX2
/* The positions of p[0..32) whose next t->prefix_len bytes (read up to
 * p[37]) may begin a name: a group's bit set at every place. */
__attribute__((target("avx2")))
static inline uint32_t prefix_mask32(const struct once_macros *t,
				     const char *p)
{
	const __m256i low = _mm256_set1_epi8(0x0f);
	__m256i m = _mm256_set1_epi8(-1);

	for (size_t k = 0; k < t->prefix_len; k++) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(p + k));
		__m256i lo = _mm256_broadcastsi128_si256(
			_mm_loadu_si128((const __m128i *)(const void *)t->prefix_lo[k]));
		__m256i hi = _mm256_broadcastsi128_si256(
			_mm_loadu_si128((const __m128i *)(const void *)t->prefix_hi[k]));

		m = _mm256_and_si256(m, _mm256_and_si256(
			_mm256_shuffle_epi8(lo, _mm256_and_si256(v, low)),
			_mm256_shuffle_epi8(hi, _mm256_and_si256(
				_mm256_srli_epi16(v, 4), low))));
	}
	return ~(uint32_t)_mm256_movemask_epi8(
		_mm256_cmpeq_epi8(m, _mm256_setzero_si256()));
}

/* prefix_mask32() for the 64 positions from buf[off]: the bytes read
 * past len (a block the buffer ends in is copied, zero-padded) are no
 * name's, and a word that is one ends before len. */
__attribute__((target("avx2")))
static uint64_t prefix_block(const struct once_macros *t, const char *buf,
			     size_t len, size_t off)
{
	char tail[128];
	const char *p = buf + off;

	if (len - off < 64 + 8) {
		memset(tail, 0, sizeof(tail));
		memcpy(tail, p, len - off);
		p = tail;
	}
	return (uint64_t)prefix_mask32(t, p) |
	       (uint64_t)prefix_mask32(t, p + 32) << 32;
}

__attribute__((target("avx2")))
static int any_avx2(const struct once_macros *t, const char *buf, size_t len)
{
	if (t->prefix_len)
		return any_words(t, buf, len, ident_mask_avx2, prefix_block);
	return any_words(t, buf, len, ident_mask_avx2, NULL);
}
#endif

int once_macros_any(const struct once_macros *t, const char *buf, size_t len)
{
	if (!t->nr)
		return 0;
#ifdef IDENT_MASK_AVX2
	if (mem_find_avx2())
		return any_avx2(t, buf, len);
#endif
	return any_sse2(t, buf, len);
}
#else
static int say_yes(const struct once_macro *m, void *ctx)
{
	(void)m;
	(void)ctx;
	return 1;
}

int once_macros_any(const struct once_macros *t, const char *buf, size_t len)
{
	return once_macros_scan(t, buf, len, say_yes, NULL) != 0;
}
#endif

void once_macros_names(struct once_macros *t, const char *list, size_t len)
{
	memset(t, 0, sizeof(*t));
	for (size_t at = 0; at < len; at += strlen(list + at) + 1) {
		struct once_macro *m;

		ALLOC_GROW(t->items, t->nr + 1, t->alloc);
		m = &t->items[t->nr++];
		memset(m, 0, sizeof(*m));
		m->name = xstrdup(list + at);
		m->deref_arg = m->order_arg = m->value_arg = -1;
	}
	if (t->nr) /* once: once_macros_add() rebuilds per name */
		index_rebuild(t);
}

struct once_macro *once_macros_add(struct once_macros *t, const char *name,
				   size_t n, enum once_macro_kind kind)
{
	struct once_macro *m = (struct once_macro *)once_macros_find(t, name, n);

	if (!m) {
		ALLOC_GROW(t->items, t->nr + 1, t->alloc);
		m = &t->items[t->nr++];
		memset(m, 0, sizeof(*m));
		m->name = xstrndup(name, n);
		m->object_arg = 0;
		m->deref_arg = -1;
		m->order_arg = -1;
		index_rebuild(t);
	}
	m->kind = kind;
	m->value_arg = kind == OMK_WRITE ? (m->object_arg == 1 ? 0 : 1) : -1;
	return m;
}

void once_macro_set_object(struct once_macro *m, const char *object,
			   char *const *params, size_t nparams)
{
	free(m->object);
	for (size_t k = 0; k < m->nparams; k++)
		free(m->params[k]);
	free(m->params);
	m->object = NULL;
	m->params = NULL;
	m->nparams = 0;
	if (!object)
		return;
	m->object = xstrdup(object);
	m->nparams = nparams;
	m->params = xcalloc(nparams ? nparams : 1, sizeof(char *));
	for (size_t k = 0; k < nparams; k++)
		m->params[k] = xstrdup(params[k]);
}

int once_macro_object_arg(const struct once_macro *m, size_t nargs)
{
	if (m->object_arg < 0)
		return -1;
	/* ASSIGN_ONCE(v, x) with its two arguments; a one-argument use of
	 * such a name is not the 2014 spelling */
	if ((size_t)m->object_arg >= nargs)
		return nargs ? 0 : -1;
	return m->object_arg;
}

static int is_identifier(const char *s, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (i && c >= '0' && c <= '9')))
			return 0;
	}
	return 1;
}

int once_macros_add_spec(struct once_macros *t, const char *spec)
{
	static const struct {
		const char *name;
		enum once_macro_kind kind;
	} kinds[] = {
		{ "access-once", OMK_ACCESS }, { "access", OMK_ACCESS },
		{ "read-once", OMK_READ }, { "read", OMK_READ },
		{ "load", OMK_READ }, { "once", OMK_READ },
		{ "write-once", OMK_WRITE }, { "write", OMK_WRITE },
		{ "store", OMK_WRITE }, { "assign", OMK_WRITE },
	};
	const char *eq = strchr(spec, '=');
	size_t n = eq ? (size_t)(eq - spec) : 0;

	if (!eq || !n || !eq[1])
		return error("--macro '%s': expected NAME=KIND (KIND: %s)", spec,
			     once_macro_kinds_help);
	if (!is_identifier(spec, n))
		return error("--macro '%s': '%.*s' is not a C identifier", spec,
			     (int)n, spec);
	if (!strcmp(eq + 1, "volatile-cast")) {
		/* Not a kind of its own: what the macro already is (a read
		 * when new), implemented as a volatile cast. */
		struct once_macro *m =
			(struct once_macro *)once_macros_find(t, spec, n);

		if (!m)
			m = once_macros_add(t, spec, n, OMK_READ);
		m->flags |= OMF_VOLATILE_CAST;
		return 0;
	}
	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++)
		if (!strcmp(eq + 1, kinds[k].name)) {
			once_macros_add(t, spec, n, kinds[k].kind);
			return 0;
		}
	return error("--macro '%s': unknown kind '%s' (KIND: %s)", spec, eq + 1,
		     once_macro_kinds_help);
}

/*
 * Presets: what a kernel developer would otherwise spell as four --macro
 * options.  Linux's __READ_ONCE/__WRITE_ONCE are the volatile casts
 * themselves (*(const volatile typeof(x) *)&(x)); READ_ONCE/WRITE_ONCE
 * wrap them.  READ_ONCE_NOCHECK is not one: it reads through a function
 * (__read_once_word_nocheck).  Discovery finds the same in a kernel tree
 * (once-discover.h); the preset says it for a tree that is not walked,
 * such as scan's sources.
 */
static const char *const preset_linux[] = {
	"READ_ONCE=volatile-cast", "WRITE_ONCE=volatile-cast",
	"__READ_ONCE=volatile-cast", "__WRITE_ONCE=volatile-cast", NULL,
};

static const struct {
	const char *name;
	const char *const *specs;
} presets[] = {
	{ "linux", preset_linux },
};

int once_macros_add_preset(struct once_macros *t, const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(presets); i++) {
		if (strcmp(name, presets[i].name))
			continue;
		for (const char *const *s = presets[i].specs; *s; s++)
			if (once_macros_add_spec(t, *s))
				return -1;
		return 0;
	}
	return error("--preset: unknown preset '%s' (known: %s)", name,
		     once_macro_preset_names());
}

const char *once_macro_preset_names(void)
{
	return "linux";
}

static int contains(const char *s, size_t n, const char *w)
{
	size_t m = strlen(w);

	for (size_t i = 0; i + m <= n; i++)
		if (!memcmp(s + i, w, m))
			return 1;
	return 0;
}

int once_macro_name_implies(const char *name, size_t n,
			    enum once_macro_kind *kind)
{
	if (contains(name, n, "ACCESS_ONCE"))
		*kind = OMK_ACCESS;
	else if (contains(name, n, "READ_ONCE"))
		*kind = OMK_READ;
	else if (contains(name, n, "WRITE_ONCE") ||
		 contains(name, n, "ASSIGN_ONCE"))
		*kind = OMK_WRITE;
	else
		return 0;
	return 1;
}

const char *once_macro_kind_name(enum once_macro_kind k)
{
	switch (k) {
	case OMK_ACCESS: return "access-once";
	case OMK_READ: return "read-once";
	case OMK_WRITE: return "write-once";
	}
	return "?";
}

/*
 * Is path a header of a compiler's own -- gcc's resource folder
 * (/usr/lib/gcc/TRIPLET/12/include/stdatomic.h, gcc-cross likewise) or
 * clang's (/usr/lib/llvm-19/lib/clang/19/include)?  A once-macro found
 * there (gcc's atomic_init, a relaxed atomic_store_explicit) is the
 * compiler's, not the tree's: said so.
 */
int once_macro_compiler_header(const char *path)
{
	static const char *const roots[] = {
		"/usr/lib/gcc/", "/usr/lib/gcc-cross/", "/usr/lib/llvm-",
		"/usr/local/lib/gcc/", "/usr/lib/clang/",
	};

	for (size_t k = 0; k < ARRAY_SIZE(roots); k++)
		if (!strncmp(path, roots[k], strlen(roots[k])) &&
		    strstr(path, "/include/"))
			return 1;
	return 0;
}

char *once_macro_definition_note(const struct once_macro *m)
{
	const char *whose;

	if (!m->def_path)
		return NULL;
	whose = once_macro_compiler_header(m->def_path) ?
		"of the compiler's headers, not this tree's" : "of this tree";
	if (!(m->flags & OMF_DISCOVERED)) /* a known name, defined here */
		return xasprintf("'%s' is defined at %s:%u as %s%s", m->name,
				 m->def_path, m->def_line,
				 m->def_what ? m->def_what : "a once-access",
				 m->flags & OMF_VOLATILE_CAST ?
				 ", a volatile cast of the object's type" : "");
	if (m->flags & OMF_ACCESSOR)
		return xasprintf("'%s' is a once-accessor %s (%s): "
				 "%s:%u defines it as %s", m->name, whose,
				 m->flags & OMF_READ_WRITE ? "read-write" :
				 once_macro_kind_name(m->kind), m->def_path,
				 m->def_line, m->def_what ? m->def_what :
				 "a once-access");
	return xasprintf("'%s' is a once-macro %s (%s%s): %s:%u "
			 "defines it as %s%s%s%s", m->name, whose,
			 once_macro_kind_name(m->kind),
			 m->flags & OMF_VOLATILE_CAST ? ", volatile cast" : "",
			 m->def_path, m->def_line,
			 m->def_what ? m->def_what : "a once-access",
			 m->kinds_disagree ? "; its definitions disagree ("
					     : "",
			 m->kinds_disagree ? m->kinds_disagree : "",
			 m->kinds_disagree ? "), so the use decides" : "");
}

int once_macro_order_meant(const struct once_macro *m, const char *name,
			   size_t n)
{
	const char *p = m->orders, *e = p ? p + strlen(p) : NULL;

	while (p && p < e) {
		const char *nl = strchr(p, '\n');
		const char *sp = memchr(p, ' ', (size_t)(nl - p));

		if (sp && (size_t)(sp - p) == n && !memcmp(p, name, n)) {
			for (int o = MO_RELAXED; o <= MO_SEQ_CST; o++)
				if (strlen(mem_order_name((enum mem_order)o)) ==
				    (size_t)(nl - sp - 1) &&
				    !memcmp(sp + 1, mem_order_name((enum mem_order)o),
					    (size_t)(nl - sp - 1)))
					return o;
			return MO_NONE;
		}
		p = nl + 1;
	}
	return MO_NONE;
}
