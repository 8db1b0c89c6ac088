# The rwonce executable: src/main.c dispatches to one folder per command
# (src/audit, src/fix, src/verify, ...) and links the shared parts
# (src/lib, src/cfront, src/findings, src/targets, src/trace, src/elf).
# Every .c one level below src/ is part of it, so a new command or shared
# part needs no change here; deeper folders (src/audit/clang/, the
# libclang plugin) are built by their own fragment.
TOOL_SRCS += $(wildcard src/*.c src/*/*.c)
TOOL_OBJS  = $(patsubst %.c,$(BUILD)/%.o,$(TOOL_SRCS))
TOOL       = $(BUILD)/rwonce
TOOL_LDLIBS += -lpthread
# the config file (src/lib/config.h) is INI read by libinih (libinih-dev)
TOOL_LDLIBS += -linih
TOOL_CPPFLAGS += -DRWONCE_TOOL_VERSION='"$(VERSION)"'
TOOL_CPPFLAGS += -DRWONCE_MANDIR_FROM_BIN='"$(call from_bindir,$(MANDIR))"'

ALL_TARGETS += $(TOOL)

# TOOL_OBJS is read in a second expansion, after every fragment: later
# ones take sources out of TOOL_SRCS (mk/70-scan.mk moves scan's into its
# plugin), and a prerequisite list expanded here would still build them.
.SECONDEXPANSION:
$(TOOL): $$(TOOL_OBJS) $(CONFIG_STAMP)
	$(QUIET_LINK)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(TOOL_OBJS) $(TOOL_LDLIBS) $(LDLIBS)

# build/librwonce.a: every object of the tool but main.o -- the same
# wildcard -- and those of the scan plugin (mk/70-scan.mk adds them; read
# in the second expansion too).  The test helper (build/test-tool,
# mk/91-test-tool.mk) and the libFuzzer harnesses (mk/56-libfuzzer.mk)
# link it instead of a list of objects typed by hand: a list that forgot
# lib/json.o once broke `make check`'s link after lib/messages.c began
# to use it.  The archive gives each program only the members it needs.
LIBRWONCE      = $(BUILD)/librwonce.a
LIBRWONCE_OBJS = $(filter-out $(BUILD)/src/main.o,$(TOOL_OBJS))

$(LIBRWONCE): $$(LIBRWONCE_OBJS)
	$(QUIET_LINK)rm -f $@ && $(AR) rcs $@ $(LIBRWONCE_OBJS)

$(BUILD)/%.o: %.c $(CONFIG_STAMP)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(ALL_CFLAGS) $(TOOL_CPPFLAGS) -MMD -MP -c -o $@ $<

-include $(TOOL_OBJS:.o=.d)

install: install-tool
install-tool: $(TOOL)
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 $(TOOL) $(DESTDIR)$(BINDIR)/rwonce

# The dynamic list of a plugin's objects ($^): the names they take from
# the executable, which exports exactly those (clang engine, scan).
define plugin_dynlist
	$(QUIET_GEN)nm -u $^ | awk '$$1 == "U" { print "  " $$2 ";" }' | sort -u | \
		{ echo "{"; cat; echo "};"; } >$@.tmp && mv $@.tmp $@
endef
