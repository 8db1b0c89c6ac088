#!/usr/bin/env python3
"""Prove kernel patches in machine code: apply them to a copy of the
source, rebuild every object of each build that uses a patched file with
the build's own compile command, and rescan those objects at the patched
lines (the closed loop of doc/findings/linux-6.12.md).

  kernel-patch-check.py --rwonce R --source SRC --out OUT \\
      --build DIR [--build DIR ...] [--object OBJ ...] PATCH...

SRC is the unpacked kernel source the builds were made from (it is not
modified: OUT/src is a copy made of hard links, and patch(1) writes each
patched file anew, which the script checks).  Each --build DIR is an
out-of-tree build of SRC (bench/kernel-6.12-build.sh); it need not be
finished: an object counts when its .o.cmd (kbuild's record of the
command and of every file the object was built from) is there.  The
objects are rebuilt into OUT/<build>/ by the command of the .o.cmd with
SRC replaced by OUT/src and no dependency file (the object's own
post-processing -- objtool, BTF -- is not redone: it does not change the
code of a once-access).  --object OBJ (a path relative to the build,
repeatable) rebuilds only those objects: for a patched header that
thousands of objects include, the ones whose code held the finding.

For each patched line that holds a once-access (READ_ONCE, WRITE_ONCE,
...), each build, each rebuilt object: the instances `rwonce scan -v 2`
lists there and their accesses, and the findings at that line (there must
be none).  Also the original object's findings at the old line, for the
record.  Exit 0 when every patched site was found in a rebuilt object of
each build and no rebuilt object has a finding on a patched line; 1 when
one has; 2 on trouble (a patch that does not apply, a compile that fails,
no object uses a patched file).
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
ONCE = re.compile(r"\b(?:__)?(?:READ_ONCE|WRITE_ONCE)\s*\(")
SAVEDCMD = re.compile(r"^savedcmd_(\S+) := (.*)$")
SITE_HEAD = re.compile(r"^(\S+):(\d+):(\d+): (\S.*): object (.*), in '([^']+)'$")


def patched_sites(patch):
    """{path: {new line: old line}} of the added lines holding a
    once-access, from a unified diff."""
    out, path = {}, None
    old = new = 0
    pending_old = []
    with open(patch, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("+++ "):
                name = line[4:].split("\t")[0].strip()
                path = name[2:] if name.startswith("b/") else name
                continue
            m = HUNK.match(line)
            if m:
                old, new = int(m.group(1)), int(m.group(3))
                pending_old = []
                continue
            if path is None or line.startswith("--- "):
                continue
            if line.startswith("-"):
                pending_old.append(old)
                old += 1
            elif line.startswith("+"):
                if ONCE.search(line):
                    out.setdefault(path, {})[new] = pending_old.pop(0) if pending_old else None
                new += 1
            elif line.startswith(" "):
                old += 1
                new += 1
                pending_old = []
    return out


def objects_using(build, src, files):
    """[(object, command)] of the objects of build whose .o.cmd names one
    of files (paths under src) as a source or dependency."""
    wanted = {os.path.join(src, f) for f in files}
    found = []
    for root, _dirs, names in os.walk(build):
        for n in names:
            if not (n.startswith(".") and n.endswith(".o.cmd")):
                continue
            p = os.path.join(root, n)
            with open(p, encoding="utf-8", errors="replace") as f:
                text = f.read()
            deps = set(re.findall(r"(/\S+)", text))
            if not deps & wanted:
                continue
            m = next((SAVEDCMD.match(l) for l in text.splitlines() if l.startswith("savedcmd_")), None)
            if m:
                found.append((m.group(1), m.group(2)))
    return sorted(found)


def rebuild(build, obj, cmd, src, copy, outdir):
    """Run the object's compile command on the patched copy; the new
    object's path, or None (the message printed)."""
    argv = shlex.split(cmd.replace(src + "/", copy + "/"))
    # The compile is the first command: what follows a ";" is the
    # object's post-processing (objtool --mcount on ppc64le gcc builds).
    if ";" in argv:
        argv = argv[:argv.index(";")]
    out = os.path.join(outdir, obj)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    args, skip = [], False
    for i, a in enumerate(argv):
        if skip:
            skip = False
            continue
        if a.startswith("-Wp,-MMD") or a.startswith("-Wp,-MD"):
            continue
        if a == "-o":
            args += ["-o", out]
            skip = True
            continue
        args.append(a)
    r = subprocess.run(args, cwd=build, capture_output=True, text=True)
    if r.returncode != 0:
        print(f"  {obj}: the compile command failed ({r.returncode}):\n{r.stderr[-2000:]}")
        return None
    return out


def scan(rwonce, obj, sources=None):
    """(findings, instances) of `rwonce scan -v 2` on one object:
    findings from --json, instances {(path, line): [(function, [access
    lines])]} from the verbose listing."""
    extra = ["--sources", sources] if sources else []
    r = subprocess.run([rwonce, "scan", "--json", "--no-progress", "-v", "2"] + extra + [obj],
                       capture_output=True, text=True)
    if r.returncode not in (0, 1):
        print(f"  {obj}: rwonce scan exit {r.returncode}:\n{r.stderr[-1500:]}")
    try:
        findings = json.loads(r.stdout)["findings"]
    except (ValueError, KeyError):
        findings = []
    inst, cur = {}, None
    for line in r.stderr.splitlines():
        m = SITE_HEAD.match(line)
        if m:
            key = (m.group(1), int(m.group(2)))
            cur = [m.group(6), m.group(4), m.group(5), []]
            inst.setdefault(key, []).append(cur)
            continue
        if cur is not None and line.startswith("  ") and " kind " in line:
            if not re.search(r" kind 0 ", line):
                cur[3].append(line.strip())
        elif not line.startswith("  "):
            cur = None
    return findings, inst


def on_line(path, rel):
    return path == rel or path.endswith("/" + rel)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rwonce", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--build", action="append", required=True)
    ap.add_argument("--object", action="append", default=[])
    ap.add_argument("patches", nargs="+")
    a = ap.parse_args()
    src = os.path.realpath(a.source)
    out = os.path.realpath(a.out)
    copy = os.path.join(out, "src")

    sites = {}
    for p in a.patches:
        for path, lines in patched_sites(p).items():
            sites.setdefault(path, {}).update(lines)
    if not sites:
        print("kernel-patch-check: the patches add no once-access line", file=sys.stderr)
        return 2

    if os.path.exists(copy):
        shutil.rmtree(copy)
    os.makedirs(out, exist_ok=True)
    subprocess.run(["cp", "-al", src, copy], check=True)
    for p in a.patches:
        r = subprocess.run(["patch", "-p1", "-s", "-d", copy, "-i", os.path.abspath(p)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(f"kernel-patch-check: {p} does not apply to {src}:\n{r.stdout}{r.stderr}", file=sys.stderr)
            return 2
        print(f"applied {os.path.basename(p)}")
    for path in sites:
        if os.stat(os.path.join(copy, path)).st_ino == os.stat(os.path.join(src, path)).st_ino:
            print(f"kernel-patch-check: {path}: patch wrote through the hard link", file=sys.stderr)
            return 2

    status = 0
    for build in a.build:
        build = os.path.realpath(build)
        name = os.path.basename(build)
        objs = objects_using(build, src, sites)
        if a.object:
            absent = sorted(set(a.object) - {o for o, _ in objs})
            if absent:
                print(f"kernel-patch-check: {name}: no kbuild record of {', '.join(absent)} "
                      f"built from {', '.join(sorted(sites))}", file=sys.stderr)
                status = 2
            objs = [(o, c) for o, c in objs if o in a.object]
        print(f"== {name}: {len(objs)} object(s) use {', '.join(sorted(sites))}")
        if not objs:
            status = 2
            continue
        seen = {(p, l): 0 for p in sites for l in sites[p]}
        for obj, cmd in objs:
            new = rebuild(build, obj, cmd, src, copy, os.path.join(out, name))
            if not new:
                status = 2
                continue
            before, _ = scan(a.rwonce, os.path.join(build, obj), src)
            after, inst = scan(a.rwonce, new)
            for path, lines in sorted(sites.items()):
                for line, old in sorted(lines.items()):
                    was = [f for f in before if on_line(f["path"], path) and f["line"] == old]
                    now = [f for f in after if on_line(f["path"], path) and f["line"] == line]
                    here = [v for (p, l), v in inst.items() if on_line(p, path) and l == line]
                    n = sum(len(v) for v in here)
                    seen[(path, line)] += n
                    print(f"  {obj}: {path}:{line} (was {old}): before {len(was)} finding(s)"
                          f"{' ' + was[0]['rule'] + ': ' + was[0]['message'] if was else ''}; "
                          f"after: {n} instance(s), {len(now)} finding(s)")
                    for v in here:
                        for fn, what, obj_type, acc in v:
                            loads = [x for x in acc if " kind 1 " in x or " kind 2 " in x]
                            print(f"    {what} ({obj_type}) in {fn}: "
                                  + "; ".join(x.split(" kind ")[0].split(None, 2)[-1] for x in loads))
                    for f in now:
                        print(f"    STILL: {f['rule']}: {f['message']}")
                        status = max(status, 1)
        for (path, line), n in sorted(seen.items()):
            if not n:
                print(f"  {path}:{line}: no instance in any rebuilt object of {name}")
                status = 2
    print(f"kernel-patch-check: exit {status}")
    return status


if __name__ == "__main__":
    sys.exit(main())
