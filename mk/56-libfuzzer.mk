# libFuzzer harnesses for the lexer and for `rwonce fix` (fuzz/).
#
#   make fuzz          build build/fuzz/fuzz-lexer and build/fuzz/fuzz-fix
#   make fuzz-check    run each on its seed corpus for FUZZ_SECONDS
#                      (default 30 s each); fails on any crash, sanitizer
#                      report or broken property
#
# Needs clang with the libFuzzer runtime (Debian: libclang-rt-14-dev);
# tests/t2400-fuzz.t skips with the reason when it is missing.  New inputs
# go to a scratch folder, never into fuzz/corpus/.
FUZZ_CC      ?= clang-14
FUZZ_SECONDS ?= 30
FUZZ_FLAGS   := -std=gnu11 -Wall -Wextra -Werror -Iinclude -Isrc -g -O1 \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_LIB_SRCS := src/audit/lexer.c src/audit/tokscan.c src/audit/rewrite.c \
		 src/audit/typeindex.c src/audit/idioms.c \
		 src/audit/diff.c src/audit/fix-include.c $(wildcard src/lib/*.c)

.PHONY: fuzz fuzz-check
fuzz: $(BUILD)/fuzz/fuzz-lexer $(BUILD)/fuzz/fuzz-fix

$(BUILD)/fuzz/fuzz-%: fuzz/fuzz-%.c $(FUZZ_LIB_SRCS) $(wildcard src/audit/*.h src/lib/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $< $(FUZZ_LIB_SRCS) -lpthread

fuzz-check: fuzz
	@fuzz/run.sh $(BUILD)/fuzz $(FUZZ_SECONDS)
