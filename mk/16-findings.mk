# The findings and the output contract (src/findings/, the shared options
# of src/lib/parse-options, the comment reader of src/cfront/) are linked
# into the tool by mk/00-tool.mk.  This adds their test driver,
# build/tests/findings-test (tests/t0620-findings-units.t).
FINDINGS_TEST = $(BUILD)/tests/findings-test
FINDINGS_TEST_OBJS = $(patsubst %.c,$(BUILD)/%.o,tests/findings/findings-test.c \
	$(wildcard src/lib/*.c) $(wildcard src/findings/*.c) \
	src/cfront/comments.c src/cfront/suppress.c src/cfront/functions.c \
	src/cfront/lexer.c src/cfront/tokscan.c)

ALL_TARGETS += $(FINDINGS_TEST)

$(FINDINGS_TEST): $(FINDINGS_TEST_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(ALL_CFLAGS) -o $@ $(FINDINGS_TEST_OBJS) -lpthread -linih $(LDLIBS)

-include $(BUILD)/tests/findings/findings-test.d
