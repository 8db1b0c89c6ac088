/*
 * rwonce fuzz --merge DIR...: the results of shards (run by GNU parallel
 * across hosts, a Slurm job array, or by hand) into the summary one run
 * over all their seeds prints.  A folder whose results file is missing
 * or corrupt is an error naming the file and line: a merge never quietly
 * leaves a shard out.
 */
#include "fuzz/fuzz.h"

#include <stdio.h>

int fuzz_merge(int nr_dirs, const char **dirs, const char *format, int quiet)
{
	struct result_set set = { 0 };
	size_t bugs;
	int ret;

	if (nr_dirs < 1) {
		error("--merge needs at least one results folder");
		return EXIT_TROUBLE;
	}
	for (int i = 0; i < nr_dirs; i++)
		if (results_load(&set, dirs[i], 0)) {
			results_release(&set);
			return EXIT_TROUBLE;
		}
	results_sort(&set);
	bugs = results_report(stdout, &set, format, quiet);
	fflush(stdout);
	/* nothing checked is not clean: folders without a program, or
	 * whose every program failed to generate or compile */
	if (!set.nr) {
		error("nothing checked: no program in the %d folder%s merged",
		      nr_dirs, nr_dirs == 1 ? "" : "s");
		bugs = 0;
		ret = EXIT_TROUBLE;
	} else if (results_nothing_checked(&set, nr_dirs == 1 ? dirs[0] :
					   "the folders merged")) {
		ret = EXIT_TROUBLE;
	} else {
		ret = bugs ? EXIT_FINDINGS : EXIT_CLEAN;
	}
	results_release(&set);
	return ret;
}
