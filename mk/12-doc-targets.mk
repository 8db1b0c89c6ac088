# The target lists of the man pages and the README, and the targets'
# Debian packages in deps/full/cross.txt, are made from the
# table of targets (src/targets/targets.def) by scripts/doc-targets,
# between its markers: `make doc-targets` rewrites every list after a
# target is added, and tests/t0061-target-lists.t fails while a
# checked-in list differs from what the table makes.  Not part of `all`:
# the lists are checked-in text (a man page reads right without a
# build); the test keeps them true.
.PHONY: doc-targets
doc-targets:
	@CC='$(CC)' scripts/doc-targets
