# The shared helpers (src/lib/) are linked into the tool by mk/00-tool.mk.
# This adds their test driver, build/tests/lib-test (tests/t0020-lib.t):
# the worker pool, the JSON reader and writer, blank splitting.
LIB_TEST = $(BUILD)/tests/lib-test
LIB_TEST_OBJS = $(patsubst %.c,$(BUILD)/%.o,tests/lib/lib-test.c \
	$(wildcard src/lib/*.c))

ALL_TARGETS += $(LIB_TEST)

$(LIB_TEST): $(LIB_TEST_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(ALL_CFLAGS) -o $@ $(LIB_TEST_OBJS) -lpthread -linih $(LDLIBS)

-include $(BUILD)/tests/lib/lib-test.d
