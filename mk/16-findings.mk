# The findings and the output contract (src/findings/) are linked into
# the tool by mk/00-tool.mk; their test driver is test-tool findings
# (tests/helper/test-findings.c, mk/91-test-tool.mk).
#
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
