/* capstone's answers kept by the instruction's bytes (insn-memo.h). */
#include "scan/insn-memo.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SET_BITS 8
#define SETS (1u << SET_BITS)
#define WAYS 8
#define TEXT_MAX 48     /* mnemonic, NUL, operands' text, NUL */
#define DETAIL_MAX 248  /* x86: up to the end of the second operand */
#define TAIL_MAX 16      /* x86: the encoding's offsets and sizes */
/* The table is made after this many instructions of the image: an
 * object of a few functions would spend more making it than it gains */
#define MAKE_AFTER 16384

/* What a lookup compares: the bytes, two words, zero past len (the
 * tags of a set together, apart from the answers they lead to). */
struct memo_tag {
	uint64_t w[2];
	uint32_t used;          /* the clock at its last use; 0: empty */
	uint8_t len;            /* the instruction's size */
};

struct memo_slot {
	uint8_t mnemonic_len;   /* its operands' text after the NUL */
	uint16_t detail_len;    /* detail kept up to tail_from; the rest
				   before it is zero */
	unsigned id;
	char text[TEXT_MAX];
	unsigned char detail[DETAIL_MAX];
	unsigned char tail[TAIL_MAX]; /* [tail_from, detail_size) */
};

/* A relative branch kind's answer: not yet met, kept, or refused (its
 * answer is not given back by retarget()). */
enum { BRANCH_UNSEEN, BRANCH_KEPT, BRANCH_REFUSED };

struct insn_memo {
	csh cs;
	size_t detail_size, tail_from;
	insn_memo_keep_fn *keep;
	uint32_t clock;
	struct memo_tag *tags;   /* SETS x WAYS */
	struct memo_slot *slots; /* the same */
	uint64_t mask[17][2];    /* the first n bytes of two words */
	size_t decoded;          /* by capstone */
	insn_memo_branch_fn *branch_kind;
	insn_memo_retarget_fn *retarget;
	unsigned char branch_state[INSN_MEMO_BRANCH_KINDS];
	struct memo_slot *branch;  /* INSN_MEMO_BRANCH_KINDS */
	cs_insn *admit;            /* a kind's answer given back, compared */
	/* the "check" test hook */
	int check;
	char *name;
	cs_insn *scratch;
	size_t served, differ, retargeted;
};

struct insn_memo *insn_memo_new(csh cs, size_t detail_size,
				size_t tail_from, insn_memo_keep_fn *keep,
				const char *name)
{
	const char *hook = getenv("RWONCE_TEST_SCAN_INSN_MEMO");
	struct insn_memo *m;

	if ((hook && !strcmp(hook, "off")) || tail_from > detail_size ||
	    detail_size - tail_from > TAIL_MAX)
		return NULL;
	m = xcalloc(1, sizeof(*m));
	m->cs = cs;
	m->detail_size = detail_size;
	m->tail_from = tail_from;
	m->keep = keep;
	for (unsigned n = 0; n <= 16; n++) {
		unsigned char b[16] = { 0 };

		memset(b, 0xff, n);
		memcpy(m->mask[n], b, sizeof(b));
	}
	if (hook && !strcmp(hook, "check")) {
		m->check = 1;
		m->name = xstrdup(name ? name : "?");
		m->scratch = cs_malloc(cs);
	}
	return m;
}

void insn_memo_branches(struct insn_memo *m, insn_memo_branch_fn *kind,
			insn_memo_retarget_fn *retarget)
{
	if (!m)
		return;
	m->branch_kind = kind;
	m->retarget = retarget;
}

void insn_memo_free(struct insn_memo *m)
{
	if (!m)
		return;
	if (m->check) {
		fprintf(stderr, "rwonce: test: %s: instruction memo: %zu "
			"decoded by capstone, %zu from the memo, %zu of them "
			"not what capstone gives; %zu of them branches "
			"re-targeted\n", m->name, m->decoded, m->served,
			m->differ, m->retargeted);
		cs_free(m->scratch, 1);
		free(m->name);
	}
	if (m->admit)
		cs_free(m->admit, 1);
	free(m->branch);
	free(m->tags);
	free(m->slots);
	free(m);
}

/* The first slot of the set of the bytes at code: by the first three,
 * all an instruction of the set may be told apart by before its length
 * is known. */
static size_t set_of(const uint8_t *code)
{
	uint32_t k = (uint32_t)code[0] | (uint32_t)code[1] << 8 |
		     (uint32_t)code[2] << 16;

	return ((k * 2654435761u) >> (32 - SET_BITS)) * WAYS;
}

static void fill(const struct insn_memo *m, const struct memo_slot *s,
		 const uint8_t *code, size_t len, uint64_t pc, cs_insn *in)
{
	unsigned char *d = (unsigned char *)in->detail;

	in->id = s->id;
	in->address = pc;
	in->size = (uint16_t)len;
	memcpy(in->bytes, code, len);
	memcpy(in->mnemonic, s->text, (size_t)s->mnemonic_len + 1);
	strcpy(in->op_str, s->text + s->mnemonic_len + 1);
	memcpy(d, s->detail, s->detail_len);
	memset(d + s->detail_len, 0, m->tail_from - s->detail_len);
	memcpy(d + m->tail_from, s->tail, m->detail_size - m->tail_from);
}

/* Is a what capstone gives as b? */
static int same_insn(const struct insn_memo *m, const cs_insn *a,
		     const cs_insn *b)
{
	return a->id == b->id && a->address == b->address &&
	       a->size == b->size && !memcmp(a->bytes, b->bytes, a->size) &&
	       !strcmp(a->mnemonic, b->mnemonic) &&
	       !strcmp(a->op_str, b->op_str) &&
	       !memcmp(a->detail, b->detail, m->detail_size);
}

/* The detail of in before tail_from up to its last byte not zero, and
 * whether in fits a slot (0: not kept). */
static int fits(const struct insn_memo *m, const cs_insn *in, size_t *dl)
{
	const unsigned char *d = (const unsigned char *)in->detail;

	if (in->size > 16 ||
	    strlen(in->mnemonic) + strlen(in->op_str) + 2 > TEXT_MAX)
		return 0;
	*dl = m->tail_from;
	while (*dl >= 8) { /* mostly zeros: the operands not there */
		uint64_t v;

		memcpy(&v, d + *dl - 8, sizeof(v));
		if (v)
			break;
		*dl -= 8;
	}
	while (*dl && !d[*dl - 1])
		(*dl)--;
	return *dl <= DETAIL_MAX;
}

/* capstone's answer in into slot s (fits() said yes, and dl). */
static void store(const struct insn_memo *m, struct memo_slot *s,
		  const cs_insn *in, size_t dl)
{
	const unsigned char *d = (const unsigned char *)in->detail;
	size_t ml = strlen(in->mnemonic), ol = strlen(in->op_str);

	s->mnemonic_len = (uint8_t)ml;
	s->detail_len = (uint16_t)dl;
	s->id = in->id;
	memcpy(s->text, in->mnemonic, ml + 1);
	memcpy(s->text + ml + 1, in->op_str, ol + 1);
	memcpy(s->detail, d, dl);
	memcpy(s->tail, d + m->tail_from, m->detail_size - m->tail_from);
}

/* Keep capstone's answer in, just decoded, in the set's least recently
 * used slot -- when it may be given at another address, and fits. */
static void keep(struct insn_memo *m, size_t set, const cs_insn *in)
{
	size_t dl, way = set;
	struct memo_tag *t;
	unsigned char b[16] = { 0 };

	if (in->size > sizeof(b) || !m->keep(in) || !fits(m, in, &dl))
		return;
	for (size_t w = set + 1; w < set + WAYS; w++)
		if (m->tags[w].used < m->tags[way].used)
			way = w;
	t = &m->tags[way];
	memcpy(b, in->bytes, in->size);
	memcpy(t->w, b, sizeof(b));
	t->used = ++m->clock;
	t->len = (uint8_t)in->size;
	store(m, &m->slots[way], in, dl);
}

/* A kind's first answer from capstone, in: kept when the slot with
 * retarget() gives it back the same, else the kind is refused. */
static void admit_branch(struct insn_memo *m, int kind, const cs_insn *in)
{
	struct memo_slot *s = &m->branch[kind];
	size_t dl;

	m->branch_state[kind] = BRANCH_REFUSED;
	if (!fits(m, in, &dl))
		return;
	store(m, s, in, dl);
	if (!m->admit)
		m->admit = cs_malloc(m->cs);
	fill(m, s, in->bytes, in->size, in->address, m->admit);
	m->retarget(m->admit);
	if (same_insn(m, m->admit, in))
		m->branch_state[kind] = BRANCH_KEPT;
}

/* Compare the answer in with capstone's for the same bytes (the
 * "check" hook). */
static void check(struct insn_memo *m, const uint8_t *code, size_t left,
		  uint64_t pc, const cs_insn *in)
{
	m->served++;
	if (!cs_disasm_iter(m->cs, &code, &left, &pc, m->scratch) ||
	    !same_insn(m, in, m->scratch))
		m->differ++;
}

/* The branch of kind at *code, of len bytes: from the kind's answer, or
 * capstone's (the kind's first is offered to admit_branch()). */
static int decode_branch(struct insn_memo *m, int kind, size_t len,
			 const uint8_t **code, size_t *left, uint64_t *pc,
			 cs_insn *in)
{
	if (m->branch_state[kind] == BRANCH_KEPT) {
		fill(m, &m->branch[kind], *code, len, *pc, in);
		m->retarget(in);
		if (m->check) {
			m->retargeted++;
			check(m, *code, *left, *pc, in);
		}
		*code += len;
		*left -= len;
		*pc += len;
		return 1;
	}
	if (!cs_disasm_iter(m->cs, code, left, pc, in))
		return 0;
	m->decoded++;
	if (m->branch_state[kind] == BRANCH_UNSEEN && in->size == len)
		admit_branch(m, kind, in);
	return 1;
}

int insn_memo_decode(struct insn_memo *m, const uint8_t **code,
		     size_t *left, uint64_t *pc, cs_insn *in)
{
	size_t set, blen;
	uint64_t c[2];
	int kind;

	if (m->branch_kind &&
	    (kind = m->branch_kind(*code, *left, &blen)) >= 0 &&
	    kind < INSN_MEMO_BRANCH_KINDS && blen <= *left) {
		if (!m->branch)
			m->branch = xcalloc(INSN_MEMO_BRANCH_KINDS,
					    sizeof(*m->branch));
		return decode_branch(m, kind, blen, code, left, pc, in);
	}
	if (!m->tags && (m->decoded >= MAKE_AFTER || m->check)) {
		m->tags = xcalloc((size_t)SETS * WAYS, sizeof(*m->tags));
		m->slots = xcalloc((size_t)SETS * WAYS, sizeof(*m->slots));
	}
	if (*left < 3 || !m->tags) {
		if (!cs_disasm_iter(m->cs, code, left, pc, in))
			return 0;
		m->decoded++;
		return 1;
	}
	if (*left >= sizeof(c)) {
		memcpy(c, *code, sizeof(c));
	} else { /* the bytes there, zeros past them */
		unsigned char b[sizeof(c)] = { 0 };

		memcpy(b, *code, *left);
		memcpy(c, b, sizeof(c));
	}
	set = set_of(*code);
	for (size_t w = set; w < set + WAYS; w++) {
		struct memo_tag *t = &m->tags[w];
		const uint64_t *k = m->mask[t->len];
		size_t len = t->len;

		if (!t->used || len > *left ||
		    ((c[0] ^ t->w[0]) & k[0]) | ((c[1] ^ t->w[1]) & k[1]))
			continue;
		t->used = ++m->clock;
		fill(m, &m->slots[w], *code, len, *pc, in);
		if (m->check)
			check(m, *code, *left, *pc, in);
		*code += len;
		*left -= len;
		*pc += len;
		return 1;
	}
	if (!cs_disasm_iter(m->cs, code, left, pc, in))
		return 0;
	m->decoded++;
	keep(m, set, in);
	return 1;
}
