# Library benchmarks (bench/lib-*.sh): rwonce's READ_ONCE/WRITE_ONCE
# against the kernel's, liburcu's, C11 relaxed atomics and the plain
# volatile cast.  Each prints its figures and the ratio against the peer,
# measured in the same run.  `make bench-library`.
.PHONY: bench-library bench-peers
bench-peers:
	@bench/install-peers

bench-library: bench-peers
	@bench/lib-expansion.sh
	@echo
	@bench/lib-memops.sh
