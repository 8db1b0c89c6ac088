# The tracers of `rwonce verify`: the QEMU TCG plugin (its test-only
# front end to the tracing API is test-tool trace-dump, for tests/t11xx:
# tests/helper/test-trace-dump.c).
#
# The plugin is found at run time through $RWONCE_QEMU_PLUGIN, then next to
# the executable (build/tracer/ from build/rwonce), then in
# $(LIBEXECDIR)/rwonce/ where `make install` puts it, seen from $(BINDIR).

TRACER_PLUGIN = $(BUILD)/tracer/rwonce-trace.so

ALL_TARGETS   += $(TRACER_PLUGIN)
TOOL_CPPFLAGS += -DRWONCE_LIBEXEC_FROM_BIN='"$(call from_bindir,$(LIBEXECDIR))"'

# A plugin is dlopen()ed by qemu-ARCH and resolves the qemu_plugin_*
# functions from the executable, so it links against nothing; hidden
# visibility keeps everything but the two required symbols private.
#
# Never with sanitizers (SANITIZE, or -fsanitize in CFLAGS or LDFLAGS):
# qemu-ARCH is not built with them, and a sanitized plugin dlopen()ed
# into it stops qemu with "ASan runtime does not come first in initial library list" --
# every verify run would fail.  The plugin is checked by what verify's
# tests expect of its traces instead.
TRACER_NO_SAN = -fsanitize=% -fno-sanitize=% -fsanitize-% -fno-sanitize-%
TRACER_CFLAGS = $(filter-out $(TRACER_NO_SAN),$(CFLAGS))
TRACER_LDFLAGS = $(filter-out $(TRACER_NO_SAN),$(LDFLAGS))
$(TRACER_PLUGIN): tracer/qemu/rwonce-trace.c tracer/qemu/qemu-plugin-api.h \
		$(CONFIG_STAMP)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) -std=gnu11 $(WARNFLAGS) $(TRACER_CFLAGS) $(TRACER_LDFLAGS) -shared -fPIC \
		-fvisibility=hidden -o $@ tracer/qemu/rwonce-trace.c

install: install-tracer
install-tracer: $(TRACER_PLUGIN)
	install -d $(DESTDIR)$(LIBEXECDIR)/rwonce
	install -m 644 $(TRACER_PLUGIN) $(DESTDIR)$(LIBEXECDIR)/rwonce/rwonce-trace.so
