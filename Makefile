# rwonce — top-level build.
#
#   make                  build the rwonce tool and everything it loads
#   make run              install missing packages, then run the main job
#   make check            install missing packages, then run every test
#   make check-full       also the slow cross-target runs
#   make install PREFIX=/usr/local DESTDIR=
#   make V=1              show full compiler command lines
#
# Each part of the project adds itself through a fragment in mk/, so that a
# new component touches one new file instead of this one.

PREFIX      ?= /usr/local
DESTDIR     ?=
BINDIR      ?= $(PREFIX)/bin
INCLUDEDIR  ?= $(PREFIX)/include
LIBDIR      ?= $(PREFIX)/lib
LIBEXECDIR  ?= $(PREFIX)/libexec
DATADIR     ?= $(PREFIX)/share
MANDIR      ?= $(DATADIR)/man

CC          ?= cc
CFLAGS      ?= -O2 -g
WARNFLAGS   := -Wall -Wextra -Werror
ALL_CFLAGS   = -std=gnu11 $(WARNFLAGS) -Iinclude -Isrc $(CFLAGS)
LDLIBS      ?=
PROVE       ?= prove
PROVE_JOBS  ?= 2

BUILD       := build

# What the objects depend on besides their sources -- flags, the paths
# derived from PREFIX, the detected libclang -- is written to this file
# (as git does with GIT-CFLAGS); it changes only when that configuration
# does, and everything compiled depends on it.  So `make install
# PREFIX=/opt` after `make`, or `make` after apt-get install libclang-dev,
# rebuilds instead of installing stale objects.
CONFIG_STAMP = $(BUILD)/RWONCE-CONFIG

# Build steps print one short line each ("CC src/main.c"); V=1 prints
# the full command lines instead; make -s prints neither.
ifneq ($(V)$(findstring s,$(firstword -$(MAKEFLAGS))),)
QUIET_CC   =
QUIET_LINK =
QUIET_GEN  =
else
QUIET_CC   = @echo "    CC $<";
QUIET_LINK = @echo "  LINK $@";
QUIET_GEN  = @echo "   GEN $@";
endif

# Filled in by the fragments.
TOOL_SRCS   :=
ALL_TARGETS :=
CHECK_PREREQS :=
INSTALL_TARGETS :=

.PHONY: all run check check-full deps install clean
all:

include $(sort $(wildcard mk/*.mk))

all: $(ALL_TARGETS)

deps:
	@RWONCE_DEPS_LOG=$(BUILD)/deps.log scripts/install-deps

# One line per setting, read lazily so every fragment's additions count.
CONFIG_TEXT = CC=$(CC) $(shell $(CC) -dumpfullversion -dumpversion 2>/dev/null)
CONFIG_TEXT += |CFLAGS=$(ALL_CFLAGS)|CPPFLAGS=$(TOOL_CPPFLAGS)
CONFIG_TEXT += |LDLIBS=$(TOOL_LDLIBS) $(LDLIBS)|CLANG_ENGINE=$(CLANG_ENGINE)
CONFIG_TEXT += |CLANG_LDLIBS=$(CLANG_LDLIBS)

.PHONY: FORCE
$(CONFIG_STAMP): FORCE
	$(shell mkdir -p $(dir $@))$(file >$@.new,$(subst |,$(newline),$(CONFIG_TEXT)))
	@if cmp -s $@.new $@; then rm -f $@.new; else \
		test -f $@ && echo "    * build configuration changed: rebuilding"; \
		mv $@.new $@; fi

define newline


endef

clean:
	rm -rf $(BUILD)
