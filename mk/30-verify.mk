# rwonce verify: the built-in probe battery is read at run time, from the
# source tree when the tool runs from build/ (build/../probes), otherwise
# from $(DATADIR)/rwonce/probes where `make install` puts it; the probes
# include rwonce.h from build/../include or $(INCLUDEDIR).  Both are
# found from the executable's folder: only their paths seen from
# $(BINDIR) are compiled in.

VERIFY_PROBES = probes/library.c probes/controls.c probes/rwonce-probe.h \
	probes/README.md

TOOL_CPPFLAGS += -DRWONCE_DATADIR_FROM_BIN='"$(call from_bindir,$(DATADIR))"' \
	-DRWONCE_INCLUDEDIR_FROM_BIN='"$(call from_bindir,$(INCLUDEDIR))"'
# The comparator's unit test is test-tool compare (mk/91-test-tool.mk).

install: install-probes
install-probes:
	install -d $(DESTDIR)$(DATADIR)/rwonce/probes
	install -m 644 $(VERIFY_PROBES) $(DESTDIR)$(DATADIR)/rwonce/probes/
