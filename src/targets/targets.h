/*
 * The Linux targets rwonce can compile for, run and read (targets.def):
 * a compiler driver and its flags, the qemu-user binary that runs its
 * programs, the Debian packages it needs, its byte order and word size,
 * its ELF machine and the isa scan reads its code with.  verify compiles
 * and traces its probes for each; the tracers run programs for them;
 * scan chooses its isa by the ELF machine (src/scan/isa/isa.c).
 */
#ifndef RWONCE_TARGETS_H
#define RWONCE_TARGETS_H

/* One target: a compiler prefix, how to run its binaries, what it needs. */
struct target {
	const char *name;         /* "x86_64", "aarch64", "s390x", ... */
	const char *aliases;      /* other names, comma-separated: "arm64" */
	const char *triple;       /* GNU triple: "aarch64-linux-gnu" */
	const char *gcc;          /* gcc driver: "gcc", "aarch64-linux-gnu-gcc" */
	const char *const *gcc_flags;   /* extra flags for gcc, NULL-terminated */
	const char *const *clang_flags; /* --target=... etc. for clang */
	const char *qemu;         /* "qemu-aarch64" */
	const char *qemu_cpu;     /* QEMU_CPU value, or NULL for the default */
	const char *packages;     /* Debian packages it needs, space-separated */
	int native;               /* runs natively on this machine (valgrind) */
	int big_endian;
	unsigned word_size;       /* 4 or 8 */
	const char *arch_macro;   /* predefined by its compilers: "__aarch64__" */
	unsigned machine;         /* ELF e_machine (<elf.h>) */
	const char *isa;          /* scan's src/scan/isa/<isa>.c: "arm64" */
};

/* All targets, NULL-terminated, in targets.def order. */
extern const struct target *const targets[];
const struct target *target_find(const char *name_or_triple);
const struct target *target_native(void);
/* "targets: x86_64 i386 ... (default: this machine)": the --target help
 * of the commands that build for targets, from the table. */
const char *targets_help(void);

#endif
