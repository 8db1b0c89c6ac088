# The C front end (src/cfront/: lexer, token scanning, type index, idioms,
# tree walker) is linked into the tool by mk/00-tool.mk.  This adds its
# test driver, build/cfront-test, small on purpose: the front end, the
# shared utility code, nothing else.
CFRONT_TEST = $(BUILD)/cfront-test
CFRONT_TEST_SRCS = tests/cfront/cfront-test.c src/cfront/lexer.c \
	src/cfront/tokscan.c src/cfront/typeindex.c src/cfront/branches.c \
	src/cfront/idioms.c src/cfront/defines.c src/cfront/macro-body.c \
	src/cfront/once-macros.c src/cfront/once-discover.c \
	src/cfront/once-accessor.c src/cfront/walk.c \
	src/lib/util.c src/lib/messages.c src/lib/strbuf.c src/lib/tempdir.c \
	src/lib/run-command.c src/lib/utf8.c src/lib/test-hook.c src/lib/strset.c \
	src/lib/clock.c src/lib/pool.c src/lib/json.c

ALL_TARGETS += $(CFRONT_TEST)

$(CFRONT_TEST): $(patsubst %.c,$(BUILD)/%.o,$(CFRONT_TEST_SRCS))
	$(QUIET_LINK)$(CC) $(ALL_CFLAGS) -o $@ $^ -lpthread -linih $(LDLIBS)

# Header dependencies of the driver's own object (the tool's are in 00-tool.mk).
-include $(BUILD)/tests/cfront/cfront-test.d
