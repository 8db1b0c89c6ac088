# rwonce audit: the lexer's test driver (the command itself is linked into
# the tool by mk/00-tool.mk).  The driver is small on purpose: the lexer
# and its helpers, the shared utility code, nothing else.
AUDIT_LEXER_TEST = $(BUILD)/audit-lexer-test
AUDIT_LEXER_TEST_SRCS = tests/audit/lexer-test.c src/audit/lexer.c \
	src/audit/tokscan.c src/audit/typeindex.c src/audit/idioms.c \
	src/lib/util.c src/lib/strbuf.c src/lib/tempdir.c src/lib/run-command.c \
	src/lib/utf8.c

ALL_TARGETS += $(AUDIT_LEXER_TEST)

$(AUDIT_LEXER_TEST): $(patsubst %.c,$(BUILD)/%.o,$(AUDIT_LEXER_TEST_SRCS))
	$(CC) $(ALL_CFLAGS) -o $@ $^ -lpthread $(LDLIBS)

# Header dependencies of the driver's own object (the tool's are in 00-tool.mk).
-include $(BUILD)/tests/audit/lexer-test.d
