# `make run`: the project's main job -- rwonce verify on the system
# compiler, native target, every optimisation level, the built-in probes.
# Like `check`, it builds in a sub-make after `deps` (see 90-check.mk).
run: deps
	@$(MAKE) --no-print-directory run-installed

.PHONY: run-installed
run-installed: all
	$(TOOL) verify
