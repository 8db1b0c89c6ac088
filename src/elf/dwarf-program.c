/*
 * A unit's line program decoded here, into the rows scan reads
 * (dwarf-internal.h: unit_rows_decode).
 *
 * libdw's dwarf_getsrclines() keeps every table it decoded (a Dwarf_Line
 * of 40 bytes a row, and the pointers it sorts) until its handle ends:
 * on the 590 MB vmlinux that was a second libdw handle per worker of -j,
 * ended and begun again every 2^18 rows, each one walking every unit
 * header before its unit again -- 12 MB of decoded rows per worker, and
 * the handles' CPU.  The rows are decoded here straight into the
 * caller's array, with libdw 0.188's rules for what it reads: the same
 * registers, its 32-bit arithmetic of an address advance, its reading
 * of an extended opcode's length as one byte, its sort.  Whatever libdw
 * checks and refuses -- or reads by a rule of its own not written here
 * (a LEB128 longer than 8 bytes, DW_LNE_define_file, NVIDIA's opcodes,
 * an opcode base below DWARF 2's, a standard opcode of another length)
 * -- is left to libdw (-1), which then reads the table as before.
 */
#include "elf/dwarf-internal.h"
#include "lib/util.h"

#include <dwarf.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The operands of standard opcodes 1-12 (DW_LNS_copy .. DW_LNS_set_isa). */
static const unsigned char std_operands[13] = {
	0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1
};

/* DWARF 2's opcode base: opcodes 1-9 standard. */
#define OPCODE_BASE_MIN 10

struct program {
	const unsigned char *p, *end;
	int big_endian;
};

/* A LEB128 of at most 8 bytes; -1 at the end of the program or for a
 * longer one (libdw's limits and its value for one past them are its
 * own: left to it). */
static int leb(struct program *c, uint64_t *v, int is_signed)
{
	uint64_t acc = 0;

	for (unsigned i = 0; i < 8 && c->p < c->end; i++) {
		unsigned char b = *c->p++;

		acc |= (uint64_t)(b & 0x7f) << (7 * i);
		if (!(b & 0x80)) {
			if (is_signed && (b & 0x40))
				acc |= -((uint64_t)1 << (7 * (i + 1)));
			*v = acc;
			return 0;
		}
	}
	return -1;
}

static uint64_t fixed(struct program *c, size_t n)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n; i++)
		v |= (uint64_t)c->p[c->big_endian ? n - 1 - i : i] << (8 * i);
	c->p += n;
	return v;
}

/* The state machine's registers that reach a row, or libdw's checks. */
struct regs {
	uint64_t addr;
	unsigned op_index, file, column, isa, discriminator, is_stmt;
	int64_t line;
};

static void regs_reset(struct regs *r, unsigned default_is_stmt)
{
	memset(r, 0, sizeof(*r));
	r->file = 1;
	r->line = 1;
	r->is_stmt = default_is_stmt;
}

struct rows_out {
	struct line_row *rows;
	size_t n, alloc;
	const struct unit_file *files;
	size_t nfiles;
};

/* A row of the registers (the address as the program says it: sorted
 * before the bias is added); -1 for a value libdw's row cannot hold
 * (it calls the table invalid). */
static int emit(struct rows_out *o, const struct regs *r, int end)
{
	struct line_row *row;

	if (r->line < INT_MIN || r->line > INT_MAX || r->column > 0xffff ||
	    r->isa > 0xff || r->discriminator > 0xffffff)
		return -1;
	/* the rows of this sequence at the address it ends at place no
	 * code: libdw's sort puts them after the end, where they would
	 * seem to start the next sequence's stretch */
	for (size_t k = o->n; end && k-- > 0 && o->rows[k].addr == r->addr &&
	     !o->rows[k].end_sequence;)
		o->rows[k].empty = 1;
	ALLOC_GROW(o->rows, o->n + 1, o->alloc);
	row = &o->rows[o->n++];
	row->addr = r->addr;
	row->file = r->file < o->nfiles ? o->files[r->file].name : "";
	row->line = r->line > 0 ? (unsigned)r->line : 0;
	row->col = r->column;
	row->end_sequence = end;
	row->empty = 0;
	return 0;
}

/* libdw's advance of the address: its unsigned int arithmetic.  With
 * one operation an instruction (every table but VLIW's) op_index stays 0
 * and the division is by 1: no division. */
static void advance_pc(struct regs *r, const struct line_header *lh,
		       unsigned op_advance)
{
	unsigned ops = r->op_index + op_advance;

	if (lh->max_ops == 1) {
		r->addr += (unsigned)(lh->min_inst_len * ops);
		r->op_index = 0;
		return;
	}

	r->addr += (unsigned)(lh->min_inst_len * (ops / lh->max_ops));
	r->op_index = ops % lh->max_ops;
}

/* An extended opcode (after its 0): -1 when left to libdw. */
static int extended(struct program *c, const struct line_header *lh,
		    struct regs *r, struct rows_out *o)
{
	unsigned len, op;
	uint64_t v;

	if (c->end - c->p < 2)
		return -1;
	len = *c->p++;  /* libdw reads the ULEB128 length as one byte */
	if (len & 0x80 || !len || (size_t)(c->end - c->p) < len)
		return -1;
	op = *c->p++;
	switch (op) {
	case DW_LNE_end_sequence:
		if (emit(o, r, 1))
			return -1;
		regs_reset(r, lh->default_is_stmt);
		return 0;
	case DW_LNE_set_address:
		if ((size_t)(c->end - c->p) < lh->address_size)
			return -1;
		r->op_index = 0;
		r->addr = fixed(c, lh->address_size);
		return 0;
	case DW_LNE_set_discriminator:
		if (leb(c, &v, 0))
			return -1;
		r->discriminator = (unsigned)v;
		return 0;
	case DW_LNE_define_file:
	case DW_LNE_NVIDIA_inlined_call:
	case DW_LNE_NVIDIA_set_function_name:
		return -1;
	default: /* unknown: skipped */
		c->p += len - 1;
		return 0;
	}
}

/* A standard opcode: -1 when left to libdw. */
static int standard(struct program *c, const struct line_header *lh,
		    unsigned op, struct regs *r, struct rows_out *o)
{
	uint64_t v = 0;

	if (op > DW_LNS_set_isa) { /* one this reader does not know */
		for (unsigned k = lh->std_lengths[op]; k; k--)
			if (leb(c, &v, 0))
				return -1;
		return 0;
	}
	if (std_operands[op] && op != DW_LNS_fixed_advance_pc &&
	    leb(c, &v, op == DW_LNS_advance_line))
		return -1;
	switch (op) {
	case DW_LNS_copy:
		if (emit(o, r, 0))
			return -1;
		r->discriminator = 0;
		break;
	case DW_LNS_advance_pc:
		advance_pc(r, lh, (unsigned)v);
		break;
	case DW_LNS_advance_line:
		r->line += (int)v; /* libdw's int */
		break;
	case DW_LNS_set_file:
		r->file = (unsigned)v;
		break;
	case DW_LNS_set_column:
		r->column = (unsigned)v;
		break;
	case DW_LNS_negate_stmt:
		r->is_stmt = 1 - r->is_stmt;
		break;
	case DW_LNS_set_basic_block:
	case DW_LNS_set_prologue_end:
	case DW_LNS_set_epilogue_begin:
		break;
	case DW_LNS_const_add_pc:
		advance_pc(r, lh, (255 - lh->opcode_base) / lh->line_range);
		break;
	case DW_LNS_fixed_advance_pc:
		if (c->end - c->p < 2)
			return -1;
		r->addr += fixed(c, 2);
		r->op_index = 0;
		break;
	case DW_LNS_set_isa:
		r->isa = (unsigned)v;
		break;
	}
	return 0;
}

static int in_order(const struct line_row *x, const struct line_row *y)
{
	return x->addr < y->addr ||
	       (x->addr == y->addr && x->end_sequence >= y->end_sequence);
}

/* Is row x (at index xi) before row y (at yi) in libdw's order? */
static int before(const struct line_row *x, size_t xi,
		  const struct line_row *y, size_t yi)
{
	if (x->addr != y->addr)
		return x->addr < y->addr;
	if (x->end_sequence != y->end_sequence)
		return x->end_sequence > y->end_sequence;
	return xi < yi;
}

/* Rows in libdw's order already, from start: a sequence, usually. */
struct run {
	uint64_t addr;  /* its first row's */
	int end;
	size_t start, n;
};

static int cmp_run(const void *pa, const void *pb)
{
	const struct run *a = pa, *b = pb;

	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	if (a->end != b->end)
		return b->end - a->end;
	return a->start < b->start ? -1 : a->start > b->start;
}

/* Does a run begin at row i: out of order, or after a sequence's end
 * (two sequences in order here may have a third between them)? */
static int run_starts(const struct line_row *rows, size_t i)
{
	return rows[i - 1].end_sequence || !in_order(&rows[i - 1], &rows[i]);
}

/*
 * The rows in libdw's order by moving whole runs (starting at start[0..
 * nruns), start[nruns] = n): a unit's sequences come each in address
 * order, but not in order of one another (a kernel unit's .text,
 * .init.text and .noinstr.text; gcc's cold parts), and sorting the runs
 * by their first rows is enough when each run's last row is before the
 * next run's first.  0, or -1 when runs interleave (then every row is
 * sorted).
 */
static int sort_runs(struct line_row *rows, size_t n, const size_t *start,
		     size_t nruns)
{
	struct run *runs = xmalloc(nruns * sizeof(*runs));
	struct line_row *copy;
	size_t k, at;

	for (k = 0; k < nruns; k++) {
		runs[k].start = start[k];
		runs[k].n = start[k + 1] - start[k];
		runs[k].addr = rows[start[k]].addr;
		runs[k].end = rows[start[k]].end_sequence;
	}
	sane_qsort(runs, nruns, sizeof(*runs), cmp_run);
	for (k = 1; k < nruns; k++) {
		size_t last = runs[k - 1].start + runs[k - 1].n - 1;

		if (!before(&rows[last], last, &rows[runs[k].start],
			    runs[k].start)) {
			free(runs);
			return -1;
		}
	}
	copy = xmalloc(n * sizeof(*copy));
	for (k = 0, at = 0; k < nruns; k++) {
		memcpy(copy + at, rows + runs[k].start,
		       runs[k].n * sizeof(*copy));
		at += runs[k].n;
	}
	memcpy(rows, copy, n * sizeof(*copy));
	free(copy);
	free(runs);
	return 0;
}

/*
 * Merge the sorted stretches [a, a + na) and [b, b + nb) of the rows,
 * each in libdw's order and a's rows before b's in the program, into
 * out.  A row of b goes first only when it is before a's in libdw's
 * order on its own: at equal addresses and ends, the program's order.
 */
static void merge_rows(const struct line_row *a, size_t na,
		       const struct line_row *b, size_t nb,
		       struct line_row *out)
{
	while (na && nb) {
		if (b->addr < a->addr ||
		    (b->addr == a->addr && b->end_sequence > a->end_sequence)) {
			*out++ = *b++;
			nb--;
		} else {
			*out++ = *a++;
			na--;
		}
	}
	memcpy(out, a, na * sizeof(*out));
	memcpy(out + na, b, nb * sizeof(*out));
}

/*
 * Every row in libdw's order when runs interleave: the runs (each in
 * order already; start as for sort_runs, used up here) merged two by
 * two, neighbours in the program's order, until one is left -- a stable
 * merge sort that starts from the runs.  (qsort of every row's key, as
 * first written, was 1.5% of a kernel scan: 559 of its units have
 * sequences at address 0 that overlap.)
 */
static void merge_runs(struct line_row *rows, size_t n, size_t *start,
		       size_t nruns)
{
	struct line_row *buf = xmalloc(n * sizeof(*buf)), *from = rows,
			*to = buf;
	size_t r;

	while (nruns > 1) {
		struct line_row *t;

		for (r = 0; r + 1 < nruns; r += 2)
			merge_rows(from + start[r], start[r + 1] - start[r],
				   from + start[r + 1],
				   start[r + 2] - start[r + 1],
				   to + start[r]);
		if (r < nruns) /* an odd one out: copied as it is */
			memcpy(to + start[r], from + start[r],
			       (n - start[r]) * sizeof(*to));
		for (r = 0; 2 * r < nruns; r++)
			start[r] = start[2 * r];
		nruns = r;
		start[nruns] = n;
		t = from;
		from = to;
		to = t;
	}
	if (from != rows)
		memcpy(rows, from, n * sizeof(*rows));
	free(buf);
}

/* The rows in libdw's order; how they were put so (enum rows_order). */
static enum rows_order sort_rows(struct line_row *rows, size_t n)
{
	size_t i, *start, nruns = 1, alloc = 0;
	enum rows_order order = ROWS_BY_RUNS;

	for (i = 1; i < n && in_order(&rows[i - 1], &rows[i]); i++)
		;
	if (i >= n)
		return ROWS_IN_ORDER; /* the usual case */
	/* where the runs start, found once for both ways of sorting */
	start = NULL;
	ALLOC_GROW(start, 2, alloc);
	start[0] = 0;
	for (i = 1; i < n; i++)
		if (run_starts(rows, i)) {
			ALLOC_GROW(start, nruns + 2, alloc);
			start[nruns++] = i;
		}
	start[nruns] = n;
	if (sort_runs(rows, n, start, nruns)) {
		merge_runs(rows, n, start, nruns);
		order = ROWS_MERGED;
	}
	free(start);
	return order;
}

/* The header's values libdw reads by the rules written here. */
static int header_taken(const struct line_header *lh)
{
	if (lh->opcode_base < OPCODE_BASE_MIN || !lh->line_range ||
	    lh->default_is_stmt > 1 || !lh->max_ops ||
	    (lh->address_size != 4 && lh->address_size != 8))
		return 0;
	for (unsigned op = 1; op < lh->opcode_base && op <= DW_LNS_set_isa;
	     op++)
		if (lh->std_lengths[op] != std_operands[op])
			return 0;
	return 1;
}

int unit_rows_decode(const struct line_header *lh,
		     const struct unit_file *files, size_t nfiles,
		     uint64_t bias, struct line_row **rows, size_t *alloc,
		     size_t *n, enum rows_order *order)
{
	struct program c = { lh->program, lh->end, lh->big_endian };
	struct rows_out o = { *rows, 0, *alloc, files, nfiles };
	struct regs r;
	int ret = -1;
	/* each special opcode's line and operation advance, worked out
	 * once (two divisions a row were a tenth of the decoding) */
	struct {
		int line;
		unsigned ops;
	} special[256];

	if (!header_taken(lh))
		return -1;
	for (unsigned op = lh->opcode_base; op < 256; op++) {
		unsigned adj = op - lh->opcode_base;

		special[op].line = lh->line_base + (int)(adj % lh->line_range);
		special[op].ops = adj / lh->line_range;
	}
	regs_reset(&r, lh->default_is_stmt);
	while (c.p < c.end) {
		unsigned op = *c.p++;

		if (op >= lh->opcode_base) { /* special */
			r.line += special[op].line;
			advance_pc(&r, lh, special[op].ops);
			if (emit(&o, &r, 0))
				goto out;
			r.discriminator = 0;
		} else if (!op) {
			if (extended(&c, lh, &r, &o))
				goto out;
		} else if (standard(&c, lh, op, &r, &o)) {
			goto out;
		}
	}
	*order = sort_rows(o.rows, o.n);
	for (size_t i = 0; i < o.n; i++)
		o.rows[i].addr += bias;
	if (o.n)
		o.rows[o.n - 1].end_sequence = 1;
	*n = o.n;
	ret = 0;
out:
	*rows = o.rows;
	*alloc = o.alloc;
	return ret;
}
