/*
 * fd-guard: does reading a file through src/elf/dwarf-lines close a
 * descriptor that is not its own?  For t4414; built by the test against
 * build/librwonce.a, never part of the tool.
 *
 *   fd-guard FILE...   for each FILE, elf_images_each() with every unit's
 *                      line table read, and one line:
 *                      "FILE: N images, M units, K closes of another's
 *                      descriptor"
 *   fd-guard --libdwfl FILE...
 *                      the same watch on libdwfl alone, given FILE by its
 *                      path (dwfl_report_offline, then dwfl_end), as the
 *                      reader once gave it every file: "FILE: N modules,
 *                      C closes, K closes of another's descriptor" -- C
 *                      shows that libdw's closes come here at all
 *
 * This program defines close(), so that libdw's calls (through its PLT)
 * and rwonce's come here: the program's own definition is the one the
 * dynamic linker binds.  While a file is read, each close that frees a
 * descriptor is followed at once by what another -j worker may do at
 * that moment: open a file, which gets the number just freed.  Such a
 * stand-in is never closed by anything of ours; a later close() of it is
 * a close of another thread's file -- in scan -j 2, a source closed
 * under the worker reading it.  That is counted, and the order of events
 * is the program's own, so the count does not depend on timing.
 */
#define _GNU_SOURCE
#include "elf/dwarf-lines.h"
#include "lib/strbuf.h"

#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_FD 4096

static int armed;
static unsigned char stand_in[MAX_FD];
static unsigned long stolen, closes;

int close(int fd)
{
	long r;

	if (armed && fd >= 0 && fd < MAX_FD && stand_in[fd]) {
		stolen++;
		stand_in[fd] = 0;
	}
	r = syscall(SYS_close, fd);
	if (armed && fd >= 0)
		closes++;
	if (armed && r == 0) {
		int s;

		armed = 0; /* the stand-in's own open is not watched */
		s = open("/dev/null", O_RDONLY);
		armed = 1;
		if (s >= 0 && s < MAX_FD)
			stand_in[s] = 1;
	}
	return (int)r;
}

static int count_unit(struct line_unit *u, void *ctx)
{
	(void)u;
	++*(unsigned long *)ctx;
	return 0;
}

struct counts {
	unsigned long images, units;
};

static int one_image(struct elf_image *img, void *ctx)
{
	struct counts *c = ctx;
	struct strbuf why = STRBUF_INIT;

	c->images++;
	if (!elf_image_info(img)->damaged)
		(void)elf_image_units_each(img, count_unit, &c->units, &why);
	strbuf_release(&why);
	return 0;
}

static void stand_ins_close(void)
{
	for (int fd = 0; fd < MAX_FD; fd++)
		if (stand_in[fd]) {
			syscall(SYS_close, fd);
			stand_in[fd] = 0;
		}
}

/* no debuginfo search: the file is all there is */
static int no_debuginfo(Dwfl_Module *m, void **u, const char *name,
			Dwarf_Addr a, const char *file, const char *link,
			GElf_Word crc, char **path)
{
	(void)m; (void)u; (void)name; (void)a; (void)file; (void)link;
	(void)crc; (void)path;
	return -1;
}

static int count_module(Dwfl_Module *m, void **u, const char *name,
			Dwarf_Addr a, void *ctx)
{
	(void)m; (void)u; (void)name; (void)a;
	++*(unsigned long *)ctx;
	return DWARF_CB_OK;
}

static int libdwfl_alone(const char *path)
{
	static const Dwfl_Callbacks cb = {
		.find_debuginfo = no_debuginfo,
		.section_address = dwfl_offline_section_address,
	};
	Dwfl *dwfl = dwfl_begin(&cb);
	unsigned long modules = 0;
	int ok;

	if (!dwfl)
		return 2;
	stolen = closes = 0;
	armed = 1;
	dwfl_report_begin(dwfl);
	ok = dwfl_report_offline(dwfl, path, path, -1) != NULL;
	dwfl_report_end(dwfl, NULL, NULL);
	if (ok)
		dwfl_getmodules(dwfl, count_module, &modules, 0);
	dwfl_end(dwfl);
	armed = 0;
	stand_ins_close();
	if (!ok) {
		fprintf(stderr, "fd-guard: %s: %s\n", path, dwfl_errmsg(-1));
		return 2;
	}
	printf("%s: %lu modules, %lu closes, %lu closes of another's "
	       "descriptor\n", path, modules, closes, stolen);
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc > 1 && !strcmp(argv[1], "--libdwfl")) {
		for (int i = 2; i < argc; i++)
			if (libdwfl_alone(argv[i]))
				rc = 2;
		return rc;
	}
	for (int i = 1; i < argc; i++) {
		struct counts c = { 0, 0 };
		struct strbuf why = STRBUF_INIT;
		int n;

		stolen = 0;
		armed = 1;
		n = elf_images_each(argv[i], NULL, one_image, &c, &why);
		armed = 0;
		stand_ins_close();
		if (n < 0) {
			fprintf(stderr, "fd-guard: %s: %s\n", argv[i], why.buf);
			rc = 2;
		} else {
			printf("%s: %lu images, %lu units, %lu closes of "
			       "another's descriptor\n", argv[i], c.images,
			       c.units, stolen);
		}
		strbuf_release(&why);
	}
	return rc;
}
