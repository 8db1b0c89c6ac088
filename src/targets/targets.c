/*
 * The table of targets (targets.def) and lookups in it.
 */
#include "targets/targets.h"

#include "lib/util.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

/* Which targets run natively here, so that valgrind can trace them.
 * 32-bit x86 programs run on x86-64 kernels (and valgrind has an x86
 * tool on Debian amd64). */
#if defined(__x86_64__)
#define HOST_x86_64 1
#define HOST_i386 1
#elif defined(__i386__)
#define HOST_i386 1
#elif defined(__aarch64__)
#define HOST_aarch64 1
#elif defined(__s390x__)
#define HOST_s390x 1
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HOST_ppc64le 1
#elif defined(__riscv) && __riscv_xlen == 64
#define HOST_riscv64 1
#elif defined(__arm__)
#define HOST_armhf 1
#elif defined(__mips64) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HOST_mips64el 1
#endif
/* 1 when HOST_<id> is defined as 1 above, else 0 -- so that a target
 * that never runs here needs no line (the kernel's IS_ENABLED()). */
#define HOST_ARG_1 0,
#define HOST_SECOND(ignored, val, ...) val
#define HOST_PICK(arg) HOST_SECOND(arg 1, 0, 0)
#define HOST_IS(val) HOST_PICK(HOST_ARG_##val)
#define HOST_EXPANDED(val) HOST_IS(val)
#define HOST(id) HOST_EXPANDED(HOST_##id)

#define FLAGS(...) { __VA_ARGS__, NULL }
#define NOFLAGS { NULL }

#define TARGET(id, name, aliases, triple, gcc, gflags, cflags, qemu, cpu, \
	       pkgs, be, word, arch, machine, isa)                          \
	static const char *const id##_gcc_flags[] = gflags;                 \
	static const char *const id##_clang_flags[] = cflags;               \
	static const struct target id##_target = {                          \
		name, aliases, triple, gcc, id##_gcc_flags,                 \
		id##_clang_flags, qemu,                                     \
		cpu, pkgs, HOST(id), be, word, arch, machine, #isa,        \
	};
#define MACHINE(machine, isa) /* scan's alone: src/scan/isa/isa.c */
#include "targets/targets.def"
#undef TARGET

const struct target *const targets[] = {
#define TARGET(id, ...) &id##_target,
#include "targets/targets.def"
#undef TARGET
#undef MACHINE
	NULL,
};

/* Is name one of t's other names (t->aliases, comma-separated)? */
static int is_alias(const struct target *t, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = t->aliases; *p; p += strcspn(p, ",")) {
		p += strspn(p, ",");
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return 1;
	}
	return 0;
}

const struct target *target_find(const char *name)
{
	size_t n;

	for (const struct target *const *t = targets; *t && *name; t++)
		if (is_alias(*t, name))
			name = (*t)->name;
	for (const struct target *const *t = targets; *t; t++) {
		if (!strcmp(name, (*t)->name) || !strcmp(name, (*t)->triple))
			return *t;
		/* "aarch64-unknown-linux-gnu", "i686-linux-gnu"... : match
		 * the architecture part of a triple */
		n = strlen((*t)->name);
		if (!strncmp(name, (*t)->triple, strcspn((*t)->triple, "-")) &&
		    name[strcspn((*t)->triple, "-")] == '-')
			return *t;
		if (!strncmp(name, (*t)->name, n) && name[n] == '-')
			return *t;
	}
	if (!strncmp(name, "i686-", 5) || !strncmp(name, "i586-", 5))
		return target_find("i386");
	return NULL;
}

const char *targets_help(void)
{
	static char help[256];
	size_t n;

	if (help[0])
		return help;
	n = (size_t)snprintf(help, sizeof(help), "targets:");
	for (const struct target *const *t = targets; *t; t++)
		n += (size_t)snprintf(help + n, sizeof(help) - n, " %s",
				      (*t)->name);
	snprintf(help + n, sizeof(help) - n, " (default: this machine)");
	return help;
}

const struct target *target_native(void)
{
	/* The first native entry is the host itself (x86_64 before i386). */
	for (const struct target *const *t = targets; *t; t++)
		if ((*t)->native)
			return *t;
	return NULL;
}
