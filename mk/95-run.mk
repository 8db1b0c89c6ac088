# `make run`: the project's main job -- rwonce verify on the system
# compiler and, when one is installed, clang (the newest: the compiler
# that tears the raw volatile cast of small structs, so the first run
# shows what the library is for): native target, every optimisation
# level, the built-in probes.  It starts with the verdict and a few
# sentences saying what was checked and what held, then shows the
# accesses of what was not ok; the tables of every probe in every
# configuration go to $(BUILD)/verify-report.txt.  Like `check`, it builds
# in a sub-make after `deps` (see 90-check.mk).
RUN_CLANG = $(firstword $(foreach c,clang-19 clang-16 clang-14 clang,\
	$(shell command -v $(c) >/dev/null 2>&1 && echo $(c))))
VERIFY_REPORT = $(BUILD)/verify-report.txt

run: deps
	@$(first_build_note)
	@$(MAKE) --no-print-directory run-installed

.PHONY: run-installed
run-installed: all
	$(TOOL) verify --cc cc $(if $(RUN_CLANG),--cc $(RUN_CLANG)) --report $(VERIFY_REPORT)
