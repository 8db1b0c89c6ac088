#!/usr/bin/env python3
"""Put every torn/duplicated finding of `rwonce scan --json` next to what
objdump says about the same instructions, so that a person can confirm
or refute it by hand -- and flag the one mistake that needs no judgement:
instructions taken from two different instances of the site.

  scan-real-check.py BUILD_DIR SCAN.json > check.txt

For each finding: its site, the object and function scan names, and for
each instruction scan lists, the line objdump's line table gives it and
the inline chain (`objdump -d -l --inlines`).  The finding is tagged

  MERGED   the instructions come from different inline chains (the same
           header line inlined at two call sites, or two call sites of one
           macro): each is one access of its own instance, so "torn" or
           "duplicated" is not what the code shows;
  CHECK    one instance: read the listing that follows (the whole
           instance, every instruction objdump attributes to the line in
           that chain) and decide.

OBJDUMP names the objdump to use (arm-linux-gnueabihf-objdump for ARM).
"""
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

LOC = re.compile(r"^(/[^ :]+):(\d+)(?: \(discriminator \d+\))?$")
INLINED = re.compile(r"^inlined by (/[^ :]+):(\d+) \((.*)\)")
SYM = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
SECTION = re.compile(r"^Disassembly of section (\S+):$")
SYMTAB = re.compile(r"^([0-9a-f]+) .{7} (\S+)\t[0-9a-f]+ +(?:\S+ +)?(\S+)$")
INSN = re.compile(r"^\s+([0-9a-f]+):\t(.*)$")
NOTE_IN = re.compile(r"^in (\S+), function '([^']+)'")
NOTE_INSN = re.compile(r"^([0-9a-f]+) <([^>+]+)(?:\+0x([0-9a-f]+))?>: (.*)$")


def short(path):
    i = path.find("/linux-source-6.1/")
    return path[i + len("/linux-source-6.1/"):] if i >= 0 else path


def disassemble(objdump, obj):
    """{(section-relative symbol, offset): (addr, text, loc, chain)} and the
    list of rows in order, from objdump's listing of one object."""
    r = subprocess.run([objdump, "-d", "-l", "--inlines", "--no-show-raw-insn", "-w", obj],
                       capture_output=True, text=True)
    rows = []
    sym, base, loc, chain, section = None, 0, None, [], None
    after_insn = False
    for line in r.stdout.splitlines():
        m = SECTION.match(line)
        if m:
            section = m.group(1)
            continue
        m = SYM.match(line)
        if m:
            sym, base, loc, chain = m.group(2), int(m.group(1), 16), None, []
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
            addr = int(m.group(1), 16)
            rows.append((section, addr, m.group(2).strip(), loc, tuple(chain)))
    return rows


def symbols(objdump, obj):
    """{name: (section, address)} of the functions, from objdump -t: the
    listing names code after the nearest label, which for clang's objects
    is often a local .Ltmp label, not the function scan names."""
    r = subprocess.run([objdump, "-t", "-w", obj], capture_output=True, text=True)
    syms = {}
    for line in r.stdout.splitlines():
        m = SYMTAB.match(line)
        if m:
            syms.setdefault(m.group(3), (m.group(2), int(m.group(1), 16)))
    return syms


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build, scan_json = sys.argv[1], sys.argv[2]
    objdump = os.environ.get("OBJDUMP", "objdump")
    with open(scan_json) as f:
        findings = [x for x in json.load(f)["findings"]
                    if x["rule"] in ("scan-torn", "scan-duplicated")]
    cache = {}
    tags = defaultdict(int)
    for x in findings:
        obj = func = None
        addrs = []
        for n in x.get("notes", []):
            m = NOTE_IN.match(n)
            if m:
                obj, func = m.group(1), m.group(2)
            m = NOTE_INSN.match(n)
            if m:
                addrs.append((m.group(2), int(m.group(3) or "0", 16), m.group(4)))
        site = f"{short(x['path'])}:{x['line']}:{x['column']}"
        print(f"== {x['rule']} {site} in {obj}, function {func}")
        print(f"   scan: {x['message']}")
        if obj is None:
            print("   (no object named)")
            tags["NO-OBJECT"] += 1
            continue
        path = obj if os.path.isabs(obj) else os.path.join(build, obj)
        if path not in cache:
            cache[path] = (disassemble(objdump, path), symbols(objdump, path))
        rows, syms = cache[path]
        by_addr = {(sec, a): (a, t, loc, ch) for sec, a, t, loc, ch in rows}
        chains = set()
        for sym, off, text in addrs:
            sec, start = syms.get(sym, (None, 0))
            hit = by_addr.get((sec, start + off))
            if not hit:
                print(f"   ?  {sym}+{off:#x}: not in objdump's listing ({text})")
                continue
            a, t, loc, ch = hit
            chains.add((loc, ch))
            via = " <- ".join(ch) if ch else "(not inlined)"
            print(f"   {a:6x}: {t:40s} {loc[0]}:{loc[1]} via {via}")
        tag = "MERGED" if len({c for _l, c in chains}) > 1 else "CHECK"
        tags[tag] += 1
        print(f"   tag: {tag}")
        if tag == "CHECK" and chains:
            (loc, ch), = chains
            print("   every instruction of this instance (line and chain):")
            for _sec, a, t, l2, c2 in rows:
                if l2 == loc and c2 == ch:
                    print(f"     {a:6x}: {t}")
    print(f"# {len(findings)} torn/duplicated findings: " +
          ", ".join(f"{k} {v}" for k, v in sorted(tags.items())))


if __name__ == "__main__":
    main()
