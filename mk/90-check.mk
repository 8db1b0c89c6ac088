# Tests: TAP scripts tests/tNNNN-name.t run by prove. Numbering:
#   t0xxx library   t1xxx verify   t2xxx audit/fix   t3xxx clang engine
# Slow cross-target tests look at RWONCE_FULL=1 (set by check-full).
TESTS := $(sort $(wildcard tests/t[0-9]*.t))

check: deps all $(CHECK_PREREQS)
	$(PROVE) -j$(PROVE_JOBS) $(TESTS)

check-full: deps all $(CHECK_PREREQS)
	RWONCE_FULL=1 $(PROVE) -j$(PROVE_JOBS) $(TESTS)
