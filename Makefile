# rwonce — top-level build.
#
#   make                  build the rwonce tool and everything it loads
#   make run              install missing packages, then run the main job
#   make check            install missing packages, then run every test
#   make check-full       also the slow cross-target runs
#   make install PREFIX=/usr/local DESTDIR=
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
	@scripts/install-deps

clean:
	rm -rf $(BUILD)
