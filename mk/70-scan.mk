# rwonce scan (src/scan/) and the DWARF reader it uses (src/elf/dwarf-lines):
# elfutils' libdw/libelf for line tables and inline chains, capstone for
# operand details.  Debian: libdw-dev libcapstone-dev (deps/scan.txt).
TOOL_LDLIBS += -ldw -lelf -lcapstone
