# rwonce verify: the built-in probe battery is read at run time, from the
# source tree when the tool runs from build/ (build/../probes), otherwise
# from $(DATADIR)/rwonce/probes where `make install` puts it; the probes
# include rwonce.h from build/../include or $(INCLUDEDIR).  Both are
# found from the executable's folder: only their paths seen from
# $(BINDIR) are compiled in.

VERIFY_PROBES = probes/library.c probes/controls.c probes/rwonce-probe.h \
	probes/README.md
TEST_COMPARE  = $(BUILD)/tests/test-compare

TOOL_CPPFLAGS += -DRWONCE_DATADIR_FROM_BIN='"$(call from_bindir,$(DATADIR))"' \
	-DRWONCE_INCLUDEDIR_FROM_BIN='"$(call from_bindir,$(INCLUDEDIR))"'
CHECK_PREREQS += $(TEST_COMPARE)

# The comparator's unit test: tests/verify/compare-cases.txt through
# src/verify/compare.c, without compilers or tracers.
$(TEST_COMPARE): tests/verify/test-compare.c $(BUILD)/src/verify/compare.o \
		$(BUILD)/src/lib/util.o $(BUILD)/src/lib/tempdir.o \
		$(BUILD)/src/lib/run-command.o $(BUILD)/src/lib/strbuf.o \
		$(BUILD)/src/lib/clock.o $(BUILD)/src/lib/messages.o \
		$(BUILD)/src/lib/json.o $(BUILD)/src/lib/utf8.o
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(ALL_CFLAGS) -o $@ $^ $(TOOL_LDLIBS) $(LDLIBS)

install: install-probes
install-probes:
	install -d $(DESTDIR)$(DATADIR)/rwonce/probes
	install -m 644 $(VERIFY_PROBES) $(DESTDIR)$(DATADIR)/rwonce/probes/
