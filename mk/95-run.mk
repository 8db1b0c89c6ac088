# `make run`: the project's main job -- rwonce verify on the system
# compiler, native target, every optimisation level, the built-in probes.
run: deps all
	$(TOOL) verify
