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

# SARIF's help.markdown is the man pages' own text for each rule
# (doc/rwonce-audit.1 RULES, doc/rwonce-scan.1 VERDICTS), made into
# RULE_MARKDOWN lines by scripts/man-rules-markdown: the two cannot drift.
RULES_HELP_MD = $(BUILD)/gen/rules-help-md.def

$(RULES_HELP_MD): scripts/man-rules-markdown doc/rwonce-audit.1 doc/rwonce-scan.1
	@mkdir -p $(dir $@)
	$(QUIET_GEN)sh scripts/man-rules-markdown doc/rwonce-audit.1 RULES \
		doc/rwonce-scan.1 VERDICTS >$@.tmp && mv $@.tmp $@

$(BUILD)/src/findings/report.o: $(RULES_HELP_MD)
$(BUILD)/src/findings/report.o: TOOL_CPPFLAGS += -I$(BUILD)/gen
