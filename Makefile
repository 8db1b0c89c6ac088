# rwonce — top-level build.
#
#   make                  build the rwonce tool and everything it loads
#   make run              install missing packages, then run the main job
#   make check            install missing packages, then run every test
#   make check-full       also the slow cross-target runs, and check-sanitize
#   make check-sanitize   the tests on ASan+UBSan and TSan builds
#   make install PREFIX=/usr/local DESTDIR=
#   make V=1              show the compiler command lines (quiet otherwise)
#   make SANITIZE=address,undefined   the tool and its plugins under
#                         sanitizers, in build-san-address-undefined/
#                         (mk/85-sanitize.mk; make check-sanitize runs the
#                         tests on such builds)
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
# SAN_CFLAGS: -fsanitize=... when SANITIZE is set (mk/85-sanitize.mk); for
# the tool, its plugins and test programs, never the QEMU plugin.
ALL_CFLAGS   = -std=gnu11 $(WARNFLAGS) -Iinclude -Isrc $(CFLAGS) $(SAN_CFLAGS)
LDLIBS      ?=
LDFLAGS     ?=
PROVE       ?= prove
PROVE_JOBS  ?= 2

# One build folder per sanitizer configuration (SANITIZE=address,undefined:
# build-san-address-undefined), so that switching back and forth does not
# rebuild everything each time.  A sibling of build/: the tool finds the
# probes and the header at ../probes and ../include from its folder.
comma       := ,
BUILD       := build$(if $(SANITIZE),-san-$(subst $(comma),-,$(SANITIZE)))

# What the objects depend on besides their sources -- flags, the
# detected libclang -- is written to this file (as git does with
# GIT-CFLAGS); it changes only when that configuration does, and
# everything compiled depends on it.  So `make` after apt-get install
# libclang-dev rebuilds instead of keeping the stub engine.  PREFIX is not
# part of it: the tool finds its files relative to its executable, and
# only the relative layout (libexec, share and include seen from bin) is
# compiled in, which is the same for every PREFIX -- `make install
# PREFIX=/opt` after `make` rebuilds nothing.
CONFIG_STAMP = $(BUILD)/RWONCE-CONFIG

# $(1) seen from $(BINDIR), e.g. ../libexec.
from_bindir = $(shell realpath -m --relative-to=$(BINDIR) $(1))

# The build is quiet: warnings and errors only (`make run` and `make
# check` say in one line that a first build is under way).  V=1 shows
# the command lines.
ifneq ($(V),)
QUIET_CC   =
QUIET_LINK =
QUIET_GEN  =
else
QUIET_CC   = @
QUIET_LINK = @
QUIET_GEN  = @
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
CONFIG_TEXT += |LDLIBS=$(TOOL_LDLIBS) $(LDLIBS)|LDFLAGS=$(LDFLAGS)|CLANG_ENGINE=$(CLANG_ENGINE)
CONFIG_TEXT += |CLANG_LDLIBS=$(CLANG_LDLIBS)|SCAN=$(SCAN_CONFIG)

define newline


endef

# The stamp is brought up to date while the Makefile is read, not by a
# rule that always runs: so `make -n` and `make -q` tell the truth (no
# compile listed when nothing changed).  Not for the goals that only
# install packages or start a sub-make (which reads it again), so that a
# fresh machine's `make check` records the compiler it installed.
CONFIG_NOW = $(subst |,$(newline),$(CONFIG_TEXT))
ifneq ($(filter-out deps deps-full run check check-full clean check-sanitize \
	check-sanitize-installed,$(or $(MAKECMDGOALS),all)),)
ifneq ($(file <$(CONFIG_STAMP)),$(CONFIG_NOW))
ifneq ($(findstring n,$(firstword -$(MAKEFLAGS)))$(findstring q,$(firstword -$(MAKEFLAGS))),)
# make -n, make -q: change nothing, but say that everything is out of date.
$(CONFIG_STAMP): FORCE
	@: the build configuration changed
else
$(if $(wildcard $(CONFIG_STAMP)),$(info     * build configuration changed: rebuilding))
$(shell mkdir -p $(BUILD))
$(file >$(CONFIG_STAMP),$(CONFIG_NOW))
endif
endif
endif
$(CONFIG_STAMP):
.PHONY: FORCE
FORCE:

clean:
	rm -rf $(BUILD)
