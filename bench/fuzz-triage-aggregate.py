#!/usr/bin/env python3
"""Triage every `aggregate` line of rwonce fuzz results, one by one.

    bench/fuzz-triage-aggregate.py [--cache DIR] [--list CATEGORY] [--suspects]
                                   RESULTS.jsonl...

An aggregate line says that a struct or union object with a volatile
member was accessed differently from the reference; its detail holds the
two access sequences of the first such object ("g_75: reference r1 w1;
here w4", at most 12 accesses each, then "... (N in all)").  That alone
cannot say what differed, so the object's layout is read too: the
program is generated again with Csmith (the seed and the options of
src/fuzz/generate.c; --mode once lines with --enable-access-once),
compiled with -g by the target's gcc (layouts differ on armhf), and gdb's
`ptype /o` gives each member's offset, bit-field position and
qualifiers.  Each access is then mapped to the members it touches.

Categories (established on examples and their disassembly, doc/fuzz.md):

  nonvolatile-only   the sequences differ only in accesses that touch no
                     volatile member: reads/writes of the plain members of
                     a struct that also has a volatile one, which the
                     compiler may merge, drop or widen freely
  bitfield-width     every volatile member is touched the same number of
                     times in the same r/w order; a volatile bit-field's
                     storage is read or read-modify-written at another
                     width or offset
  copy-grouping      likewise, and no bit-field is involved: a copy or read
                     of several members done as one wide access on one
                     side and per member (or in other pieces) on the other
  packed-pieces      likewise, and a member is read in pieces narrower than
                     itself on one side (packed, unaligned members)
  volatile-neighbour a volatile scalar member is touched a different number
                     of times, but its own accesses (its offset and width)
                     are the same in number and r/w order: the difference
                     is a wider access of a plain neighbour, or a copy,
                     spanning it
  bitfield-unit      the bytes of a volatile bit-field are touched a
                     different number of times, and a plain member lies in
                     the storage unit of its declared type around it: the
                     plain one's accesses touch the same bytes and may be
                     merged or dropped
  union-alias        a volatile union member's bytes are also a plain
                     member's: the accesses of the plain one (optimised
                     freely) cannot be told apart from the volatile one's
  merged-objects     the configuration's compiler gave the object the
                     address of another (gcc -O2's identical code folding
                     merges never-written objects with equal initialisers
                     into one read-only symbol, a volatile member
                     notwithstanding): one object's accesses land on the
                     other; checked on the symbols of the program compiled
                     with that compiler and level
  comma-discarded    (complete lines the above leave unplaced, by the
                     program's text) the object, a union, is the left
                     operand of a comma, evaluated for nothing: gcc reads
                     it whole, clang in part or not at all, tcc not at
                     all (tcc's comma bug, doc/fuzz/bug-tcc-comma-...);
                     what an access to a volatile aggregate is, is
                     implementation-defined (C11 6.7.3p7)
  returned-copy      (likewise) the object is copied whole by "return
                     g;" and the caller drops the value: -O2 drops the
                     copy, with the read of its volatile member
  same-line-pieces   (lines still unplaced, re-run with --check-one
                     --print-lines) on every source line where the two
                     configurations differ, both touch each volatile
                     member the line names (g_73.f4; the object named
                     whole: all) with the same kinds, each piece as many
                     times as the line ran: the same reads and writes of
                     the named members, made in other pieces or with other
                     containers (a volatile bit-field read whole by one, in
                     two or three loads by the other); an access with a
                     count on both sides, a line whose pieces ran a
                     different number of times, a line that does not name
                     the object, or an access in no line of the program
                     leaves it unplaced
  plain-member-lines (likewise) every source line where the two differ
                     names only plain members of the object (the packed
                     bit-fields of Csmith's structs share bytes with
                     volatile ones, so the byte-wise categories above
                     cannot tell their reads apart): dropped or merged
                     plain reads
  no-layout          gdb could not give the object's layout (none so far)

Anything else is printed as unplaced, for reading by hand.  A line whose
sequences are cut off ("... (N in all)") is judged on the shown prefix and
counted apart.

--suspects prints every line where a volatile non-bit-field member is only
ever accessed exactly (its offset and width, nothing wider or narrower
touching it) in both configurations and yet a different number of times
or in another r/w order: a scalar bug the "aggregate" label would hide.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

CSMITH = ["--strict-volatile-rule", "--volatiles", "--volatile-pointers",
          "--no-argc", "--no-float", "--max-funcs", "3"]
GCC = {"x86_64": "gcc", "aarch64": "aarch64-linux-gnu-gcc-12",
       "armhf": "arm-linux-gnueabihf-gcc-12", "riscv64": "riscv64-linux-gnu-gcc-12"}
CSMITH_INC = os.environ.get("RWONCE_CSMITH_INCLUDE", "/usr/include/csmith")

Member = collections.namedtuple("Member", "name lo hi volatile bitfield size alias")
Access = collections.namedtuple("Access", "kind size off")


def program(cache, seed, once):
    """Csmith's program for seed (regenerated once, then cached)."""
    path = os.path.join(cache, "seed-%d%s.c" % (seed, "-once" if once else ""))
    if not os.path.exists(path):
        args = ["csmith", "--seed", str(seed)] + CSMITH
        if once:
            args.append("--enable-access-once")
        subprocess.run(args + ["-o", path + ".tmp"], check=True,
                       stdout=subprocess.DEVNULL)
        os.rename(path + ".tmp", path)
    return path


def objfile(cache, src, target):
    """src compiled with -g for target and linked (cached): the host gdb
    reads the DWARF of a foreign relocatable object as "no debug info"
    (aarch64 and riscv64 .o files, and any with DWARF 5), of a linked
    executable it reads it."""
    exe = "%s.%s.exe" % (src[:-2], target)
    if not os.path.exists(exe):
        subprocess.run([GCC[target], "-gdwarf-4", "-w", "-I", CSMITH_INC,
                        "-o", exe, src], check=True)
    return exe


TRIPLE = {"x86_64": "x86_64-linux-gnu", "aarch64": "aarch64-linux-gnu",
          "armhf": "arm-linux-gnueabihf", "riscv64": "riscv64-linux-gnu"}


def merged(cache, src, config, name, memo):
    """Does the configuration's compiler put the object at the address of
    another one (gcc -O2's identical code folding merges never-written
    objects with equal initialisers, volatile members and all)?  Read from
    the symbols of the program compiled -c with that compiler and level."""
    cc, target, opt = config.split()[:3]
    key = (src, cc, target, opt)
    if key not in memo:
        obj = "%s.%s.%s%s.o" % (src[:-2], cc, target, opt)
        if cc == "gcc":
            argv = [GCC[target]]
        elif cc.startswith("clang"):
            argv = [cc, "--target=" + TRIPLE[target]]
        else:
            argv = [cc]
        if not os.path.exists(obj):
            subprocess.run(argv + [opt, "-c", "-w", "-I", CSMITH_INC, "-o", obj, src],
                           check=True)
        syms = collections.defaultdict(list)
        for line in subprocess.run(["nm", obj], capture_output=True,
                                   text=True).stdout.splitlines():
            f = line.split()
            if len(f) == 3 and f[1].lower() in "bdgrs":
                syms[(f[0], f[1])].append(f[2])
        memo[key] = {n: len(v) > 1 for v in syms.values() for n in v}
    return memo[key].get(name, False)


LEAF = re.compile(r"^/\*\s+(\d+)(?::\s*(\d+))?\s*\|\s*(\d+)\s*\*/\s+(.*?);\s*$")
SIZE_ONLY = re.compile(r"^/\*\s+(\d+)\s*\*/\s+(.*?)(;|\{)\s*$")
OPEN = re.compile(r"^/\*\s+(\d+)(?::\s*\d+)?\s*\|\s*\d+\s*\*/\s+(.*)\{\s*$")


def parse_ptype(text, whole_volatile):
    """Members of `ptype /o` output: byte ranges (a bit-field: the bytes
    its bits lie in), qualifiers; nested structs and unions flattened.
    Returns (members, element size)."""
    members, stack, size = [], [], None
    for raw in text.splitlines():
        line = raw.strip()
        m = re.search(r"total size \(bytes\):\s*(\d+)", line)
        if m and len(stack) <= 1:
            size = int(m.group(1))
        if line.startswith("type = ") or "type = " in line and line.endswith("{"):
            stack.append((0, whole_volatile or "volatile" in line.split("{")[0]))
            continue
        if line.startswith("}"):
            if stack:
                stack.pop()
            continue
        base, vol = stack[-1] if stack else (0, whole_volatile)
        m = OPEN.match(line)
        if m:
            stack.append((int(m.group(1)), vol or "volatile" in m.group(2)))
            continue
        m = SIZE_ONLY.match(line)   # a union's member: no offset
        if m:
            if m.group(3) == "{":
                stack.append((base, vol or "volatile" in m.group(2)))
                continue
            off, bit, sz, decl = base, None, int(m.group(1)), m.group(2)
        else:
            m = LEAF.match(line)
            if not m:
                continue
            off, bit, sz, decl = (int(m.group(1)), m.group(2),
                                  int(m.group(3)), m.group(4))
        bf = re.search(r":\s*(\d+)$", decl)
        name = re.sub(r"\s*:\s*\d+$", "", decl).split()[-1].lstrip("*")
        v = vol or bool(re.search(r"\bvolatile\b", decl.split(name)[0]))
        if bf:
            bits = int(bf.group(1))
            first = int(bit or 0)
            lo, hi = off, off + (first + bits + 7) // 8
        else:
            lo, hi = off, off + sz
        members.append(Member(name, lo, hi, v, bool(bf), sz, False))
    # A volatile member whose bytes a plain member shares (a union): an
    # access of those bytes may be the plain member's.
    return [m._replace(alias=m.volatile and any(
        not o.volatile and o.lo < m.hi and m.lo < o.hi for o in members))
        for m in members], size


def layout(cache, src, target, name, memo):
    key = (src, target, name)
    if key not in memo:
        obj = objfile(cache, src, target)
        out = subprocess.run(["gdb", "-batch", "-ex", "whatis " + name,
                              "-ex", "ptype /o " + name, obj],
                             capture_output=True, text=True).stdout
        whatis = out.splitlines()[0] if out else ""
        memo[key] = parse_ptype(out[len(whatis):],
                                whatis.startswith("type = volatile"))
    return memo[key]


CATEGORIES = ["nonvolatile-only", "bitfield-width", "copy-grouping", "packed-pieces",
              "volatile-neighbour", "bitfield-unit", "union-alias"]
SEQ = re.compile(r"([rw])(\d+)(?:@([+-]\d+))?")


def parse_seq(s):
    """'r4 w1@+8 ... (23 in all)' -> ([Access], cut off?)"""
    cut = "in all)" in s
    if s.strip() == "none":
        return [], False
    return [Access(k, int(z), int(o or 0)) for k, z, o in SEQ.findall(s.split("...")[0])], cut


def touched(a, members, elem):
    """Members an access overlaps (offsets folded into one array element)."""
    if not elem:
        return []
    lo = a.off % elem
    hi = lo + a.size
    return [m for m in members if m.lo < hi and lo < m.hi] + \
           ([m for m in members if m.lo < hi - elem] if hi > elem else [])


def exact(a, m, elem):
    """Is a the member's own access: its offset and width exactly?"""
    return elem and a.off % elem == m.lo and a.size == m.hi - m.lo and not m.bitfield


def events(seq, members, elem):
    """Per volatile member: the r/w kinds of the accesses touching it."""
    ev = collections.defaultdict(list)
    for a in seq:
        for m in touched(a, members, elem):
            if m.volatile:
                ev[m].append(a.kind)
    return ev


def exact_kinds(seq, m, elem):
    return [a.kind for a in seq if exact(a, m, elem)]


def member_reason(m, ref, here, elem, members):
    """Why a volatile member is touched differently, or None (a suspect)."""
    if m.bitfield:
        # Only when a plain member lies in the storage unit of its declared
        # type around it: else nothing excuses the difference.
        lo = m.lo // m.size * m.size
        if any(not o.volatile and o.lo < lo + m.size and lo < o.hi for o in members):
            return "bitfield-unit"
        return None
    if m.alias:
        return "union-alias"
    if exact_kinds(ref, m, elem) == exact_kinds(here, m, elem):
        return "volatile-neighbour"
    return None


def classify(ref, here, members, elem):
    """The category of one line; None: unplaced (a suspect among them)."""
    def volatile_touch(a):
        return any(m.volatile for m in touched(a, members, elem))
    if [a for a in ref if volatile_touch(a)] == [a for a in here if volatile_touch(a)]:
        return "nonvolatile-only"
    er, eh = events(ref, members, elem), events(here, members, elem)
    vols = [m for m in members if m.volatile]
    diff = [m for m in vols if er.get(m, []) != eh.get(m, [])]
    if not diff:
        both = ref + here
        if any(m.bitfield for a in both if volatile_touch(a)
               for m in touched(a, members, elem)):
            return "bitfield-width"
        if any(a.size < m.hi - m.lo for a in both for m in touched(a, members, elem)
               if m.lo <= a.off % elem and a.off % elem + a.size <= m.hi):
            return "packed-pieces"
        return "copy-grouping"
    reasons = [member_reason(m, ref, here, elem, members) for m in diff]
    if None in reasons:
        return None
    for r in ["volatile-neighbour", "bitfield-unit", "union-alias"]:
        if r in reasons:
            return r


def by_source(src, name):
    """For a line the sequences leave unplaced: what the program does with
    the object whole, read from its text (each seen in the disassembly of
    an example, doc/fuzz.md)."""
    text = open(src, errors="replace").read()
    if re.search(r"\(\s*%s(\[\w+\])*\s*,\s" % re.escape(name), text):
        return "comma-discarded"
    if re.search(r"\breturn\s+%s\s*;" % re.escape(name), text):
        return "returned-copy"
    return None


def suspect(ref, here, members, elem):
    """A volatile member the categories cannot excuse: a scalar (no plain
    union member on its bytes) whose own accesses -- its offset and width
    exactly -- differ in number or r/w order, or a bit-field with no plain
    member in its storage unit whose bytes are touched differently."""
    er, eh = events(ref, members, elem), events(here, members, elem)
    for m in members:
        if m.volatile and er.get(m, []) != eh.get(m, []) and \
                member_reason(m, ref, here, elem, members) is None:
            return m
    return None


def rerun(cache, results, d, rwonce, option, tag, once=False, new_ok=True):
    """The output of rwonce fuzz --check-one OPTION on the line's two
    configurations (its target's reference and its own), cached in
    cache/TAG-...txt: the file's path, or None (no reference; not in the
    cache and new_ok false).  once: the --mode once volatile-cast
    program."""
    target = d["config"].split()[1]
    ref = [e for e in results if e["seed"] == d["seed"] and e["verdict"] == "reference"
           and e["config"].split()[1] == target]
    if not ref:
        return None

    def spec(config):           # "gcc x86_64 -O2" -> "gcc:x86_64:-O2"
        return ":".join(config.split()[:3])
    out = os.path.join(cache, "%s-%d%s-%s-%s.txt" % (
        tag, d["seed"], "-once" if once else "", spec(ref[0]["config"]).replace(":", "_"),
        spec(d["config"]).replace(":", "_")))
    if not os.path.exists(out) and not new_ok:
        return None
    if not os.path.exists(out):
        args = [rwonce, "fuzz", "--check-one"]
        if once:
            args += ["--mode", "once", "--variant", "volatile-cast"]
        args += ["--ref", spec(ref[0]["config"]), "--bad", spec(d["config"]),
                 "--expect", "aggregate", option, "--timeout", "30",
                 program(cache, d["seed"], once)]
        r = subprocess.run(args, capture_output=True, text=True)
        with open(out + ".tmp", "w") as f:
            f.write(r.stdout)
        os.rename(out + ".tmp", out)
    return out


def full_sequences(cache, results, d, rwonce, new_ok=True):
    """The whole sequences of the line's object, from a re-run of its two
    configurations (--print-accesses), or None.  Default-mode lines only:
    a --mode once line would need the converted program too."""
    if d.get("mode") == "once":
        return None
    out = rerun(cache, results, d, rwonce, "--print-accesses", "full", False, new_ok)
    if not out:
        return None
    name = d["detail"].split(":")[0]
    for line in open(out):
        if line.startswith(name + ": "):
            return line.rstrip("\n")
    return None


LINE = re.compile(r"  line (\S+): ([rw])(\d+)(?:@([+-]\d+))? reference (\d+), here (\d+)$")


def same_line_pieces(cache, results, d, rwonce, members, elem, new_ok=True):
    """The line's category by source line (same-line-pieces or
    plain-member-lines above), or False when a line does not fit; from a
    re-run of the two configurations with --check-one --print-lines
    (cached).  None when it cannot be run (a rwonce.h --mode once line
    needs the converted program; with --rerun-cached, not in the cache)."""
    once = d.get("mode") == "once"
    if once and "volatile-cast" not in d["config"]:
        return None
    out = rerun(cache, results, d, rwonce, "--print-lines", "lines", once, new_ok)
    if not out:
        return None
    name = d["detail"].split(":")[0]
    per_line, inside = collections.defaultdict(list), False
    for line in open(out):
        if not line.startswith("  "):
            inside = line.startswith(name + ": ")
            continue
        m = LINE.match(line.rstrip("\n"))
        if inside and m:
            per_line[m.group(1)].append((Access(m.group(2), int(m.group(3)),
                                                int(m.group(4) or 0)),
                                         int(m.group(5)), int(m.group(6))))
    if not per_line or "?" in per_line:
        return False
    text = open(program(cache, d["seed"], once), errors="replace").read().split("\n")
    vols = [mb for mb in members if mb.volatile]
    pieces = False
    for line, entries in per_line.items():
        # --print-lines gives every access of a line that differs; those
        # made as often by both are shared.
        if any(n and h and n != h for _, n, h in entries):
            return False
        if len({n or h for _, n, h in entries}) != 1:
            return False
        # The volatile members the source line names ("g_73.f4", nested
        # "g_152.f1.f0": the last name); the object named whole: all.
        src_line = text[int(line) - 1] if 0 < int(line) <= len(text) else ""
        uses = re.findall(r"\b%s\b((?:\[[^]]*\]|\.\w+)*)" % re.escape(name), src_line)
        if not uses:
            return False
        named, named_plain = set(), set()
        for u in uses:
            leaf = re.findall(r"\.(\w+)", u)
            named |= {mb.name for mb in vols} if not leaf else \
                     {leaf[-1]} & {mb.name for mb in vols}
            if leaf and leaf[-1] not in {mb.name for mb in vols}:
                named_plain.add(leaf[-1])
        if not named and named_plain:
            # The line reads or writes plain members only (packed
            # bit-fields share bytes with volatile ones): the compiler
            # may drop or merge those accesses.
            continue
        if not named:
            return False
        pieces = True
        sides = [collections.defaultdict(set), collections.defaultdict(set)]
        for a, n, h in entries:
            for mb in touched(a, members, elem):
                for side in ([0, 1] if n and h else [0] if n else [1]):
                    sides[side][mb.name].add(a.kind)
        for leaf in named:
            if sides[0][leaf] != sides[1][leaf]:
                return False
        if not any(sides[0][leaf] for leaf in named):
            return False
    return "same-line-pieces" if pieces else "plain-member-lines"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results", nargs="+")
    ap.add_argument("--cache", default="/tmp/rwonce-triage-cache")
    ap.add_argument("--list", metavar="CATEGORY", help="print the lines of one category")
    ap.add_argument("--suspects", action="store_true", help="print the suspect lines")
    ap.add_argument("--rerun", metavar="RWONCE", help="re-run the cut-off lines that come out "
                    "unplaced or suspect with this rwonce's --check-one --print-accesses, "
                    "and judge them on the whole sequences")
    ap.add_argument("--rerun-cached", action="store_true",
                    help="with --rerun, use only the re-runs already in the cache")
    opt = ap.parse_args()
    os.makedirs(opt.cache, exist_ok=True)
    memo, counts, cut, unplaced, suspects = {}, collections.Counter(), collections.Counter(), [], []
    per_file = collections.Counter()
    total = 0
    rerun = collections.Counter()
    for path in opt.results:
        lines = [json.loads(line) for line in open(path)]
        for d in lines:
            if d["verdict"] != "aggregate":
                continue
            total += 1
            per_file[path] += 1
            target = d["config"].split()[1]
            m = re.match(r"(\S+): reference (.*); here (.*)$", d["detail"])
            src = program(opt.cache, d["seed"], d.get("mode") == "once")
            members, elem = layout(opt.cache, src, target, m.group(1), memo)
            ref, c1 = parse_seq(m.group(2))
            here, c2 = parse_seq(m.group(3))
            if not members:
                cat, s = "no-layout", None
            else:
                cat = classify(ref, here, members, elem)
                s = suspect(ref, here, members, elem)
                if (c1 or c2) and (cat is None or s) and opt.rerun:
                    full = full_sequences(opt.cache, lines, d, opt.rerun,
                                          not opt.rerun_cached)
                    fm = full and re.match(r"(\S+): reference (.*); here (.*)$", full)
                    if fm:
                        ref, c1 = parse_seq(fm.group(2))
                        here, c2 = parse_seq(fm.group(3))
                        cat = classify(ref, here, members, elem)
                        s = suspect(ref, here, members, elem)
                        rerun[cat or "unplaced"] += 1
                if (cat is None or s) and merged(opt.cache, src, d["config"],
                                                 m.group(1), memo):
                    cat, s = "merged-objects", None
                if cat is None and not (c1 or c2) and by_source(src, m.group(1)):
                    cat, s = by_source(src, m.group(1)), None
                if cat is None and opt.rerun:
                    by_line = same_line_pieces(opt.cache, lines, d, opt.rerun, members, elem,
                                               not opt.rerun_cached)
                    if by_line:
                        cat, s = by_line, None
            if s:
                suspects.append((d, s))
            if cat is None:
                unplaced.append(d)
                cat = "unplaced"
            counts[cat] += 1
            if c1 or c2:
                cut[cat] += 1
            if opt.list == cat:
                print("%s seed %d %s | %s" % (os.path.basename(path), d["seed"],
                                               d["config"], d["detail"]))
                for mb in members:
                    print("      %-4s %2d-%-2d %s%s" % (mb.name, mb.lo, mb.hi,
                          "volatile " if mb.volatile else "", "bit-field" if mb.bitfield else ""))
    if opt.list:
        return
    for path in opt.results:
        print("%-60s %5d aggregate lines" % (path, per_file[path]))
    print("\n%-20s %6s %s" % ("category", "lines", "(of them judged on a cut-off prefix)"))
    for cat in CATEGORIES + ["merged-objects", "comma-discarded", "returned-copy",
                             "same-line-pieces", "plain-member-lines", "no-layout",
                             "unplaced"]:
        print("%-20s %6d %6d" % (cat, counts[cat], cut[cat]))
    print("%-20s %6d" % ("all", total))
    if opt.rerun:
        print("\nre-run on the whole sequences (cut-off lines first unplaced or suspect): %s"
              % ", ".join("%s %d" % kv for kv in sorted(rerun.items())))
    print("\nsuspects (a volatile scalar member accessed exactly, a different number of times or order): %d" % len(suspects))
    if opt.suspects:
        for d, m in suspects:
            print("  seed %d %s member %s | %s" % (d["seed"], d["config"], m.name, d["detail"]))
    for d in unplaced:
        print("unplaced: seed %d %s | %s" % (d["seed"], d["config"], d["detail"]))


if __name__ == "__main__":
    sys.exit(main())
