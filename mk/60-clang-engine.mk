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

CLANG_ENGINE_STUB := src/audit/clang/stub.c
CLANG_ENGINE_REAL := $(filter-out $(CLANG_ENGINE_STUB),\
	$(wildcard src/audit/clang/*.c))
CLANG_PLUGIN  := $(BUILD)/rwonce-clang.so
CLANG_DYNLIST := $(BUILD)/rwonce-clang.dynlist

ifeq ($(RWONCE_NO_LIBCLANG)$(if $(LIBCLANG_PREFIX),,none),)
CLANG_ENGINE_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(CLANG_ENGINE_REAL))
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
CLANG_ENGINE_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(CLANG_ENGINE_STUB))
CLANG_LDLIBS :=
CLANG_ENGINE := stub
endif
TOOL_LDLIBS += -ldl
-include $(CLANG_ENGINE_OBJS:.o=.d)

.PHONY: clang-engine-info
clang-engine-info:
	@echo "clang engine: $(CLANG_ENGINE)"

# The engine's test front end (tests/audit/clang/clang-audit.c): the
# engine's objects (the real ones or the stub) with build/librwonce.a.
CLANG_AUDIT_TEST := $(BUILD)/tests/audit/clang-audit
CHECK_PREREQS += $(CLANG_AUDIT_TEST)
ALL_TARGETS += $(CLANG_AUDIT_TEST)
-include $(BUILD)/tests/audit/clang/clang-audit.d
$(CLANG_AUDIT_TEST): $(BUILD)/tests/audit/clang/clang-audit.o $(CLANG_ENGINE_OBJS) $(LIBRWONCE)
	$(TEST_LINK) $(CLANG_LDLIBS)
