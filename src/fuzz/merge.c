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
	results_release(&set);
	return bugs ? EXIT_FINDINGS : EXIT_CLEAN;
}
