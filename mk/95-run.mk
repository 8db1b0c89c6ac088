# `make run`: the project's main job.
run: deps all
	$(MAKE) --no-print-directory examples-run
