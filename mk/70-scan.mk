# rwonce scan (src/scan/) and the DWARF reading it uses (src/elf/dwarf-*):
# elfutils' libdw/libelf for line tables, inline chains and types, and
# capstone for operand details, nettle for the MD5 of sources (Debian:
# libdw-dev libcapstone-dev nettle-dev, in deps/scan.txt).
#
# Measured: linked into rwonce, these libraries made every command start
# in 49-51 ms instead of 22-25 ms (`rwonce version`, 300 runs) and take
# 5.4 MiB instead of 1.4 MiB -- capstone brings 80,000 relocations.  So
# scan is a plugin, $(BUILD)/rwonce-scan.so (installed in
# $(LIBEXECDIR)/rwonce/), that src/scan/scan-load.c loads only for
# `rwonce scan`.  Like the clang engine plugin it takes rwonce's own
# helpers from the executable, which exports exactly the names the
# plugin's objects use (a dynamic list made from their undefined symbols).
#
# Without the headers the plugin is not built -- none of its sources is
# compiled -- and `rwonce scan` says what to install.
#
# RISC-V is decoded by LLVM's C disassembler (capstone 4.0.2 has none),
# and so are the s390x instructions capstone 4.0.2 does not know
# (risbgnz ...): llvm-19-dev (deps/scan.txt; any llvm-N-dev, such as the
# one Debian's or Ubuntu's llvm-dev brings), found like libclang's
# prefix; only src/scan/isa/llvm-disasm.c sees its headers, and it loads
# libLLVM (the soname found here) when it is first needed: linked,
# libLLVM cost every scan 55-70 ms of start-up (doc/scan.md).

SCAN_LLVM_CANDIDATES := /usr/lib/llvm-19 $(sort $(wildcard /usr/lib/llvm-*))
SCAN_LLVM_PREFIX ?= $(firstword $(foreach d,$(SCAN_LLVM_CANDIDATES),\
	$(if $(and $(wildcard $(d)/include/llvm-c/Disassembler.h),\
		   $(wildcard $(d)/lib/libLLVM.so)),$(d))))

SCAN_LOADER := src/scan/scan-load.c
SCAN_PLUGIN_SRCS := $(filter-out $(SCAN_LOADER),$(wildcard src/scan/*.c)) \
	$(wildcard src/scan/isa/*.c) \
	$(wildcard src/elf/dwarf-*.c)
SCAN_PLUGIN_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(SCAN_PLUGIN_SRCS))
SCAN_PLUGIN := $(BUILD)/rwonce-scan.so
SCAN_DYNLIST := $(BUILD)/rwonce-scan.dynlist

# Never in the executable itself (TOOL_OBJS expands at link time).
TOOL_SRCS := $(filter-out $(SCAN_PLUGIN_SRCS),$(TOOL_SRCS))

# What the plugin needs and this machine lacks, as Debian packages; with
# any of it missing (or RWONCE_NO_SCAN set) the tool is built without
# scan, compiles none of the plugin's sources, and `rwonce scan` names
# what was missing when it was built (src/scan/scan-load.c).
SCAN_MISSING := $(strip \
	$(if $(wildcard /usr/include/elfutils/libdwfl.h),,libdw-dev) \
	$(if $(wildcard /usr/include/capstone/capstone.h),,libcapstone-dev) \
	$(if $(wildcard /usr/include/nettle/md5.h),,nettle-dev) \
	$(if $(SCAN_LLVM_PREFIX),,llvm-dev))
SCAN_OFF_WHY := $(strip $(if $(RWONCE_NO_SCAN),RWONCE_NO_SCAN was set,\
	$(if $(SCAN_MISSING),missing: $(SCAN_MISSING))))
SCAN_CONFIG = $(if $(SCAN_OFF_WHY),off ($(SCAN_OFF_WHY)),$(SCAN_LLVM_PREFIX))

ifeq ($(SCAN_OFF_WHY),)
$(SCAN_PLUGIN_OBJS): TOOL_CPPFLAGS += -fPIC
# build/librwonce.a has them too (the libFuzzer harness of the reader
# links src/elf/dwarf-* from it); a test driver takes none of them.
LIBRWONCE_OBJS += $(SCAN_PLUGIN_OBJS)
$(BUILD)/src/scan/isa/llvm-disasm.o: TOOL_CPPFLAGS += -I$(SCAN_LLVM_PREFIX)/include \
	-DRWONCE_LIBLLVM='"$(notdir $(realpath $(SCAN_LLVM_PREFIX)/lib/libLLVM.so))"'
$(BUILD)/src/scan/scan-load.o: TOOL_CPPFLAGS += -DRWONCE_SCAN_PLUGIN
$(TOOL): $(SCAN_DYNLIST)
$(TOOL): TOOL_LDLIBS += -Wl,--dynamic-list=$(SCAN_DYNLIST)
ALL_TARGETS += $(SCAN_PLUGIN)

$(SCAN_DYNLIST): $(SCAN_PLUGIN_OBJS)
	$(plugin_dynlist)

$(SCAN_PLUGIN): $(SCAN_PLUGIN_OBJS) $(CONFIG_STAMP)
	$(QUIET_LINK)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-Bsymbolic -o $@ $(SCAN_PLUGIN_OBJS) \
		-ldw -lelf -lcapstone -lnettle -lpthread -ldl

install: install-scan-plugin
.PHONY: install-scan-plugin
install-scan-plugin: $(SCAN_PLUGIN)
	install -d $(DESTDIR)$(LIBEXECDIR)/rwonce
	install -m 644 $(SCAN_PLUGIN) $(DESTDIR)$(LIBEXECDIR)/rwonce/rwonce-scan.so
else
$(BUILD)/src/scan/scan-load.o: TOOL_CPPFLAGS += -DRWONCE_SCAN_OFF_WHY='"$(SCAN_OFF_WHY)"'
$(BUILD)/src/version.o: TOOL_CPPFLAGS += -DRWONCE_SCAN_OFF_WHY='"$(SCAN_OFF_WHY)"'
endif
-include $(SCAN_PLUGIN_OBJS:.o=.d)
