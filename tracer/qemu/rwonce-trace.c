/*
 * rwonce-trace: a QEMU user-mode TCG plugin that records every memory
 * access a program makes to one watched address range, for
 * `rwonce verify`.
 *
 *   qemu-ARCH -plugin rwonce-trace.so,out=FILE,lo=HEX,hi=HEX[,code_lo=HEX,
 *             code_hi=HEX] PROGRAM
 *
 * Every executed instruction bumps a counter (an inline add, no call), so
 * each access carries the sequence number of the instruction execution
 * that made it.  Every instruction gets a memory callback that only writes
 * when the access overlaps [lo, hi).  Instructions whose accesses QEMU 7.2
 * plugins cannot see (they happen inside helpers that touch guest memory
 * through host pointers) are "blind": their executions inside
 * [code_lo, code_hi) are reported so that verify can say "unobservable"
 * rather than "elided".  The output format is described in
 * tracer/README.md.
 *
 * The probe programs are single-threaded; a mutex keeps the output intact
 * should one not be, but the counter is then only approximate.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin-api.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define TRACE_FORMAT_VERSION 1

/* What we know about one translated instruction; the callbacks' userdata. */
struct insn {
	uint64_t pc;
	char *disas;          /* NULL until needed, or when not wanted */
	unsigned char printed;/* its "i" line is in the output */
	unsigned char blind;
};

static uint64_t lo, hi, code_lo, code_hi = UINT64_MAX;
static uint64_t executed;     /* instructions executed so far */
static FILE *out;
static char *out_buf;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static int (*is_blind)(const unsigned char *code, size_t len);
static uint64_t nr_accesses, nr_blind;

/*
 * Instructions are described once per translation.  They are never freed:
 * a probe run translates some tens of thousands, and the process ends.
 */
static struct insn *pool;
static size_t pool_left;

static struct insn *new_insn(void)
{
	if (!pool_left) {
		pool_left = 4096;
		pool = calloc(pool_left, sizeof(*pool));
		if (!pool) {
			fputs("rwonce-trace: out of memory\n", stderr);
			abort();
		}
	}
	pool_left--;
	return pool++;
}

/* ---- blind instructions, per guest architecture ---- */

/*
 * s390x: QEMU 7.2 runs the storage-to-storage and long/string instructions
 * in helpers that copy through host pointers (access_memmove and friends),
 * so no plugin callback fires.  glibc uses MVC for memcpy and struct
 * copies, XC for memset, CLC for memcmp, and EX/EXRL to run them with a
 * length taken from a register.
 */
static int blind_s390x(const unsigned char *c, size_t len)
{
	unsigned op2;

	if (len < 2)
		return 0;
	switch (c[0]) {
	case 0x0e: /* MVCL */
	case 0x0f: /* CLCL */
	case 0x44: /* EX: runs an SS instruction, see above */
	case 0xa8: /* MVCLE */
	case 0xa9: /* CLCLE */
		return 1;
	case 0xc6: /* EXRL is c6x0 */
		return (c[1] & 0x0f) == 0x00;
	case 0xb2:
		switch (c[1]) {
		case 0x41: /* CKSM */
		case 0x54: /* MVPG */
		case 0x55: /* MVST */
		case 0x57: /* CUSE */
		case 0x5d: /* CLST */
		case 0x5e: /* SRST */
		case 0xa5: /* TRE */
		case 0xa6: /* CU21 */
		case 0xa7: /* CU12 */
			return 1;
		}
		return 0;
	case 0xb9:
		return (c[1] >= 0x90 && c[1] <= 0x93) || /* TRxx */
		       (c[1] >= 0xb0 && c[1] <= 0xb3) || /* CUxx */
		       c[1] == 0xbe || c[1] == 0xbf;     /* SRSTU, TRTE */
	case 0xc8: /* MVCOS is c8x0 */
		return (c[1] & 0x0f) == 0x00;
	case 0xe5: /* SSE format (MVCSK, MVCDK...) below e510; above it
		    * the SIL-format immediate stores, which are inline */
		return c[1] < 0x10;
	case 0xe8: /* MVCIN */
	case 0xe9: /* PKA */
	case 0xea: /* UNPKA */
	case 0xee: /* PLO */
		return 1;
	case 0xe6: /* VLRL, VSTRL and their register forms */
	case 0xe7: /* VLL, VSTL */
		if (len < 6)
			return 0;
		op2 = c[5];
		if (c[0] == 0xe6)
			return op2 == 0x35 || op2 == 0x37 || op2 == 0x3d ||
			       op2 == 0x3f;
		return op2 == 0x37 || op2 == 0x3f;
	}
	/* SS formats: d0-df (MVN MVC MVZ NC CLC OC XC ... TR TRT ED EDMK)
	 * and f0-ff (packed decimal). */
	return (c[0] >= 0xd0 && c[0] <= 0xdf) || c[0] >= 0xf0;
}

static uint32_t le32(const unsigned char *c)
{
	return c[0] | (uint32_t)c[1] << 8 | (uint32_t)c[2] << 16 |
	       (uint32_t)c[3] << 24;
}

/*
 * aarch64: SVE loads and stores go through host pointers when the page is
 * mapped (always, for our probes), and DC ZVA zeroes a block with memset.
 * glibc selects SVE memcpy/memset under QEMU's default "-cpu max"; run
 * with QEMU_CPU=cortex-a72 to avoid it.
 */
static int blind_aarch64(const unsigned char *c, size_t len)
{
	uint32_t i;

	if (len < 4)
		return 0;
	i = le32(c);
	if ((i & 0x1e000000) == 0x04000000 && (i & 0x80000000))
		return 1;  /* SVE encoding group, memory operations */
	return (i & 0xffffffe0) == 0xd50b7420;  /* DC ZVA, Xt */
}

/*
 * ppc64le: dcbz zeroes a cache block with memset on a host pointer
 * (glibc's memset uses it for large blocks).
 */
static int blind_ppc64le(const unsigned char *c, size_t len)
{
	uint32_t i;

	if (len < 4)
		return 0;
	i = le32(c);
	return (i & 0xfc0007fe) == 0x7c0007ec;  /* dcbz / dcbzl */
}

static const struct {
	const char *name;
	int (*fn)(const unsigned char *, size_t);
} blind_table[] = {
	{ "s390x", blind_s390x },
	{ "aarch64", blind_aarch64 },
	{ "ppc64le", blind_ppc64le },
	{ "ppc64", blind_ppc64le },
};

/* ---- output ---- */

/* Called with out_lock held. */
static void describe(struct insn *in)
{
	if (in->printed)
		return;
	in->printed = 1;
	fprintf(out, "i %" PRIx64 " %s\n", in->pc,
		in->disas ? in->disas : "?");  /* "?": outside the code range */
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info,
		   uint64_t vaddr, void *udata)
{
	unsigned size = 1u << qemu_plugin_mem_size_shift(info);
	struct insn *in = udata;

	(void)vcpu;
	if (vaddr >= hi || vaddr + size <= lo)
		return;
	pthread_mutex_lock(&out_lock);
	describe(in);
	fprintf(out, "a %" PRIu64 " %" PRIx64 " %" PRIx64 " %u %c\n",
		executed, in->pc, vaddr, size,
		qemu_plugin_mem_is_store(info) ? 'w' : 'r');
	nr_accesses++;
	pthread_mutex_unlock(&out_lock);
}

/* A blind instruction counts itself here instead of with the inline add,
 * so that its seq does not depend on the order QEMU runs the two in. */
static void on_blind_exec(unsigned int vcpu, void *udata)
{
	struct insn *in = udata;

	(void)vcpu;
	pthread_mutex_lock(&out_lock);
	executed++;
	describe(in);
	fprintf(out, "b %" PRIu64 " %" PRIx64 "\n", executed, in->pc);
	nr_blind++;
	pthread_mutex_unlock(&out_lock);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	for (size_t k = 0; k < n; k++) {
		struct qemu_plugin_insn *qi = qemu_plugin_tb_get_insn(tb, k);
		struct insn *in = new_insn();
		int in_code;

		in->pc = qemu_plugin_insn_vaddr(qi);
		in_code = in->pc >= code_lo && in->pc < code_hi;
		/* Disassembling costs more than the rest of the plugin put
		 * together (16 of 40 ms for a static x86-64 program), so
		 * with a code range only its instructions get it; the tool
		 * fills in the others with objdump. */
		if (in_code)
			in->disas = qemu_plugin_insn_disas(qi);
		if (is_blind && in_code &&
		    is_blind(qemu_plugin_insn_data(qi),
			     qemu_plugin_insn_size(qi))) {
			in->blind = 1;
			qemu_plugin_register_vcpu_insn_exec_cb(
				qi, on_blind_exec, QEMU_PLUGIN_CB_NO_REGS, in);
		} else {
			qemu_plugin_register_vcpu_insn_exec_inline(
				qi, QEMU_PLUGIN_INLINE_ADD_U64, &executed, 1);
		}
		qemu_plugin_register_vcpu_mem_cb(qi, on_mem,
						 QEMU_PLUGIN_CB_NO_REGS,
						 QEMU_PLUGIN_MEM_RW, in);
	}
}

static void on_qemu_exit(qemu_plugin_id_t id, void *udata)
{
	(void)id;
	(void)udata;
	pthread_mutex_lock(&out_lock);
	fprintf(out, "end %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
		executed, nr_accesses, nr_blind);
	if (fclose(out))
		perror("rwonce-trace: writing the trace");
	out = NULL;
	pthread_mutex_unlock(&out_lock);
}

/* ---- options ---- */

static int parse_hex(const char *key, const char *val, uint64_t *dst)
{
	char *end;

	if (!strncmp(val, "0x", 2))
		val += 2;
	*dst = strtoull(val, &end, 16);
	if (!*val || *end) {
		fprintf(stderr, "rwonce-trace: %s: not a hex number: '%s'\n",
			key, val);
		return -1;
	}
	return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *path = NULL;
	int have_lo = 0, have_hi = 0;

	for (int k = 0; k < argc; k++) {
		char *eq = strchr(argv[k], '=');
		const char *val = eq ? eq + 1 : "";
		size_t klen = eq ? (size_t)(eq - argv[k]) : strlen(argv[k]);
		int rc = 0;

#define KEY(s) (klen == sizeof(s) - 1 && !strncmp(argv[k], s, klen))
		if (KEY("out"))
			path = val;
		else if (KEY("lo"))
			rc = parse_hex("lo", val, &lo), have_lo = 1;
		else if (KEY("hi"))
			rc = parse_hex("hi", val, &hi), have_hi = 1;
		else if (KEY("code_lo"))
			rc = parse_hex("code_lo", val, &code_lo);
		else if (KEY("code_hi"))
			rc = parse_hex("code_hi", val, &code_hi);
		else {
			fprintf(stderr, "rwonce-trace: unknown option '%s' "
				"(out=FILE lo=HEX hi=HEX code_lo=HEX "
				"code_hi=HEX)\n", argv[k]);
			return -1;
		}
#undef KEY
		if (rc)
			return -1;
	}
	if (!path || !have_lo || !have_hi || lo >= hi) {
		fputs("rwonce-trace: needs out=FILE, lo=HEX and hi=HEX "
		      "with lo < hi\n", stderr);
		return -1;
	}
	if (info->system_emulation) {
		fputs("rwonce-trace: user-mode emulation only\n", stderr);
		return -1;
	}
	out = fopen(path, "w");
	if (!out) {
		perror(path);
		return -1;
	}
	out_buf = malloc(1 << 16);
	if (out_buf)
		setvbuf(out, out_buf, _IOFBF, 1 << 16);
	for (size_t k = 0; k < sizeof(blind_table) / sizeof(blind_table[0]); k++)
		if (!strcmp(info->target_name, blind_table[k].name))
			is_blind = blind_table[k].fn;
	fprintf(out, "rwonce-trace %d %s %" PRIx64 " %" PRIx64 "\n",
		TRACE_FORMAT_VERSION, info->target_name, lo, hi);

	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_qemu_exit, NULL);
	return 0;
}
