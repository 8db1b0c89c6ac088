# `make run`: the project's main job -- rwonce verify on the system
# compiler and, when one is installed, clang (the compiler that tears the
# raw volatile cast of small structs, so the first run shows what the
# library is for): native target, every optimisation level, the built-in
# probes.  It ends with a few sentences saying what was checked and what
# held.  Like `check`, it builds in a sub-make after `deps` (see
# 90-check.mk).
RUN_CLANG = $(firstword $(foreach c,clang clang-19 clang-16 clang-14,\
	$(shell command -v $(c) >/dev/null 2>&1 && echo $(c))))

run: deps
	@$(MAKE) --no-print-directory run-installed

.PHONY: run-installed
run-installed: all
	$(TOOL) verify --cc cc $(if $(RUN_CLANG),--cc $(RUN_CLANG))
