#!/usr/bin/env python3
"""List the candidate sites for the real-code record of `rwonce scan`, and
the machine code each one compiled to, for a person to confirm by hand.

  scan-real-sites.py sites CLANG_BUILD_DIR > sites.tsv
  scan-real-sites.py code BUILD_DIR sites.tsv > instances.txt

`sites` asks clang itself where the source makes a volatile access that
is wider than one machine access can be trusted to be: each compile
command of a clang build (its compile_commands.json) is rerun to print
LLVM IR before any optimisation (-Xclang -disable-llvm-passes), and the
script keeps

  * every volatile memcpy (`llvm.memcpy` with the volatile flag): that is
    how clang emits a volatile *aggregate* copy -- the kernel's READ_ONCE /
    WRITE_ONCE of a struct or union, `*(volatile struct T *)&x`; SROA may
    later split it into one access per field;
  * every volatile load/store wider than a pointer (i64 on 32-bit ARM).

Each is printed once per source location (file, line, column), with its
size and how many translation units contain it.  The list does not depend
on rwonce's own front end, so it can judge `rwonce scan`'s.

`code` runs `objdump -d -l --inlines` over the objects named by a build's
compile_commands.json (any compiler: the sites are source lines, the same
for the gcc and the clang build of one architecture) and prints, for every
instance of a site -- one function, one inline chain -- the instructions
attributed to the site's line, marking those that touch memory.  The
verdict is left to the reader: that is the point of a ground truth.
"""
import json
import os
import re
import shlex
import subprocess
import sys
from collections import defaultdict


def compile_commands(build_dir):
    path = os.path.join(build_dir, "compile_commands.json")
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"scan-real-sites: error: {path}: {e}")


def entry_argv(entry):
    if "arguments" in entry:
        return list(entry["arguments"])
    return shlex.split(entry["command"])


def ir_argv(argv):
    """The compile command turned into 'print unoptimised IR on stdout'."""
    out = []
    skip = False
    for a in argv:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a in ("-c", "-S") or a.startswith("-Wp,-MMD") or a.startswith("-Wp,-MD"):
            continue
        out.append(a)
    return out + ["-S", "-emit-llvm", "-Xclang", "-disable-llvm-passes",
                  "-Wno-error", "-w", "-o", "-"]


META = re.compile(r"^!(\d+) = (?:distinct )?!(\w+)\((.*)\)$")
FIELD = re.compile(r'(\w+): (!\d+|"(?:[^"\\]|\\.)*"|-?\d+|\w+)')
VMEMCPY = re.compile(r"call void @llvm\.memcpy\.[^(]*\(ptr[^,]*, ptr[^,]*, i(?:32|64) (\d+), i1 true\).*!dbg !(\d+)")
VLOAD = re.compile(r"= load volatile i(\d+), .*!dbg !(\d+)")
VSTORE = re.compile(r"store volatile i(\d+) .*!dbg !(\d+)")


def parse_ir(text):
    """Yields (kind, bytes, file, line, col) for each interesting access."""
    meta = {}
    hits = []
    ptr_bits = 64
    for line in text.splitlines():
        m = META.match(line)
        if m:
            meta["!" + m.group(1)] = (m.group(2), dict(FIELD.findall(m.group(3))))
            continue
        if line.startswith("target datalayout") and "-p:32:" in line:
            ptr_bits = 32
        m = VMEMCPY.search(line)
        if m:
            hits.append(("aggregate", int(m.group(1)), "!" + m.group(2)))
            continue
        for rx, kind in ((VLOAD, "load"), (VSTORE, "store")):
            m = rx.search(line)
            if m:
                hits.append((kind, int(m.group(1)), "!" + m.group(2)))
    for kind, size, dbg in hits:
        if kind != "aggregate":
            if size <= ptr_bits:
                continue
            size //= 8
            kind = "wide-" + kind
        loc = meta.get(dbg)
        if not loc or loc[0] != "DILocation":
            continue
        fields = loc[1]
        scope = meta.get(fields.get("scope"))
        while scope and "file" not in scope[1]:
            scope = meta.get(scope[1].get("scope"))
        if not scope:
            continue
        f = meta.get(scope[1]["file"])
        if not f:
            continue
        name = f[1].get("filename", '""').strip('"')
        directory = f[1].get("directory", '""').strip('"')
        path = os.path.normpath(os.path.join(directory, name))
        yield kind, size, path, int(fields.get("line", 0)), int(fields.get("column", 0))


def unit_sites(entry, argv, n, total):
    """The sites of one unit; with SITES_CACHE=DIR, kept there by the
    unit's path and reused (the IR of 400 units takes minutes)."""
    cache = os.environ.get("SITES_CACHE")
    cfile = None
    if cache:
        os.makedirs(cache, exist_ok=True)
        name = os.path.join(entry["directory"], entry["file"]).replace("/", "%")
        cfile = os.path.join(cache, name + ".tsv")
        if os.path.exists(cfile):
            with open(cfile) as f:
                for line in f:
                    kind, size, path, ln, col = line.rstrip("\n").split("\t")
                    yield kind, int(size), path, int(ln), int(col)
            return
    print(f"scan-real-sites: [{n}/{total}] {entry['file']}", file=sys.stderr)
    r = subprocess.run(argv, cwd=entry["directory"], capture_output=True, text=True)
    if r.returncode != 0:
        print(f"scan-real-sites: warning: {entry['file']}: clang failed:\n{r.stderr[-2000:]}", file=sys.stderr)
        return
    found = list(parse_ir(r.stdout))
    if cfile:
        with open(cfile + ".tmp", "w") as f:
            for kind, size, path, ln, col in found:
                f.write(f"{kind}\t{size}\t{path}\t{ln}\t{col}\n")
        os.rename(cfile + ".tmp", cfile)
    yield from found


def cmd_sites(build_dir):
    sites = defaultdict(set)
    entries = compile_commands(build_dir)
    for n, entry in enumerate(entries, 1):
        argv = ir_argv(entry_argv(entry))
        if "clang" not in os.path.basename(argv[0]):
            sys.exit(f"scan-real-sites: error: {build_dir}: 'sites' needs a clang build (found {argv[0]})")
        for kind, size, path, line, col in unit_sites(entry, argv, n, len(entries)):
            sites[(path, line, col, kind, size)].add(entry["file"])
    print("# file\tline\tcol\tkind\tbytes\tunits")
    for (path, line, col, kind, size), units in sorted(sites.items()):
        print(f"{path}\t{line}\t{col}\t{kind}\t{size}\t{len(units)}")


LOC = re.compile(r"^(/[^ :]+):(\d+)(?: \(discriminator \d+\))?$")
INLINED = re.compile(r"^inlined by (/[^ :]+):(\d+)")
SYM = re.compile(r"^[0-9a-f]+ <([^>]+)>:$")
INSN = re.compile(r"^\s+([0-9a-f]+):\t(.*)$")
# AT&T memory operand "(...)" / "0x10(%rax)"; ARM "[...]", ldm/stm/push/pop.
MEMOP = re.compile(r"\(%|\[|^\s*(ldm|stm|push|pop|vldm|vstm|ldrex|strex)")
# The frame: spills and reloads of the local copy, not the shared object.
# Only the stack pointer: without frame pointers %rbp and fp (r11) are
# ordinary registers that hold shared addresses.
STACKOP = re.compile(r"\(%rsp\)|\[sp\b|^\s*(push|pop)")


SECTION = re.compile(r"^Disassembly of section (\S+):$")
SYMTAB = re.compile(r"^([0-9a-f]+) .{7} (\S+)\t([0-9a-f]+) +(?:\S+ +)?(\S+)$")


def functions(objdump, obj):
    """{section: [(start, end, name)]} of an object's functions."""
    r = subprocess.run([objdump, "-t", "-w", obj], capture_output=True, text=True)
    funcs = defaultdict(list)
    for line in r.stdout.splitlines():
        m = SYMTAB.match(line)
        if m and " F " in line:
            start = int(m.group(1), 16)
            funcs[m.group(2)].append((start, start + int(m.group(3), 16), m.group(4)))
    return funcs


def containing(funcs, section, addr):
    for start, end, name in funcs.get(section, ()):
        if start <= addr < end:
            return name
    return None


def object_path(entry):
    if "output" in entry:
        return os.path.join(entry["directory"], entry["output"])
    argv = entry_argv(entry)
    if "-o" in argv:
        return os.path.join(entry["directory"], argv[argv.index("-o") + 1])
    base = os.path.splitext(entry["file"])[0] + ".o"
    return os.path.join(entry["directory"], base)


def cmd_code(build_dir, sites_file, objdump):
    wanted = {}
    with open(sites_file) as f:
        for line in f:
            if line.startswith("#"):
                continue
            path, ln, col, kind, size, _units = line.rstrip("\n").split("\t")
            wanted.setdefault((path, int(ln)), []).append((int(col), kind, int(size)))
    # Sites are recorded against the clang build's tree; a build of the
    # same source tree elsewhere maps by the path below linux-source-6.1.
    def key(path):
        i = path.find("/linux-source-6.1/")
        return path[i:] if i >= 0 else path
    wanted = {(key(p), ln): v for (p, ln), v in wanted.items()}
    objects = []
    for entry in compile_commands(build_dir):
        o = object_path(entry)
        if os.path.exists(o):
            objects.append((o, entry["directory"]))
    total = 0
    for o, odir in sorted(set(objects)):
        r = subprocess.run([objdump, "-d", "-l", "--inlines", "--no-show-raw-insn", "-w", o],
                           capture_output=True, text=True)
        funcs = functions(objdump, o)
        section = None
        sym = None
        loc = None
        chain = []
        after_insn = False
        instances = defaultdict(list)
        for line in r.stdout.splitlines():
            m = SECTION.match(line)
            if m:
                section = m.group(1)
                continue
            m = SYM.match(line)
            if m:
                sym, base, loc, chain = m.group(1), int(m.group(0).split()[0], 16), None, []
                continue
            m = LOC.match(line)
            if m:
                loc, chain = (key(m.group(1)), int(m.group(2))), []
                continue
            m = INLINED.match(line)
            if m:
                # A chain restated after instructions, with no line of
                # its own, is a new chain for the same innermost line.
                if after_insn:
                    chain = []
                after_insn = False
                chain.append(f"{os.path.basename(m.group(1))}:{m.group(2)}")
                continue
            m = INSN.match(line)
            after_insn = bool(m)
            if m and loc in wanted:
                # Name the function by the symbol table: objdump labels
                # clang's code with the nearest .Ltmp label.
                func = containing(funcs, section, int(m.group(1), 16)) or sym
                instances[(loc, func, tuple(chain))].append((m.group(1), m.group(2)))
        for (loc, sym, chain), insns in sorted(instances.items()):
            total += 1
            desc = ", ".join(f"{k} {b} B col {c}" for c, k, b in wanted[loc])
            print(f"== {os.path.relpath(o, odir)} {sym} {loc[0].split('/linux-source-6.1/')[-1]}:{loc[1]} [{desc}]")
            if chain:
                print(f"   inlined: {' <- '.join(chain)}")
            mem = 0
            for addr, text in insns:
                is_mem = bool(MEMOP.search(text))
                is_stack = is_mem and bool(STACKOP.search(text))
                mem += is_mem and not is_stack
                mark = "S" if is_stack else "M" if is_mem else " "
                print(f"   {mark} {addr}: {text}")
            print(f"   memory instructions (not the stack): {mem}")
    print(f"# {total} instances", file=sys.stderr)


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "sites":
        cmd_sites(sys.argv[2])
    elif len(sys.argv) >= 4 and sys.argv[1] == "code":
        cmd_code(sys.argv[2], sys.argv[3], os.environ.get("OBJDUMP", "objdump"))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
