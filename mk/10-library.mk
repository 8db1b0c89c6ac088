# The header-only library and the files that let other builds find it:
# package-config/ holds the pkg-config file and the CMake package
# configuration, filled in with the install paths here.
VERSION := 0.1.0

install: install-library install-man
install-library:
	install -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
		$(DESTDIR)$(LIBDIR)/cmake/rwonce
	install -m 644 include/rwonce.h $(DESTDIR)$(INCLUDEDIR)/rwonce.h
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' \
		-e 's|@VERSION@|$(VERSION)|g' \
		package-config/rwonce.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/rwonce.pc
	sed -e 's|@VERSION@|$(VERSION)|g' package-config/rwonce-config-version.cmake.in \
		> $(DESTDIR)$(LIBDIR)/cmake/rwonce/rwonce-config-version.cmake
	sed -e 's|@INCLUDEDIR_FROM_CMAKEDIR@|$(shell realpath -m \
		--relative-to=$(LIBDIR)/cmake/rwonce $(INCLUDEDIR))|g' \
		package-config/rwonce-config.cmake.in \
		> $(DESTDIR)$(LIBDIR)/cmake/rwonce/rwonce-config.cmake

install-man:
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3
	for f in $(wildcard doc/*.1); do install -m 644 $$f $(DESTDIR)$(MANDIR)/man1/; done
	for f in $(wildcard doc/*.3); do install -m 644 $$f $(DESTDIR)$(MANDIR)/man3/; done
