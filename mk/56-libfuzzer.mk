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
FUZZ_FLAGS   := -std=gnu11 -Wall -Wextra -Werror -Iinclude -Isrc -g -O1 \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_LIB_SRCS := $(wildcard src/cfront/*.c) $(wildcard src/rewrite/*.c) \
		 src/fix/diff.c $(wildcard src/lib/*.c)
FUZZ_HARNESSES := $(patsubst libfuzzer/%.c,$(BUILD)/libfuzzer/%,\
		 $(wildcard libfuzzer/*.c))

# scan's reader: src/elf/dwarf-* on libdw, not the parsers above, with
# the rules scan's isas give each machine (src/scan/disasm.c and
# src/scan/isa/: capstone, and LLVM's headers for RISC-V).  Its seeds are
# objects, generated (libfuzzer/seeds/scan-seeds.sh), not committed.
# Without libdw's headers (deps/scan.txt) there is no such harness.
FUZZ_SCAN_SRCS := $(wildcard src/elf/dwarf-*.c) $(wildcard src/lib/*.c) \
		  src/scan/disasm.c $(wildcard src/scan/isa/*.c)
FUZZ_SCAN_CORPUS := $(BUILD)/libfuzzer/corpus/scan-reader
FUZZ_SCAN_RUNS ?= 1000000
ifeq ($(wildcard /usr/include/elfutils/libdwfl.h),)
FUZZ_HARNESSES := $(filter-out %/scan-reader,$(FUZZ_HARNESSES))
else
FUZZ_HARNESSES += $(FUZZ_SCAN_CORPUS)
endif

.PHONY: libfuzzer libfuzzer-check libfuzzer-scan-long
libfuzzer: $(FUZZ_HARNESSES)

$(BUILD)/libfuzzer/scan-reader: libfuzzer/scan-reader.c $(FUZZ_SCAN_SRCS) \
		$(wildcard src/elf/*.h src/lib/*.h src/scan/*.h src/scan/isa/*.h)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(FUZZ_CC) $(FUZZ_FLAGS) -I$(SCAN_LLVM_PREFIX)/include \
		-DRWONCE_LIBLLVM='"$(notdir $(realpath $(SCAN_LLVM_PREFIX)/lib/libLLVM.so))"' \
		-o $@ $< $(FUZZ_SCAN_SRCS) \
		-ldw -lelf -lcapstone -lpthread -ldl -linih

$(FUZZ_SCAN_CORPUS): libfuzzer/seeds/scan-seeds.sh libfuzzer/seeds/scan-seed.c
	$(QUIET_GEN)libfuzzer/seeds/scan-seeds.sh $@ $(FUZZ_CC)

# The long run (check-full): FUZZ_SCAN_RUNS executions from the seeds;
# libFuzzer's final stats say how many ran and how long they took.
libfuzzer-scan-long: $(BUILD)/libfuzzer/scan-reader $(FUZZ_SCAN_CORPUS)
	@libfuzzer/run.sh --runs $(FUZZ_SCAN_RUNS) $(BUILD)/libfuzzer/scan-reader

$(BUILD)/libfuzzer/%: libfuzzer/%.c $(FUZZ_LIB_SRCS) \
		$(wildcard src/cfront/*.h src/rewrite/*.h src/fix/*.h src/findings/*.h \
			src/lib/*.h)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $< $(FUZZ_LIB_SRCS) -lpthread -linih

libfuzzer-check: libfuzzer
	@libfuzzer/run.sh $(BUILD)/libfuzzer $(FUZZ_SECONDS)
