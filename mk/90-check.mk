# Tests: TAP scripts tests/tNNNN-name.t run by prove. Numbering:
#   t0xxx library   t1xxx verify   t2xxx audit/fix   t3xxx clang engine
# Slow cross-target tests look at RWONCE_FULL=1 (set by check-full).
TESTS := $(sort $(wildcard tests/t[0-9]*.t))

# `check` installs what is missing first and only then re-reads the
# Makefile in a sub-make: what gets built depends on what is installed
# (mk/60-clang-engine.mk looks for libclang when the Makefile is read), so
# building in the same make that ran `deps` would build the stub engine
# on a fresh machine.  The build is quiet; a first one says so in a line.
first_build_note = test -x $(TOOL) || echo "rwonce: building the tool and its plugins (a minute or two; V=1 shows the commands)"
check: deps
	@$(first_build_note)
	@$(MAKE) --no-print-directory check-installed

# Then the suite under sanitizers (mk/85-sanitize.mk) and scan's reader
# under libFuzzer for 10^6 executions (mk/56-libfuzzer.mk).
check-full: deps-full
	@$(first_build_note)
	@RWONCE_FULL=1 $(MAKE) --no-print-directory check-installed
	@$(MAKE) --no-print-directory check-sanitize-installed
	@$(MAKE) --no-print-directory libfuzzer-scan-long

.PHONY: check-installed deps-full
# prove -v through scripts/prove-summary: plain prove's output plus, before
# its closing "Result:" line, the reasons tests were skipped here.
check-installed: all $(CHECK_PREREQS)
	@scripts/prove-summary $(PROVE) -v -j$(PROVE_JOBS) $(TESTS)

# check-full also needs Debian's liburcu source package on disk for
# tests/t0600-urcu-once-layer.t, which fetches nothing while it runs.
deps-full:
	@RWONCE_FULL=1 RWONCE_DEPS_LOG=$(BUILD)/deps.log scripts/install-deps
	@mkdir -p $(BUILD); tests/urcu/get-source.sh >$(BUILD)/urcu-source.log 2>&1 || \
		{ cat $(BUILD)/urcu-source.log >&2; \
		  echo "rwonce: error: tests/urcu/get-source.sh failed (above): t0600 needs Debian's liburcu source" >&2; exit 2; }
