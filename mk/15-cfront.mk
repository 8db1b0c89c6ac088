# The C front end (src/cfront/: lexer, token scanning, type index, idioms,
# tree walker) is linked into the tool by mk/00-tool.mk.  This adds its
# test driver, build/cfront-test: the driver and build/librwonce.a.
CFRONT_TEST = $(BUILD)/cfront-test

ALL_TARGETS += $(CFRONT_TEST)

$(CFRONT_TEST): $(BUILD)/tests/cfront/cfront-test.o $(LIBRWONCE)
	$(TEST_LINK)

# Header dependencies of the driver's own object (the tool's are in 00-tool.mk).
-include $(BUILD)/tests/cfront/cfront-test.d
