/* Private copies of a mapped object before it is relocated
 * (dwarf-populate.h). */
#include "elf/dwarf-populate.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

void populate_private_mappings(const char *path, size_t max)
{
#ifdef MADV_POPULATE_WRITE
	struct stat st;
	FILE *maps;
	char line[512], inode[32];

	if (stat(path, &st) || (size_t)st.st_size > max)
		return;
	/* the inode as the lines spell it: most lines are passed over
	 * without being parsed */
	snprintf(inode, sizeof(inode), " %lu ", (unsigned long)st.st_ino);
	maps = fopen("/proc/self/maps", "re");
	if (!maps)
		return;
	while (fgets(line, sizeof(line), maps)) {
		unsigned long lo, hi, ino;
		unsigned maj, mnr;
		char perms[5];

		/* "lo-hi perms offset maj:min inode path" */
		if (!strstr(line, inode) ||
		    sscanf(line, "%lx-%lx %4s %*x %x:%x %lu", &lo, &hi, perms,
			   &maj, &mnr, &ino) != 6)
			continue;
		if (ino != (unsigned long)st.st_ino ||
		    makedev(maj, mnr) != st.st_dev ||
		    perms[1] != 'w' || perms[3] != 'p')
			continue;
		(void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
	}
	fclose(maps);
#else
	(void)path;
	(void)max;
#endif
}

int file_mapping_of(const void *addr, uintptr_t *lo, uintptr_t *hi)
{
	uintptr_t a = (uintptr_t)addr;
	FILE *maps = fopen("/proc/self/maps", "re");
	char line[512];
	int found = 0;

	if (!maps)
		return 0;
	while (fgets(line, sizeof(line), maps)) {
		unsigned long l, h, ino;
		unsigned maj, mnr;
		char perms[5];

		if (sscanf(line, "%lx-%lx %4s %*x %x:%x %lu", &l, &h, perms,
			   &maj, &mnr, &ino) != 6 || a < l || a >= h)
			continue;
		/* file-backed (an inode), private, not code */
		if (ino && perms[0] == 'r' && perms[2] == '-' &&
		    perms[3] == 'p') {
			*lo = l;
			*hi = h;
			found = 1;
		}
		break;
	}
	fclose(maps);
	return found;
}

int file_mapping_clean(uintptr_t lo)
{
	FILE *smaps = fopen("/proc/self/smaps", "re");
	char line[512], head[32];
	int in = 0, clean = 0;

	if (!smaps)
		return 0;
	snprintf(head, sizeof(head), "%lx-", (unsigned long)lo);
	while (fgets(line, sizeof(line), smaps)) {
		unsigned long kb;

		if (!in) {
			in = !strncmp(line, head, strlen(head));
			continue;
		}
		if (sscanf(line, "Anonymous: %lu kB", &kb) == 1) {
			clean = !kb;
			break;
		}
	}
	fclose(smaps);
	return clean;
}
