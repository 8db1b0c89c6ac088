# build/test-tool: every test driver in one program, as git's
# t/helper/test-tool -- `build/test-tool NAME ARGS...` runs
# tests/helper/test-NAME.c's cmd__NAME (the table is
# tests/helper/test-tool.c).  Its objects are the folder's wildcard, and
# it links build/librwonce.a: a new driver is one file and a row in the
# table, never a link list here.  `test-tool clang-audit` loads the
# libclang engine's plugin as the tool does, so the program exports the
# names the plugin takes from it (mk/60-clang-engine.mk).
TEST_TOOL      = $(BUILD)/test-tool
TEST_TOOL_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/helper/*.c))

ALL_TARGETS   += $(TEST_TOOL)
CHECK_PREREQS += $(TEST_TOOL)

$(TEST_TOOL): $(TEST_TOOL_OBJS) $(LIBRWONCE) $(CLANG_EXTERN) $(CONFIG_STAMP)
	$(QUIET_LINK)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(TEST_TOOL_OBJS) \
		$(CLANG_HOST_LDFLAGS) $(LIBRWONCE) $(TOOL_LDLIBS) $(LDLIBS)

-include $(TEST_TOOL_OBJS:.o=.d)
