# rwonce fix: the command itself is linked into the tool by mk/00-tool.mk
# (src/fix/: fix.c, diff.c, in-place.c; the conversions are src/rewrite/).  Benchmarks on real
# and generated trees, not part of `make check` (they take minutes):
#
#   make bench-linux-tree    audit and fix over linux-source-6.1 vs git grep
#   make bench-fix-spatch    fix vs Coccinelle's spatch (kernel + generated)
.PHONY: bench-linux-tree bench-fix-spatch
bench-linux-tree: $(TOOL)
	bench/linux-tree.sh

bench-fix-spatch: $(TOOL)
	bench/fix-vs-spatch.sh both
