/*
 * The isa for an ELF machine: the table of targets (targets.def) names,
 * per target, its ELF machine and the isa file that reads its code
 * (TARGET's last two columns), and the machines scan reads that are no
 * target (MACHINE).  A new target is a line there and its
 * src/scan/isa/<isa>.c defining isa_<isa>; nothing here changes.
 */
#include "scan/isa/isa.h"
#include "lib/util.h"

#include <elf.h>

#define TARGET(id, name, aliases, triple, gcc, gflags, cflags, qemu, cpu, \
	       pkgs, be, word, arch, machine, isa) extern const struct isa_ops isa_##isa;
#define MACHINE(machine, isa) extern const struct isa_ops isa_##isa;
#include "targets/targets.def"
#undef TARGET
#undef MACHINE

static const struct {
	unsigned machine;
	const struct isa_ops *ops;
} isas[] = {
#define TARGET(id, name, aliases, triple, gcc, gflags, cflags, qemu, cpu, \
	       pkgs, be, word, arch, machine, isa) { machine, &isa_##isa },
#define MACHINE(machine, isa) { machine, &isa_##isa },
#include "targets/targets.def"
#undef TARGET
#undef MACHINE
};

const struct isa_ops *isa_find(unsigned machine)
{
	for (size_t i = 0; i < ARRAY_SIZE(isas); i++)
		if (isas[i].machine == machine)
			return isas[i].ops;
	return NULL;
}
