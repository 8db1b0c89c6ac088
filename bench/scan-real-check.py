#!/usr/bin/env python3
"""Put every torn/duplicated/widened finding of `rwonce scan --json` next
to what objdump says about the same instructions, confirm from objdump's
own reading what needs no judgement, and list the rest for a person.

  scan-real-check.py [--tsv FILE] BUILD_DIR SCAN.json > check.txt

For each finding: its site, the object and function scan names, and for
each instruction scan cites, the line objdump's line table gives it and
the inline chain (`objdump -d -l --inlines --disassemble=FUNCTION`, so a
vmlinux costs no more than an object).  Each finding gets a tag:

  CONFIRMED  torn, shown by objdump alone: every cited instruction is in
             objdump's listing at the cited address, on the site's line,
             in one inline chain; they are two or more memory accesses
             through one base register, each narrower than the object
             (scan's size, from the DWARF), at distinct offsets that fall
             within one object's extent -- or one pair instruction
             (ARM ldrd/strd, AArch64 ldp/stp of two registers) that the
             architecture performs as two accesses.  Widths and operands
             are read from objdump's text, not from scan's decoder;
  MERGED     the instructions come from different inline chains (the same
             header line inlined at two call sites): each is one access
             of its own instance, so the finding is not what the code
             shows;
  CHECK      anything else (a duplicated or widened finding, bases that
             differ, an instruction objdump puts on another line): read
             the listing that follows -- every instruction objdump gives
             to the line in that chain -- and decide by hand.

--tsv FILE writes one row per finding: site, rule, type, size, object,
function, tag, reason, instructions.  OBJDUMP names the objdump to use;
by default the one for the object's machine (bench/scanreal.py).
BUILD_DIR is where relative object names in the notes are found.
"""
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

from scanreal import elf_machine, finding_notes, objdump_for, short

LOC = re.compile(r"^(\S+):(\d+)(?: \(discriminator \d+\))?$")
INLINED = re.compile(r"^inlined by (\S+):(\d+) \((.*)\)")
SYM = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
INSN = re.compile(r"^\s*([0-9a-f]+):\t(.*)$")
SIZE = re.compile(r"\((\d+) bytes?\)")

X86_REG_WIDTH = {}
for _r in "ax bx cx dx si di bp sp".split():
    X86_REG_WIDTH["r" + _r] = 8
    X86_REG_WIDTH["e" + _r] = 4
    X86_REG_WIDTH[_r] = 2
for _r in "al bl cl dl ah bh ch dh sil dil bpl spl".split():
    X86_REG_WIDTH[_r] = 1
for _n in range(8, 16):
    X86_REG_WIDTH[f"r{_n}"] = 8
    X86_REG_WIDTH[f"r{_n}d"] = 4
    X86_REG_WIDTH[f"r{_n}w"] = 2
    X86_REG_WIDTH[f"r{_n}b"] = 1
X86_SUFFIX = {"b": 1, "w": 2, "l": 4, "q": 8}
X86_MEM = re.compile(r"(?:%[a-z]s:)?(-?0x[0-9a-f]+|-?\d+)?\((%\w+)?(?:,%\w+(?:,\d)?)?\)")
ARM_MEM = re.compile(r"\[(\w+)(?:, #(-?\d+))?\]")
A64_MEM = re.compile(r"\[(\w+)(?:, #(-?(?:0x)?[0-9a-f]+))?\]")
RV_MEM = re.compile(r"(-?\d+)\((\w+)\)")
ARM_COND = "(?:eq|ne|cs|cc|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?"


def access(machine, text):
    """(base, displacement, width, pair) of the memory operand of one
    instruction in objdump's syntax, or None: what the instruction
    touches, read from objdump's text.  width None: not known here."""
    parts = text.split(None, 1)
    if not parts:
        return None
    mn, ops = parts[0], (parts[1] if len(parts) > 1 else "")
    ops = ops.split("\t@")[0].split(" #")[0] if machine == 40 else ops.split("//")[0]
    if machine in (62, 3):
        m = X86_MEM.search(ops)
        if not m or not m.group(2) or mn.startswith(("lea", "nop", "prefetch", "j", "call")):
            return None
        disp = int(m.group(1) or "0", 0)
        width = None
        zm = re.match(r"mov[zs]([bwl])[wlq]$|movs(lq)$", mn)
        if zm:
            width = X86_SUFFIX[zm.group(1)] if zm.group(1) else 4
        else:
            regs = [r for r in re.findall(r"%(\w+)", X86_MEM.sub("", ops)) if r in X86_REG_WIDTH]
            if regs and regs[0] in X86_REG_WIDTH:
                width = X86_REG_WIDTH[regs[0]]
            elif mn[-1] in X86_SUFFIX and mn not in ("sub", "shl", "sbb", "rol"):
                width = X86_SUFFIX[mn[-1]]
        return (m.group(2)[1:], disp, width, False)
    if machine == 40:
        m = re.match(r"(ldr|str)(ex)?(d|h|b|sh|sb)?" + ARM_COND + r"(?:\.w)?$", mn)
        mm = ARM_MEM.search(ops)
        if not m or not mm:
            return None
        width = {"d": 8, "h": 2, "sh": 2, "b": 1, "sb": 1}.get(m.group(3), 4)
        return (mm.group(1), int(mm.group(2) or "0"), width, m.group(3) == "d" and not m.group(2))
    if machine == 183:
        mm = A64_MEM.search(ops)
        m = re.match(r"(ld|st)(?:a|l)?(?:x)?(r|ur|p)(s?)(b|h|w)?$", mn)
        if not m or not mm:
            return None
        reg = ops.split(",")[0].strip()
        rw = {"w": 4, "x": 8, "b": 1, "h": 2, "s": 4, "d": 8, "q": 16}.get(reg[:1])
        size = {"b": 1, "h": 2, "w": 4}.get(m.group(4), rw)
        pair = m.group(2) == "p"
        return (mm.group(1), int(mm.group(2) or "0", 0), size * 2 if pair and size else size, pair)
    if machine == 243:
        m = re.match(r"(?:c\.)?f?(l|s)(b|h|w|d)u?(?:sp)?$", mn)
        mm = RV_MEM.search(ops)
        if not m or not mm:
            return None
        return (mm.group(2), int(mm.group(1)), {"b": 1, "h": 2, "w": 4, "d": 8}[m.group(2)], False)
    return None


def listing(objdump, obj, sym):
    """[(addr, text, loc, chain, symbol)] of objdump's listing of one
    function (every symbol of that name) of one object."""
    r = subprocess.run([objdump, "-d", "-l", "--inlines", "--no-show-raw-insn", "-w",
                        f"--disassemble={sym}", obj], capture_output=True, text=True)
    rows = []
    cur, loc, chain, after_insn = None, None, [], False
    for line in r.stdout.splitlines():
        m = SYM.match(line)
        if m:
            cur, loc, chain = m.group(2), None, []
            continue
        m = LOC.match(line)
        if m:
            loc, chain = (short(m.group(1)), int(m.group(2))), []
            continue
        m = INLINED.match(line)
        if m:
            # A chain restated after instructions, with no line of its
            # own, is a new chain for the same innermost line.
            if after_insn:
                chain = []
            after_insn = False
            chain.append(f"{short(m.group(1))}:{m.group(2)}")
            continue
        m = INSN.match(line)
        after_insn = bool(m)
        if m:
            rows.append((int(m.group(1), 16), m.group(2).strip(), loc, tuple(chain), cur))
    return rows


def judge(machine, site, size, rule, hits):
    """(tag, reason) from objdump's rows of the cited instructions."""
    chains = {ch for _a, _t, _l, ch, _s in hits}
    if len(chains) > 1:
        return "MERGED", f"{len(chains)} inline chains"
    if rule != "scan-torn":
        return "CHECK", f"{rule[5:]}: read by hand"
    off_line = [f"{a:x}" for a, _t, loc, _c, _s in hits if loc is None or loc != site]
    if off_line:
        return "CHECK", "objdump puts " + ",".join(off_line) + " on another line"
    acc = [access(machine, t) for _a, t, _l, _c, _s in hits]
    if any(x is None or x[2] is None for x in acc):
        return "CHECK", "an operand objdump's text does not give here"
    if size is None:
        return "CHECK", "no object size in scan's message"
    if len(acc) == 1:
        base, disp, width, pair = acc[0]
        if pair and width == size:
            return "CONFIRMED", f"one pair instruction of {width} bytes ({machine_name(machine)}: two accesses)"
        return "CHECK", "one instruction"
    bases = {x[0] for x in acc}
    if len(bases) > 1:
        return "CHECK", "base registers differ: " + ",".join(sorted(bases))
    spans = sorted({(x[1], x[1] + x[2]) for x in acc})
    if len(spans) < 2:
        return "CHECK", "the same bytes twice"
    if spans[-1][1] - spans[0][0] > size:
        return "CHECK", f"offsets span {spans[-1][1] - spans[0][0]} bytes, more than the object's {size}"
    if any(x[2] >= size for x in acc):
        return "CHECK", "an access as wide as the object"
    return "CONFIRMED", (f"{len(acc)} accesses through {bases.pop()} at "
                         + ",".join(f"{d:+d}/{e - d}" for d, e in spans) + f" of a {size}-byte object")


def machine_name(machine):
    return {62: "x86-64", 3: "i386", 40: "ARM", 183: "AArch64", 243: "RISC-V"}.get(machine, str(machine))


def main():
    args = sys.argv[1:]
    tsv = None
    if len(args) == 4 and args[0] == "--tsv":
        tsv, args = args[1], args[2:]
    if len(args) != 2:
        sys.exit(__doc__)
    build, scan_json = args
    try:
        with open(scan_json) as f:
            findings = [x for x in json.load(f)["findings"]
                        if x["rule"] in ("scan-torn", "scan-duplicated", "scan-widened")]
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"scan-real-check: error: {scan_json}: {e}")
    cache = {}
    tags = defaultdict(int)
    rows_out = []
    for x in findings:
        obj, func, insns = finding_notes(x)
        site = (short(x["path"]), x["line"])
        m = SIZE.search(x["message"])
        size = int(m.group(1)) if m else None
        print(f"== {x['rule']} {site[0]}:{site[1]}:{x['column']} in {obj}, function {func}")
        print(f"   scan: {x['message']}")
        if obj is None or not insns:
            print("   (no object or no instructions named)")
            tags["NO-OBJECT"] += 1
            continue
        path = obj if os.path.isabs(obj) else os.path.join(build, obj)
        machine = elf_machine(path)
        objdump = os.environ.get("OBJDUMP") or objdump_for(path)
        hits = []
        for addr, sym, off, text in insns:
            key = (path, sym)
            if key not in cache:
                cache[key] = listing(objdump, path, sym)
            found = [r for r in cache[key] if r[0] == addr]
            if not found:
                print(f"   ?  {addr:x} <{sym}+{off:#x}>: not in objdump's listing ({text})")
                continue
            a, t, loc, ch, _s = found[0]
            hits.append(found[0])
            via = " <- ".join(ch) if ch else "(not inlined)"
            where = f"{loc[0]}:{loc[1]}" if loc else "?"
            print(f"   {a:6x}: {t:40s} {where} via {via}")
        if len(hits) < len(insns):
            tag, reason = "CHECK", "a cited instruction objdump does not list"
        else:
            tag, reason = judge(machine, site, size, x["rule"], hits)
        tags[tag] += 1
        print(f"   tag: {tag} ({reason})")
        if tag == "CHECK" and hits:
            loc, ch = hits[0][2], hits[0][3]
            print("   every instruction of this instance (line and chain):")
            for a, t, l2, c2, _s in cache[(path, insns[0][1])]:
                if l2 == loc and c2 == ch:
                    print(f"     {a:6x}: {t}")
        rows_out.append([f"{site[0]}:{site[1]}", x["rule"][5:], x.get("type") or "",
                         str(size or ""), os.path.relpath(path, build) if not os.path.isabs(obj) else obj,
                         func or "", tag, reason, "; ".join(t for _a, t, *_r in hits)])
    print(f"# {len(findings)} torn/duplicated/widened findings: " +
          ", ".join(f"{k} {v}" for k, v in sorted(tags.items())))
    if tsv:
        with open(tsv, "w") as f:
            f.write("# site\trule\ttype\tsize\tobject\tfunction\ttag\treason\tinstructions\n")
            for r in rows_out:
                f.write("\t".join(r) + "\n")


if __name__ == "__main__":
    main()
