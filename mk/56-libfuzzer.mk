# libFuzzer harnesses for rwonce's own parsers (libfuzzer/): the C front
# end's lexer, `rwonce fix`, the tree type index, and scan's ELF/DWARF
# reader.  Not the `rwonce fuzz` command, which fuzzes compilers.
#
#   make libfuzzer        build build/libfuzzer/cfront-lexer, .../fix,
#                         .../treetypes, .../scan-reader (and the latter's
#                         generated seeds, build/libfuzzer/corpus/)
#   make libfuzzer-check  run each on its seed corpus for FUZZ_SECONDS
#                         (default 30 s each); fails on any crash, sanitizer
#                         report or broken property
#   make libfuzzer-scan-long   scan-reader for FUZZ_SCAN_RUNS executions
#                         (default 1000000); check-full runs it
#
# Needs clang with the libFuzzer runtime (Debian: libclang-rt-14-dev);
# tests/t2400-libfuzzer.t skips with the reason when it is missing.  New
# inputs go to a scratch folder, never into libfuzzer/corpus/.
FUZZ_CC      ?= clang-14
FUZZ_SECONDS ?= 30
FUZZ_SAN     := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_FLAGS   := -std=gnu11 -Wall -Wextra -Werror -Iinclude -Isrc -g -O1 $(FUZZ_SAN)
FUZZ_ALL     := $(patsubst libfuzzer/%.c,$(BUILD)/libfuzzer/%,\
		 $(wildcard libfuzzer/*.c))

# What the harnesses fuzz is build/librwonce.a (mk/00-tool.mk: every
# object of the tool and its scan plugin but main.o) built again by
# FUZZ_CC with the coverage and sanitizer instrumentation, into
# $(BUILD)/libfuzzer/lib/: the same rules in a sub-make with that
# compiler and those flags (-fsanitize=fuzzer-no-link: instrumented,
# libFuzzer's main linked only into the harness).  No list of sources
# here: a harness links the archive and takes the members it needs, so
# a file a parser begins to use cannot be missing from its link.
FUZZ_LIB_BUILD := $(BUILD)/libfuzzer/lib
FUZZ_LIB       := $(FUZZ_LIB_BUILD)/librwonce.a
FUZZ_LIB_CFLAGS := -g -O1

.PHONY: libfuzzer libfuzzer-check libfuzzer-scan-long
libfuzzer: $$(FUZZ_HARNESSES)

# Always asked: the sub-make knows the sources the archive is made of.
$(FUZZ_LIB): FORCE
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_LIB_BUILD) CC=$(FUZZ_CC) \
		CFLAGS='$(FUZZ_LIB_CFLAGS)' SANITIZE= \
		SAN_CFLAGS='$(subst fuzzer$(comma),fuzzer-no-link$(comma),$(FUZZ_SAN))' \
		$(FUZZ_LIB)

# scan's reader: src/elf/dwarf-* on libdw, not the parsers above.  Its
# seeds are objects, generated (libfuzzer/seeds/scan-seeds.sh), not
# committed.  Without scan's plugin (mk/70-scan.mk, read after this
# fragment: its headers missing) its objects are in no archive, and
# there is no such harness.
FUZZ_SCAN_CORPUS := $(BUILD)/libfuzzer/corpus/scan-reader
FUZZ_SCAN_RUNS ?= 1000000
FUZZ_HARNESSES = $(if $(SCAN_OFF_WHY),$(filter-out %/scan-reader,$(FUZZ_ALL)),\
		 $(FUZZ_ALL) $(FUZZ_SCAN_CORPUS))

# capstone: the reader's harness decodes code as scan does
# (src/scan/disasm.c and src/scan/isa/, in the archive); LLVM's
# disassembler for RISC-V is loaded at run time (-ldl, in TOOL_LDLIBS).
$(BUILD)/libfuzzer/scan-reader: FUZZ_LDLIBS = -ldw -lelf -lcapstone

$(FUZZ_SCAN_CORPUS): libfuzzer/seeds/scan-seeds.sh libfuzzer/seeds/scan-seed.c
	$(QUIET_GEN)libfuzzer/seeds/scan-seeds.sh $@ $(FUZZ_CC)

# The long run (check-full): FUZZ_SCAN_RUNS executions from the seeds;
# libFuzzer's final stats say how many ran and how long they took.
libfuzzer-scan-long: $(BUILD)/libfuzzer/scan-reader $(FUZZ_SCAN_CORPUS)
	@libfuzzer/run.sh --runs $(FUZZ_SCAN_RUNS) $(BUILD)/libfuzzer/scan-reader

# A harness: its own file, the instrumented archive, the tool's libraries.
$(BUILD)/libfuzzer/%: libfuzzer/%.c $(FUZZ_LIB)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(FUZZ_CC) $(FUZZ_FLAGS) -MMD -MP -MF $@.d -o $@ $< $(FUZZ_LIB) \
		$(FUZZ_LDLIBS) $(TOOL_LDLIBS) $(LDLIBS)

-include $(FUZZ_ALL:=.d)

libfuzzer-check: libfuzzer
	@libfuzzer/run.sh $(BUILD)/libfuzzer $(FUZZ_SECONDS)
