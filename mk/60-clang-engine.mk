# The type-aware audit engine on libclang (src/audit/clang/).
#
# libclang is found at build time: LIBCLANG_PREFIX (default: the newest
# /usr/lib/llvm-N holding include/clang-c/Index.h and lib/libclang.so,
# 14 preferred since that is what Debian 12's libclang-dev installs).
#
# With it, the engine is a plugin, $(BUILD)/rwonce-clang.so (installed in
# $(LIBEXECDIR)/rwonce/), that rwonce loads only for --engine=clang or
# auto: linked into rwonce, libclang cost every command (verify, fix, the
# lexical audit) 60 ms and 55 MiB just to load.  The plugin takes rwonce's
# own helpers (strbuf, error, findings...) from the executable, which
# exports exactly the names the engine's objects use (a dynamic list made
# from their undefined symbols) and nothing else.
#
# Without libclang -- or with RWONCE_NO_LIBCLANG=1 -- there is no plugin:
# the tool still builds, and `rwonce audit --engine=clang` says "apt-get
# install libclang-dev" and exits 2.

LIBCLANG_CANDIDATES := /usr/lib/llvm-14 $(sort $(wildcard /usr/lib/llvm-*))
LIBCLANG_PREFIX ?= $(firstword $(foreach d,$(LIBCLANG_CANDIDATES),\
	$(if $(and $(wildcard $(d)/include/clang-c/Index.h),\
		   $(wildcard $(d)/lib/libclang.so)),$(d))))

CLANG_ENGINE_SRCS := $(wildcard src/audit/clang/*.c)
CLANG_PLUGIN  := $(BUILD)/rwonce-clang.so
CLANG_DYNLIST := $(BUILD)/rwonce-clang.dynlist

ifeq ($(RWONCE_NO_LIBCLANG)$(if $(LIBCLANG_PREFIX),,none),)
CLANG_ENGINE_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(CLANG_ENGINE_SRCS))
# Only the engine's own objects see libclang's headers; -fPIC for the
# plugin (the same objects also link into the test front end below).
$(CLANG_ENGINE_OBJS): TOOL_CPPFLAGS += -I$(LIBCLANG_PREFIX)/include -fPIC
# rpath: libclang.so lives outside the loader's default path (for a
# libclang built elsewhere; Debian's soname is in the default path, and
# its package sets CLANG_RPATH= : debian/rules).
CLANG_RPATH ?= -Wl,-rpath,$(LIBCLANG_PREFIX)/lib
CLANG_LDLIBS := -L$(LIBCLANG_PREFIX)/lib -lclang $(CLANG_RPATH)
CLANG_ENGINE := libclang ($(LIBCLANG_PREFIX)), plugin $(CLANG_PLUGIN)

$(BUILD)/src/audit/clang-load.o: TOOL_CPPFLAGS += -DRWONCE_CLANG_PLUGIN
$(BUILD)/src/version.o: TOOL_CPPFLAGS += -DRWONCE_CLANG_ENGINE_BUILT=1
$(TOOL): $(CLANG_DYNLIST)
$(TOOL): TOOL_LDLIBS += -Wl,--dynamic-list=$(CLANG_DYNLIST)
# Another program that loads the plugin (build/test-tool) exports the
# same names, and takes each from build/librwonce.a: an EXTERN line per
# name (a linker script read before the archive) makes the link take
# the member that defines it, as the tool has every object.
CLANG_EXTERN := $(BUILD)/rwonce-clang.extern
CLANG_HOST_LDFLAGS = -Wl,--dynamic-list=$(CLANG_DYNLIST) $(CLANG_EXTERN)
$(CLANG_EXTERN): $(CLANG_DYNLIST)
	$(QUIET_GEN)sed -n 's/^  \(.*\);$$/EXTERN(\1)/p' $< >$@.tmp && mv $@.tmp $@
ALL_TARGETS += $(CLANG_PLUGIN)

$(CLANG_DYNLIST): $(CLANG_ENGINE_OBJS)
	$(plugin_dynlist)

# -Bsymbolic: the engine's calls to its own functions stay inside it.
$(CLANG_PLUGIN): $(CLANG_ENGINE_OBJS) $(CONFIG_STAMP)
	$(QUIET_LINK)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-Bsymbolic -o $@ $(CLANG_ENGINE_OBJS) \
		$(CLANG_LDLIBS) -lpthread

install: install-clang-plugin
.PHONY: install-clang-plugin
install-clang-plugin: $(CLANG_PLUGIN)
	install -d $(DESTDIR)$(LIBEXECDIR)/rwonce
	install -m 644 $(CLANG_PLUGIN) $(DESTDIR)$(LIBEXECDIR)/rwonce/rwonce-clang.so
else
CLANG_ENGINE_OBJS :=
CLANG_LDLIBS :=
CLANG_ENGINE := none (built without libclang)
CLANG_EXTERN :=
CLANG_HOST_LDFLAGS :=
endif
TOOL_LDLIBS += -ldl
-include $(CLANG_ENGINE_OBJS:.o=.d)

.PHONY: clang-engine-info
clang-engine-info:
	@echo "clang engine: $(CLANG_ENGINE)"
