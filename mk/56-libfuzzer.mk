# libFuzzer harnesses for rwonce's own parsers (libfuzzer/): the C front
# end's lexer and `rwonce fix`.  Not the `rwonce fuzz` command, which
# fuzzes compilers.
#
#   make libfuzzer        build build/libfuzzer/cfront-lexer and .../fix
#   make libfuzzer-check  run each on its seed corpus for FUZZ_SECONDS
#                         (default 30 s each); fails on any crash, sanitizer
#                         report or broken property
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

.PHONY: libfuzzer libfuzzer-check
libfuzzer: $(FUZZ_HARNESSES)

$(BUILD)/libfuzzer/%: libfuzzer/%.c $(FUZZ_LIB_SRCS) \
		$(wildcard src/cfront/*.h src/rewrite/*.h src/fix/*.h src/findings/*.h \
			src/lib/*.h)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $< $(FUZZ_LIB_SRCS) -lpthread -linih

libfuzzer-check: libfuzzer
	@libfuzzer/run.sh $(BUILD)/libfuzzer $(FUZZ_SECONDS)
