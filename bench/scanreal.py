"""What the real-code scripts of bench/ share (scan-real-check.py,
scan-real-compare.py): the short name of a kernel source path, the
notes of a `rwonce scan --json` finding, and the objdump that reads an
object.  Imported, not run."""
import re

# A kernel source path, however the build named it: Debian's
# linux-source-X tarball unpacked anywhere, Debian's own package build
# (debian/build/build_amd64_none_cloud-amd64/...), or relative to the
# build's directory.
SOURCE_ROOT = re.compile(r"^(?:.*/)?(?:linux-source-\d+\.\d+|linux-\d+\.\d+(?:\.\d+)?"
                         r"|debian/build/build_[^/]+)/")

NOTE_IN = re.compile(r"^in (\S+), function '([^']+)'")
NOTE_INSN = re.compile(r"^([0-9a-f]+) <([^>+]+)(?:\+0x([0-9a-f]+))?>: (.*)$")

# ELF e_machine -> the GNU objdump that disassembles it.
OBJDUMPS = {62: "objdump", 3: "objdump", 40: "arm-linux-gnueabihf-objdump",
            183: "aarch64-linux-gnu-objdump", 243: "riscv64-linux-gnu-objdump"}


def short(path):
    """The path under the kernel tree (kernel/sched/fair.c)."""
    while path.startswith("./"):
        path = path[2:]
    path = path.replace("/./", "/")
    return SOURCE_ROOT.sub("", path)


def finding_notes(finding):
    """(object, function, [(address, symbol, offset, text)]) of a finding:
    where scan found the instance and the instructions it cites."""
    obj = func = None
    insns = []
    for n in finding.get("notes", []):
        m = NOTE_IN.match(n)
        if m:
            obj, func = m.group(1), m.group(2)
        m = NOTE_INSN.match(n)
        if m:
            insns.append((int(m.group(1), 16), m.group(2), int(m.group(3) or "0", 16), m.group(4)))
    return obj, func, insns


def elf_machine(path):
    """The ELF e_machine of a file, or None."""
    try:
        with open(path, "rb") as f:
            head = f.read(20)
    except OSError:
        return None
    if head[:4] != b"\x7fELF":
        return None
    order = "little" if head[5] == 1 else "big"
    return int.from_bytes(head[18:20], order)


def objdump_for(path):
    return OBJDUMPS.get(elf_machine(path), "objdump")
