# The tracers of `rwonce verify`: the QEMU TCG plugin, and a test-only
# front end to the tracing API (build/tests/trace-dump) for tests/t11xx.
#
# The plugin is found at run time through $RWONCE_QEMU_PLUGIN, then next to
# the executable (build/tracer/ from build/rwonce), then in
# $(LIBEXECDIR)/rwonce/ where `make install` puts it, seen from $(BINDIR).

TRACER_PLUGIN = $(BUILD)/tracer/rwonce-trace.so
TRACE_DUMP    = $(BUILD)/tests/trace-dump

ALL_TARGETS   += $(TRACER_PLUGIN) $(TRACE_DUMP)
TOOL_CPPFLAGS += -DRWONCE_LIBEXEC_FROM_BIN='"$(call from_bindir,$(LIBEXECDIR))"'

# A plugin is dlopen()ed by qemu-ARCH and resolves the qemu_plugin_*
# functions from the executable, so it links against nothing; hidden
# visibility keeps everything but the two required symbols private.
$(TRACER_PLUGIN): tracer/qemu/rwonce-trace.c tracer/qemu/qemu-plugin-api.h \
		$(CONFIG_STAMP)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) -std=gnu11 $(WARNFLAGS) $(CFLAGS) $(LDFLAGS) -shared -fPIC \
		-fvisibility=hidden -o $@ tracer/qemu/rwonce-trace.c

$(TRACE_DUMP): $(BUILD)/tests/trace/trace-dump.o $(LIBRWONCE)
	$(TEST_LINK)

-include $(BUILD)/tests/trace/trace-dump.d

install: install-tracer
install-tracer: $(TRACER_PLUGIN)
	install -d $(DESTDIR)$(LIBEXECDIR)/rwonce
	install -m 644 $(TRACER_PLUGIN) $(DESTDIR)$(LIBEXECDIR)/rwonce/rwonce-trace.so
