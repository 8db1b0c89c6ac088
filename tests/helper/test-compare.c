/*
 * Unit test of the comparator (src/verify/compare.c): every line of a
 * cases file is
 *
 *   EXPECTED | OBSERVED | BLIND | VERDICTS
 *
 * EXPECTED as in a probe annotation ("r0:8 x0:8"); OBSERVED as
 * SEQ KIND OFF:SIZE tokens ("1r0:4 2r0:8 3r0:8 3w0:8"; a trailing '!' marks
 * a load-exclusive); BLIND the number of blind instructions; VERDICTS the
 * expected verdict list ("ok", "torn", "duplicated,torn"...).  Prints TAP.
 */
#include "test-tool.h"
#include "verify/compare.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n'))
		*--e = '\0';
	return s;
}

int cmd__compare(int argc, const char **argv)
{
	FILE *f;
	char line[1024];
	int n = 0, failed = 0, lineno = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: test-compare CASES\n");
		return 2;
	}
	f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	while (fgets(line, sizeof(line), f)) {
		char *field[4], *s = line, *save = NULL;
		struct exp_access e[32];
		struct obs_access o[32];
		size_t ne = 0, no = 0;
		unsigned set;
		char got[128];

		lineno++;
		if (*trim(line) == '#' || !*trim(line))
			continue;
		for (int i = 0; i < 4; i++) {
			char *bar = i < 3 ? strchr(s, '|') : NULL;
			if (i < 3 && !bar) {
				fprintf(stderr, "%s:%d: want 4 fields\n", argv[1], lineno);
				return 2;
			}
			if (bar)
				*bar = '\0';
			field[i] = trim(s);
			s = bar ? bar + 1 : s;
		}
		for (char *t = strtok_r(field[0], " ", &save); t; t = strtok_r(NULL, " ", &save)) {
			e[ne].kind = t[0];
			if (sscanf(t + 1, "%u:%u", &e[ne].off, &e[ne].width) != 2)
				return fprintf(stderr, "%s:%d: bad '%s'\n", argv[1], lineno, t), 2;
			ne++;
		}
		for (char *t = strtok_r(field[1], " ", &save); t; t = strtok_r(NULL, " ", &save)) {
			unsigned long long seq;
			long long off;
			char kind;
			memset(&o[no], 0, sizeof(o[no]));
			if (sscanf(t, "%llu%c%lld:%u", &seq, &kind, &off, &o[no].size) != 4)
				return fprintf(stderr, "%s:%d: bad '%s'\n", argv[1], lineno, t), 2;
			o[no].seq = seq;
			o[no].kind = kind;
			o[no].off = off;
			o[no].pc = 0x1000 + no;
			o[no].exclusive = t[strlen(t) - 1] == '!';
			no++;
		}
		normalise_accesses(o, &no, e, ne);
		set = compare_accesses(e, ne, o, no, (size_t)atoi(field[2]));
		verdict_list(set, got, sizeof(got));
		n++;
		if (strcmp(got, field[3])) {
			failed++;
			printf("not ok %d - line %d: got %s, want %s\n", n, lineno, got, field[3]);
		} else {
			printf("ok %d - line %d: %s\n", n, lineno, got);
		}
	}
	fclose(f);
	printf("1..%d\n", n);

	/* The disassembly test for load-exclusive instructions. */
	return failed ? 1 : 0;
}
