# The type-aware audit engine on libclang (src/audit/clang/).
#
# libclang is found at build time: LIBCLANG_PREFIX (default: the newest
# /usr/lib/llvm-N holding include/clang-c/Index.h and lib/libclang.so,
# 14 preferred since that is what Debian 12's libclang-dev installs).
# Without it -- or with RWONCE_NO_LIBCLANG=1 -- the engine is built as a
# stub: the tool still builds, and `rwonce audit --engine=clang` says
# "apt-get install libclang-dev" and exits 2.

LIBCLANG_CANDIDATES := /usr/lib/llvm-14 $(sort $(wildcard /usr/lib/llvm-*))
LIBCLANG_PREFIX ?= $(firstword $(foreach d,$(LIBCLANG_CANDIDATES),\
	$(if $(and $(wildcard $(d)/include/clang-c/Index.h),\
		   $(wildcard $(d)/lib/libclang.so)),$(d))))

CLANG_ENGINE_STUB := src/audit/clang/stub.c
CLANG_ENGINE_REAL := $(filter-out $(CLANG_ENGINE_STUB),\
	$(wildcard src/audit/clang/*.c))

ifeq ($(RWONCE_NO_LIBCLANG)$(if $(LIBCLANG_PREFIX),,none),)
TOOL_SRCS += $(CLANG_ENGINE_REAL)
# Only the engine's own objects see libclang's headers.
$(patsubst %.c,$(BUILD)/%.o,$(CLANG_ENGINE_REAL)): \
	TOOL_CPPFLAGS += -I$(LIBCLANG_PREFIX)/include
# rpath: libclang.so lives outside the loader's default path.
TOOL_LDLIBS += -L$(LIBCLANG_PREFIX)/lib -lclang \
	-Wl,-rpath,$(LIBCLANG_PREFIX)/lib
CLANG_ENGINE := libclang ($(LIBCLANG_PREFIX))
else
TOOL_SRCS += $(CLANG_ENGINE_STUB)
CLANG_ENGINE := stub
endif

# 00-tool.mk expanded the tool's prerequisites before this fragment was
# read; name the engine's objects here too.
CLANG_ENGINE_OBJS := $(patsubst %.c,$(BUILD)/%.o,\
	$(filter src/audit/clang/%,$(TOOL_SRCS)))
$(TOOL): $(CLANG_ENGINE_OBJS)
-include $(CLANG_ENGINE_OBJS:.o=.d)

.PHONY: clang-engine-info
clang-engine-info:
	@echo "clang engine: $(CLANG_ENGINE)"

# The engine's test front end (tests/clang/clang-audit.c), linked with
# only what the engine needs, so it builds whatever else is in flux.
CLANG_AUDIT_TEST := $(BUILD)/tests/clang-audit
CLANG_AUDIT_TEST_OBJS := $(BUILD)/tests/clang/clang-audit.o \
	$(patsubst %.c,$(BUILD)/%.o,$(wildcard src/lib/*.c) src/audit/finding.c) \
	$(CLANG_ENGINE_OBJS)
CHECK_PREREQS += $(CLANG_AUDIT_TEST)
ALL_TARGETS += $(CLANG_AUDIT_TEST)
-include $(BUILD)/tests/clang/clang-audit.d
$(CLANG_AUDIT_TEST): $(CLANG_AUDIT_TEST_OBJS)
	$(CC) $(ALL_CFLAGS) -o $@ $(CLANG_AUDIT_TEST_OBJS) $(TOOL_LDLIBS) $(LDLIBS)
