# The shared helpers (src/lib/) are linked into the tool by mk/00-tool.mk.
# This adds their test driver, build/tests/lib-test (tests/t0020-lib.t):
# the worker pool, the JSON reader and writer, blank splitting.
LIB_TEST = $(BUILD)/tests/lib-test

ALL_TARGETS += $(LIB_TEST)

$(LIB_TEST): $(BUILD)/tests/lib/lib-test.o $(LIBRWONCE)
	$(TEST_LINK)

-include $(BUILD)/tests/lib/lib-test.d
