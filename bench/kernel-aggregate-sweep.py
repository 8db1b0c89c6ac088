#!/usr/bin/env python3
"""The steps of bench/kernel-aggregate-sweep.sh (read its header first):
every aggregate once-access `rwonce audit --preset=linux` finds in a
kernel tree, built for each architecture x compiler and judged by
`rwonce scan`.

  kernel-aggregate-sweep.py plan  --tree SRC --audit AUDIT.json --out PLAN.json
  kernel-aggregate-sweep.py jobs  --plan PLAN.json [--shard K/N]
  kernel-aggregate-sweep.py run   --plan PLAN.json --tree SRC --rwonce R
                                  --kbuild DIR --out DIR [--rescan] [--shard K/N] [JOB...]
  kernel-aggregate-sweep.py merge --plan PLAN.json [--plan PLAN2.json...] [--by-arch] RESULT.json...
  kernel-aggregate-sweep.py merge --works [--by-arch] WORK...

plan: the candidates (the audit findings of CANDIDATE_RULES), each with
the architectures it can be compiled for, the objects that compile it
(a .c site: its own object; a header site: a few .c files near it that
include it, found by grep, plus HINTS) and the Kconfig options those
objects need (read from the obj-$(CONFIG_X) line of their Makefile, plus
HINTS).  run: one job per (architecture, compiler): configure once
(the architecture's defconfig, then every option its candidates need,
then olddefconfig, with DWARF 5 line tables as bench/kernel-6.12-build.sh
does), `make -k` just the objects, `rwonce scan --json` each object that
was built, and the verdict of every candidate from the instances at its
line.  An option that does not stick after olddefconfig is named: the
candidates that need it are "not compiled: CONFIG_X unreachable".
merge: the candidate x job table.  Exit 2 on trouble (a job whose
configuration or scan failed); every candidate ends with a verdict or a
reason.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import time

CANDIDATE_RULES = ("volatile-aggregate", "access-once-nonscalar", "once-size")

# arch folder -> (sweep architecture, ARCH=, defconfig)
ARCHES = {
    "x86_64": ("x86", "x86_64", "defconfig"),
    "arm64": ("arm64", "arm64", "defconfig"),
    "arm": ("arm", "arm", "multi_v7_defconfig"),
    "ppc64le": ("powerpc", "powerpc", "ppc64le_defconfig"),
    "riscv64": ("riscv", "riscv", "defconfig"),
    "s390x": ("s390", "s390", "defconfig"),
}
GCC_PREFIX = {
    "x86_64": "", "arm64": "aarch64-linux-gnu-", "arm": "arm-linux-gnueabihf-",
    "ppc64le": "powerpc64le-linux-gnu-", "riscv64": "riscv64-linux-gnu-",
    "s390x": "s390x-linux-gnu-",
}
COMPILERS = ("clang", "gcc")

# What the search and the Makefiles cannot tell: options a site is under
# by #ifdef rather than by its object's Makefile line, and a
# configuration variant (options turned off, in a build folder of its
# own, JOB+VARIANT) where the site's code is not the defconfig's choice.
HINTS = {
    "arch/arm64/kvm/hyp/include/nvhe/spinlock.h": {"options": ["KVM", "NVHE_EL2_DEBUG"]},
    "kernel/rcu/tasks.h": {"options": ["TASKS_TRACE_RCU"]},
    # ppc64le_defconfig takes queued spinlocks; simple_spinlock.h is the
    # other choice (a prompt only with EXPERT).
    "arch/powerpc/include/asm/simple_spinlock.h": {"options": ["EXPERT"], "disable": ["PPC_QUEUED_SPINLOCKS"],
                                                    "variant": "simple-spinlock"},
    "arch/powerpc/kvm/book3s_xics.c": {"options": ["KVM_BOOK3S_64", "KVM_BOOK3S_64_HV", "KVM_XICS"]},
    "arch/powerpc/kvm/book3s_hv_rm_xics.c": {"options": ["KVM_BOOK3S_64", "KVM_BOOK3S_64_HV", "KVM_XICS"]},
    "arch/powerpc/kvm/book3s_hv_builtin.c": {"options": ["KVM_BOOK3S_64", "KVM_BOOK3S_64_HV"]},
    # NFT_SYNPROXY is inside "if NF_TABLES" and depends on NF_CONNTRACK
    # and NETFILTER_ADVANCED, none of which its Makefile line names, and
    # nft_synproxy_eval_v6() is under #if IS_ENABLED(NF_TABLES_IPV6); in
    # a folder of its own so that the builds the other candidates were
    # judged and proved in keep their configuration.
    "net/netfilter/nft_synproxy.c": {"options": ["NETFILTER", "NETFILTER_ADVANCED", "NF_CONNTRACK", "NF_TABLES",
                                                 "NFT_SYNPROXY", "IPV6", "NF_TABLES_IPV6"], "variant": "synproxy"},
    "drivers/net/ethernet/mellanox/mlxsw/spectrum_router.c": {"options": ["IP_ADVANCED_ROUTER", "IP_ROUTE_MULTIPATH", "NET_VENDOR_MELLANOX", "VLAN_8021Q", "NET_SWITCHDEV", "MLXSW_CORE", "MLXSW_PCI", "MLXSW_SPECTRUM"]},
}
# A header site's objects: up to PICK of the callers the search ranks
# first among those the job's configuration builds.
PICK = 3
OBJ_LINE = re.compile(r"\$\(CONFIG_([A-Z0-9_]+)\)")


def site_arches(path):
    m = re.match(r"arch/([^/]+)/", path)
    if not m:
        return list(ARCHES)
    return [a for a, (folder, _, _) in ARCHES.items() if folder == m.group(1)]


def header_users(tree, path, limit=3):
    """.c files that #include the header by the name they must use: its
    path below its include/ folder (<asm/spinlock.h>, <nvhe/spinlock.h>),
    or for a header outside any include/ folder (kernel/rcu/tasks.h) its
    name in quotes, from its own folder tree (arch/X/ for an arch
    header)."""
    parts = path.split("/")
    if "include" in parts:
        k = len(parts) - 1 - parts[::-1].index("include")
        name, private = "/".join(parts[k + 1:]), False
    else:
        name, private = parts[-1], True
    where = "/".join(parts[:2]) if parts[0] == "arch" else os.path.dirname(path) or "."
    pat = r'#include "' + re.escape(name) + '"' if private else r'#include [<"]' + re.escape(name) + '[>"]'
    r = subprocess.run(["grep", "-rlE", "--include=*.c", pat, where], cwd=tree, capture_output=True, text=True)
    return sorted(r.stdout.split())[:limit], private


DEFINE = re.compile(r"^\s*#\s*define\s+(\w+)")
FUNCTION = re.compile(r"^[A-Za-z_][^;{}()]*?\b(\w+)\s*\(")
NOT_A_DEFINITION = {"if", "for", "while", "switch", "return", "sizeof", "do"}


def enclosing_definition(lines, i):
    """The macro or function whose body holds line i (0-based) of a
    header, and whether it is expanded where it is used (a macro, an
    inline function) rather than compiled once where it is defined: a
    #define whose continuation lines reach i, or the nearest function
    head at column 0 above it (inline if "inline" is on it or on the two
    lines above).  (None, False) when neither is found."""
    j = i
    while j >= 0 and (j == i or lines[j].rstrip().endswith("\\")):
        m = DEFINE.match(lines[j])
        if m:
            return m.group(1), True
        j -= 1
    for j in range(i, max(-1, i - 200), -1):
        m = FUNCTION.match(lines[j])
        if m and m.group(1) not in NOT_A_DEFINITION:
            return m.group(1), "inline" in " ".join(lines[max(0, j - 2):j + 1])
        if lines[j].startswith("}") and j < i:
            return None, False
    return None, False


def header_function_inline(tree, path, function):
    """Is `function`, defined in header `path`, expanded where it is
    called (a macro or an inline function)?  A function compiled once
    (kernel/rcu/tasks.h's) is expanded only in the .c file that includes
    its header."""
    lines = open(os.path.join(tree, path), encoding="utf-8", errors="replace").read().split("\n")
    for i, line in enumerate(lines):
        if re.search(r"\b" + re.escape(function) + r"\s*\(", line):
            name, inline = enclosing_definition(lines, i)
            if name == function:
                return inline
    return False


def caller_names(tree, function, scope, depth=3, cap=40):
    """The function and the header macros and inline functions that
    expand it, to `depth` levels: {name: level}.  A cheap search (grep
    over the headers of `scope`), not a parser: a name is added when a
    line of a header calls a known name inside its body."""
    names = {function: 0}
    frontier = [function]
    for level in range(1, depth + 1):
        if not frontier or len(names) >= cap:
            break
        r = subprocess.run(["grep", "-rnE", "--include=*.h", r"\b(" + "|".join(map(re.escape, frontier)) + r")\s*\("]
                           + scope, cwd=tree, capture_output=True, text=True)
        found = []
        for hit in r.stdout.splitlines():
            f, n, _ = hit.split(":", 2)
            try:
                lines = open(os.path.join(tree, f), encoding="utf-8", errors="replace").read().split("\n")
            except OSError:
                continue
            name, inline = enclosing_definition(lines, int(n) - 1)
            if name and inline and name not in names and len(names) < cap:
                names[name] = level
                found.append(name)
        frontier = found
    return names


def caller_objects(tree, path, function, arches, limit=8):
    """The .c files that expand `function` (defined in header `path`),
    best first: those that #include a private header by name (tasks.h),
    then those that call the function or a macro or inline function that
    expands it (the fewest levels first), each ranked by how little its
    object needs -- no CONFIG_ option on its Makefile line first, then
    the fewest -- so that the architecture's defconfig builds it."""
    arch_dirs = sorted({ARCHES[a][0] for a in arches})
    hdr_scope = ["include"] + [f"arch/{d}/include" for d in arch_dirs] + [os.path.dirname(path)]
    hdr_scope = [d for i, d in enumerate(hdr_scope) if d and d not in hdr_scope[:i]
                 and os.path.isdir(os.path.join(tree, d))]
    if not header_function_inline(tree, path, function):
        users, _ = header_users(tree, path, limit=limit)
        return [object_of(f) for f in users], {function: 0}
    names = caller_names(tree, function, hdr_scope)
    tops = [d for d in sorted(os.listdir(tree)) if os.path.isdir(os.path.join(tree, d))
            and d not in ("arch", "tools", "scripts", "samples", "Documentation", "usr", "include")]
    c_scope = [f"arch/{d}" for d in arch_dirs] + tops
    r = subprocess.run(["grep", "-rnoE", "--include=*.c", r"\b(" + "|".join(map(re.escape, names)) + r")\s*\("]
                       + c_scope, cwd=tree, capture_output=True, text=True)
    level = {}
    for hit in r.stdout.splitlines():
        f, _, call = hit.split(":", 2)
        n = names.get(re.sub(r"\s*\($", "", call))
        if n is not None:
            level[f] = min(level.get(f, n), n)
    # A private header is expanded where it is included too.
    users, private = header_users(tree, path, limit=limit)
    for f in users if private else []:
        level[f] = -1
    def rank(f):
        opts = build_options(tree, object_of(f))
        return (level[f], bool(opts), len(opts), f)
    return [object_of(f) for f in sorted(level, key=rank)[:limit]], names


def object_of(cfile):
    if "/kvm/hyp/nvhe/" in cfile:
        return cfile[:-2] + ".nvhe.o"
    return cfile[:-2] + ".o"


def makefile_options(tree, obj):
    """CONFIG_ names on the Makefile lines (and their continuations) that
    name the object, in its own folder's Makefile."""
    d, base = os.path.split(obj)
    base = base.replace(".nvhe.o", ".o")
    mk = os.path.join(tree, d, "Makefile")
    if not os.path.exists(mk):
        return []
    text = open(mk, encoding="utf-8", errors="replace").read().replace("\\\n", " ")
    opts = []
    for line in text.splitlines():
        if re.search(r"(^|[\s=])" + re.escape(base) + r"(\s|$)", line):
            opts += [o for o in OBJ_LINE.findall(line) if o not in opts]
    return opts


def build_options(tree, obj):
    """The CONFIG_ names an object needs: its own Makefile line's, and
    those of the lines of the parent folders' Makefiles that descend into
    its folder (obj-$(CONFIG_OCFS2_FS) += ocfs2/)."""
    opts = list(makefile_options(tree, obj))
    parts = os.path.dirname(obj).split("/")
    for k in range(len(parts) - 1, 0, -1):
        mk = os.path.join(tree, *parts[:k], "Makefile")
        if not os.path.exists(mk):
            continue
        text = open(mk, encoding="utf-8", errors="replace").read().replace("\\\n", " ")
        for line in text.splitlines():
            if re.search(r"(^|[\s=])" + re.escape(parts[k]) + r"/(\s|$)", line):
                opts += [o for o in OBJ_LINE.findall(line) if o not in opts]
    return opts


def cmd_plan(a):
    audit = json.load(open(a.audit))
    cands = []
    for f in audit["findings"]:
        if f["rule"] not in CANDIDATE_RULES:
            continue
        path = f["path"][2:] if f["path"].startswith("./") else f["path"]
        hint = HINTS.get(path, {})
        arches = site_arches(path)
        opts = list(hint.get("options", []))
        cand = {"id": f"{path}:{f['line']}", "path": path, "line": f["line"], "rule": f["rule"],
                "message": f["message"].split(":")[0], "type": f.get("type"), "function": f.get("function"),
                "arches": arches}
        if path.endswith(".c"):
            # Its own object, which its options must build.
            objs = [object_of(path)]
            opts += [x for x in build_options(a.tree, objs[0]) if x not in opts]
            cand["objects"] = objs
        elif f.get("function"):
            # The .c files that expand its function, ranked; each job
            # builds the first PICK its configuration compiles.
            objs, names = caller_objects(a.tree, path, f["function"], arches, limit=4 * PICK)
            cand["callers"] = [{"object": o, "options": build_options(a.tree, o)} for o in objs]
            cand["expanded_by"] = sorted(names, key=lambda n: (names[n], n))
        else:
            cand["objects"] = [object_of(c) for c in header_users(a.tree, path)[0]]
        cand["options"] = opts
        for k in ("disable", "variant"):
            if k in hint:
                cand[k] = hint[k]
        cands.append(cand)
    json.dump({"tree": os.path.abspath(a.tree), "candidates": cands}, open(a.out, "w"), indent=1)
    print(f"plan: {len(cands)} candidates, {sum(len(c['arches']) for c in cands) * len(COMPILERS)} "
          f"candidate x architecture x compiler cells, {len(jobs_of(cands))} jobs", file=sys.stderr)


def jobs_of(cands):
    return [f"{arch}-{cc}" for arch in ARCHES for cc in COMPILERS
            if any(arch in c["arches"] for c in cands)]


def shard(items, spec):
    if not spec:
        return items
    k, n = (int(x) for x in spec.split("/"))
    if not 1 <= k <= n:
        sys.exit(f"kernel-aggregate-sweep: bad --shard {spec}: want K/N with 1 <= K <= N")
    return [j for i, j in enumerate(items) if i % n == k - 1]


def cmd_jobs(a):
    plan = json.load(open(a.plan))
    print("\n".join(shard(jobs_of(plan["candidates"]), a.shard)))


def make_args(arch, cc):
    args = [f"ARCH={ARCHES[arch][1]}"]
    if cc == "clang":
        args.append("LLVM=-19")
    elif GCC_PREFIX[arch]:
        args.append(f"CROSS_COMPILE={GCC_PREFIX[arch]}")
    return args


DEBUG = ["-e", "DEBUG_KERNEL", "-d", "DEBUG_INFO_NONE", "-d", "DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT",
         "-d", "DEBUG_INFO_DWARF4", "-e", "DEBUG_INFO_DWARF5", "-d", "DEBUG_INFO_REDUCED",
         "-d", "DEBUG_INFO_COMPRESSED_NONE", "-e", "DEBUG_INFO_COMPRESSED_ZLIB",
         "-d", "DEBUG_INFO_COMPRESSED_ZSTD", "-d", "DEBUG_INFO_SPLIT", "-d", "DEBUG_INFO_BTF"]


def is_set(config, option):
    return re.search(rf"^CONFIG_{option}=[ym]$", config, re.M) is not None


def configure(make, tree, out, defconfig, opts, disable):
    """WORK/JOB[+VARIANT]/.config: the defconfig, the options, the ones
    turned off, DWARF 5 line tables, olddefconfig.  A build made before
    (an earlier run, another candidate list) gets only what it lacks, so
    that only the objects that depend on it are rebuilt.  None, or the
    trouble."""
    config_file = os.path.join(out, ".config")
    edit = []
    if os.path.exists(config_file):
        have = open(config_file).read()
        edit = sum((["-e", o] for o in opts if not is_set(have, o)), []) \
            + sum((["-d", o] for o in disable if is_set(have, o)), [])
        steps = [None, ["olddefconfig"]] if edit else []
    else:
        edit = sum((["-e", o] for o in opts), []) + sum((["-d", o] for o in disable), []) + DEBUG
        steps = [[defconfig], None, ["olddefconfig"]]
    for step in steps:
        if step is None:
            subprocess.run([os.path.join(tree, "scripts/config"), "--file", config_file] + edit, check=True)
            continue
        r = subprocess.run(make + step, capture_output=True, text=True)
        if r.returncode:
            return f"make {step[0]} failed: {r.stderr[-500:]}"
    return None


def choose_objects(c, config):
    """A .c site's own object; a header site's first PICK callers (in the
    plan's order) whose build options this configuration sets.  With the
    callers that were passed over, for the record."""
    if "objects" in c:
        return c["objects"], []
    chosen, skipped = [], []
    for x in c.get("callers", []):
        if len(chosen) < PICK and all(is_set(config, o) for o in x["options"]):
            chosen.append(x["object"])
        elif len(chosen) < PICK:
            skipped.append(x["object"] + " (" + " ".join("CONFIG_" + o for o in x["options"]
                                                         if not is_set(config, o)) + " not set)")
    return chosen, skipped


def judge(verdicts, where):
    """A cell from the instances at a candidate's line: the worst verdict
    among them (torn, duplicated, widened, ok); when every instance is
    unattributed (e.g. an instruction at the site capstone cannot
    decode), "cannot tell" with scan's reasons -- not a quiet ok."""
    worst = next((v for v in ("torn", "duplicated", "widened", "ok") if v in verdicts), None)
    cell = {"verdict": worst or "cannot tell", "instances": verdicts, "bad": where}
    if not worst:
        cell["why"] = "; ".join(sorted({w["why"] for w in where}))
    return cell


def run_variant(a, tree, arch, cc, out, cands, log):
    """One build folder: configure, choose each candidate's objects, make
    them, scan them, judge each candidate.  (cells, facts) or trouble."""
    args = make_args(arch, cc)
    opts, disable = [], []
    for c in cands:
        opts += [o for o in c["options"] if o not in opts]
        disable += [o for o in c.get("disable", []) if o not in disable]
    os.makedirs(out, exist_ok=True)
    make = ["make", "-s", "-C", tree, f"O={out}"] + args
    if a.rescan:
        # The folder as an earlier run left it: no configuration, no
        # make; what it holds is scanned again (a new rwonce on old
        # builds).  An object it lacks is a build error below.
        if not os.path.exists(os.path.join(out, ".config")):
            return None, f"--rescan: {out} has no .config: run the job without --rescan first"
    else:
        trouble = configure(make, tree, out, ARCHES[arch][2], opts, disable)
        if trouble:
            return None, trouble
    config = open(os.path.join(out, ".config")).read()
    missing = [o for o in opts if not is_set(config, o)]
    still_on = [o for o in disable if is_set(config, o)]
    chosen = {c["id"]: choose_objects(c, config) for c in cands}
    objs = []
    for c in cands:
        objs += [o for o in chosen[c["id"]][0] if o not in objs]
    if a.rescan:
        r = subprocess.CompletedProcess([], 0, "", "--rescan: not built, as the folder holds it\n")
    else:
        r = subprocess.run(["nice", "-n", "19", "make", "-C", tree, f"O={out}", "-k", f"-j{a.jobs}"] + args
                           + objs, capture_output=True, text=True) if objs else \
            subprocess.CompletedProcess([], 0, "", "")
    log.write(r.stdout + r.stderr)
    built = {o: os.path.exists(os.path.join(out, o)) for o in objs}
    errors = {}
    for o in objs:
        if not built[o]:
            m = re.search(r"^.*(?:error|Error|No rule to make target)[^\n]*" + re.escape(os.path.basename(o)[:-2])
                          + r"[^\n]*$", r.stdout + r.stderr, re.M)
            if not m:
                m = re.search(r"^[^\n]*\berror:[^\n]*$", r.stdout + r.stderr, re.M)
            errors[o] = ("not built in the folder (--rescan: run the job without it)" if a.rescan else
                         m.group(0).strip()[:200] if m else "make built no object (see the job's make.log)")
    scans, nocode, unchecked = {}, {}, {}
    for o in objs:
        if not built[o]:
            continue
        # riscv64 objects of clang 18+ are scanned as they are: scan
        # applies their .debug_rnglists ULEB128 pairs itself (elfutils
        # 0.188 does not; the sweep linked them with ld.lld before).
        path = os.path.join(out, o)
        s = subprocess.run([a.rwonce, "scan", "--json", "--no-progress", "--allow-empty", "--allow-unchecked",
                            path], capture_output=True, text=True)
        try:
            d = json.loads(s.stdout)
            scans[o] = d["site_instances"]
            nocode[o] = d["no_code_sites"]
        except (ValueError, KeyError):
            return None, f"rwonce scan {o}: exit {s.returncode}: {s.stderr[-500:]}"
        if d["unchecked"]:
            # No instance from a file scan could not read is no verdict.
            unchecked[o] = "; ".join(u["reason"] for u in d["unchecked"])[:300]
    cells = {}
    for c in cands:
        need = [o for o in c["options"] if o in missing] + [o + "=n" for o in c.get("disable", []) if o in still_on]
        mine, skipped = chosen[c["id"]]
        verdicts, where = {}, []
        for o in mine:
            for i in scans.get(o, []):
                if i["line"] == c["line"] and (i["path"] == c["path"] or i["path"].endswith("/" + c["path"])):
                    verdicts[i["verdict"]] = verdicts.get(i["verdict"], 0) + 1
                    if i["verdict"] != "ok":
                        where.append({"object": o, "function": i["function"], "verdict": i["verdict"],
                                      "why": i["why"], "instructions": [x["text"] for x in i["instructions"]]})
        blind = [o for o in mine if o in unchecked]
        if blind and not verdicts:
            cell = {"verdict": "cannot tell", "why": "rwonce scan could not check "
                    + "; ".join(f"{o}: {unchecked[o]}" for o in blind)}
        elif verdicts:
            cell = judge(verdicts, where)
        elif need:
            cell = {"verdict": "not compiled", "why": "not set after olddefconfig: " + " ".join("CONFIG_" + o for o in need)}
        elif not mine:
            cell = {"verdict": "not compiled",
                    "why": f"none of the {len(c.get('callers', []))} callers the search found is built by this "
                           "configuration"}
        elif not any(built.get(o) for o in mine):
            cell = {"verdict": "not compiled",
                    "why": "build error: " + "; ".join(errors.get(o, "?") for o in mine)}
        else:
            # scan's own reason when it has one (e.g. "not compiled: no
            # unit of this build has its function" -- an #ifdef that the
            # configuration leaves out).
            whys = sorted({n["why"] for o in mine for n in nocode.get(o, [])
                           if n["line"] == c["line"] and n["path"].endswith("/" + c["path"])})
            cell = {"verdict": "no instance",
                    "why": "; ".join(whys) or
                    "objects built and scanned, no instance at the line (not expanded, or optimised out)"}
        cell["objects"] = mine
        if skipped:
            cell["callers_not_built"] = skipped
        cells[c["id"]] = cell
    return cells, {"options_missing": missing + [o + "=n" for o in still_on], "objects": built}


def run_job(a, plan, job, log):
    arch, cc = job.rsplit("-", 1)
    tree = plan["tree"]
    base = os.path.join(os.path.abspath(a.kbuild), job)
    cands = [c for c in plan["candidates"] if arch in c["arches"]]
    variants = []
    for c in cands:
        if c.get("variant") not in variants:
            variants.append(c.get("variant"))
    res = {"job": job, "arch": arch, "compiler": cc, "options_missing": [], "objects": {}, "cells": {},
           "folders": {}}
    t0 = time.time()
    for v in variants:
        t1 = time.time()
        out = base + ("+" + v if v else "")
        cells, facts = run_variant(a, tree, arch, cc, out, [c for c in cands if c.get("variant") == v], log)
        if cells is None:
            return {"job": job, "trouble": (f"{v}: " if v else "") + facts}
        res["cells"].update(cells)
        res["options_missing"] += [o for o in facts["options_missing"] if o not in res["options_missing"]]
        res["objects"].update({(f"{v}:" if v else "") + o: b for o, b in facts["objects"].items()})
        res["folders"][os.path.basename(out)] = round(time.time() - t1, 1)
    res["wall_s"] = res["build_s"] = round(time.time() - t0, 1)
    return res


def cmd_run(a):
    plan = json.load(open(a.plan))
    jobs = a.job or shard(jobs_of(plan["candidates"]), a.shard)
    os.makedirs(a.out, exist_ok=True)
    status = 0
    for job in jobs:
        with open(os.path.join(a.out, f"{job}.make.log"), "w") as log:
            res = run_job(a, plan, job, log)
        json.dump(res, open(os.path.join(a.out, f"{job}.json"), "w"), indent=1)
        if "trouble" in res:
            print(f"{job}: trouble: {res['trouble']}", file=sys.stderr)
            status = 2
        else:
            n = sum(1 for c in res["cells"].values()
                    if c["verdict"] not in ("not compiled", "no instance", "cannot tell"))
            print(f"{job}: {n} of {len(res['cells'])} candidates judged, {res['wall_s']} s", file=sys.stderr)
    return status


def merged_plan(paths):
    """The candidates of several plans (several sweeps of one tree: WORK
    and a later WORK for new candidates), each once, in the order first
    seen."""
    cands, seen = [], set()
    for p in paths:
        for c in json.load(open(p))["candidates"]:
            if c["id"] not in seen:
                seen.add(c["id"])
                cands.append(c)
    return {"candidates": cands}


def merged_results(results):
    """One result per job from several (a job run in two sweeps, each for
    some of the candidates): the cells of all, a candidate judged in two
    taken from the first (and said on stderr if they disagree); wall
    times added, folders, objects and options joined."""
    byjob = {}
    for r in results:
        have = byjob.get(r["job"])
        if have is None:
            byjob[r["job"]] = dict(r, cells=dict(r["cells"]), folders=dict(r.get("folders", {})),
                                   objects=dict(r.get("objects", {})),
                                   options_missing=list(r.get("options_missing", [])))
            continue
        for cid, cell in r["cells"].items():
            old = have["cells"].get(cid)
            if old is None:
                have["cells"][cid] = cell
            elif old["verdict"] != cell["verdict"]:
                print(f"{r['job']}: {cid}: two results ({old['verdict']}, {cell['verdict']}): the first kept",
                      file=sys.stderr)
        have["folders"].update(r.get("folders", {}))
        have["objects"].update(r.get("objects", {}))
        have["options_missing"] += [o for o in r.get("options_missing", []) if o not in have["options_missing"]]
        have["wall_s"] = round(have.get("wall_s", 0) + r.get("wall_s", 0), 1)
    return byjob


def cmd_merge(a):
    if a.works:
        # WORK folders (kernel-aggregate-sweep.sh --merge): each one's
        # plan and results, in the order given.
        a.plan, a.result = [], []
        for w in a.result_or_work:
            if not os.path.isfile(os.path.join(w, "plan.json")):
                sys.exit(f"kernel-aggregate-sweep: {w}: no plan.json: not a sweep's WORK")
            got = sorted(glob.glob(os.path.join(w, "results", "*.json")))
            if not got:
                sys.exit(f"kernel-aggregate-sweep: no result in {w}/results: run the jobs first")
            a.plan.append(os.path.join(w, "plan.json"))
            a.result += got
    else:
        a.result = a.result_or_work
        if not a.plan:
            sys.exit("kernel-aggregate-sweep: merge: --plan PLAN.json, or --works WORK...")
    plan = merged_plan(a.plan)
    results = [json.load(open(p)) for p in a.result]
    status = 0
    for r in results:
        if "trouble" in r:
            print(f"{r['job']}: trouble: {r['trouble']}", file=sys.stderr)
            status = 2
    byjob = merged_results([r for r in results if "trouble" not in r])
    jobs = [j for j in jobs_of(plan["candidates"]) if j in byjob]

    def text(cell):
        if "instances" in cell:
            return (cell["verdict"] + " (" + ", ".join(f"{v} {n}" for v, n in sorted(cell["instances"].items()))
                    + ")" + (f": {cell['why']}" if cell.get("why") else ""))
        return f"{cell['verdict']}: {cell['why']}"

    for c in plan["candidates"]:
        for j in jobs:
            cell = byjob[j]["cells"].get(c["id"])
            if cell is not None and cell["verdict"] == "cannot tell":
                print(f"{j}: {c['id']}: cannot tell: {cell['why']}", file=sys.stderr)
                status = 2
    if a.by_arch:
        # One row per candidate and architecture it is for, a column per
        # compiler: the same cells, narrower.
        print("| candidate | architecture | " + " | ".join(COMPILERS) + " |")
        print("|---|---|" + "---|" * len(COMPILERS))
        for c in plan["candidates"]:
            for arch in c["arches"]:
                row = [text(byjob[f"{arch}-{cc}"]["cells"][c["id"]]) if f"{arch}-{cc}" in byjob
                       and c["id"] in byjob[f"{arch}-{cc}"]["cells"] else "not run" for cc in COMPILERS]
                print(f"| `{c['id']}` | {arch} | " + " | ".join(row) + " |")
    else:
        print("| candidate | " + " | ".join(jobs) + " |")
        print("|---|" + "---|" * len(jobs))
        for c in plan["candidates"]:
            row = [text(byjob[j]["cells"][c["id"]]) if c["id"] in byjob[j]["cells"] else "--" for j in jobs]
            print(f"| `{c['id']}` | " + " | ".join(row) + " |")
    print()
    for j in jobs:
        r = byjob[j]
        cells = r["cells"].values()
        n = sum(1 for x in cells if "instances" in x and x["verdict"] != "cannot tell")
        folders = r.get("folders", {})
        parts = (" (" + ", ".join(f"{f} {t} s" for f, t in folders.items()) + ")") if len(folders) > 1 else ""
        print(f"{j}: {n} of {len(cells)} candidates compiled and checked; wall {r['wall_s']} s{parts}"
              f"; options not set after olddefconfig: {' '.join(r['options_missing']) or 'none'}")
    missing = [j for j in jobs_of(plan["candidates"]) if j not in byjob]
    if missing:
        print(f"not run: {' '.join(missing)}")
    # The whole: every candidate x architecture x compiler cell, by what
    # it came to.
    kinds = {}
    for c in plan["candidates"]:
        for arch in c["arches"]:
            for cc in COMPILERS:
                cell = byjob.get(f"{arch}-{cc}", {}).get("cells", {}).get(c["id"])
                k = ("not run" if cell is None else
                     "judged by scan" if "instances" in cell and cell["verdict"] != "cannot tell" else
                     cell["verdict"])
                kinds[k] = kinds.get(k, 0) + 1
    order = ["judged by scan", "cannot tell", "no instance", "not compiled", "not run"]
    print(f"{len(plan['candidates'])} candidates, {sum(kinds.values())} candidate x architecture x compiler cells: "
          + ", ".join(f"{kinds[k]} {k}" for k in order if k in kinds))
    # Where a header site's verdict comes from: the objects each job chose.
    chosen = {}
    for c in plan["candidates"]:
        if "callers" not in c:
            continue
        for j in jobs:
            cell = byjob[j]["cells"].get(c["id"])
            if cell and "objects" in cell:
                chosen.setdefault(c["id"], {}).setdefault(" ".join(cell["objects"]) or "none", []).append(j)
    if chosen:
        print()
        for cid, by in chosen.items():
            print(f"{cid}: " + "; ".join(f"{objs} ({', '.join(js)})" for objs, js in by.items()))
    return status


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("plan")
    p.add_argument("--tree", required=True)
    p.add_argument("--audit", required=True)
    p.add_argument("--out", required=True)
    p = sub.add_parser("jobs")
    p.add_argument("--plan", required=True)
    p.add_argument("--shard")
    p = sub.add_parser("run")
    p.add_argument("--plan", required=True)
    p.add_argument("--rwonce", required=True)
    p.add_argument("--kbuild", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--shard")
    p.add_argument("--jobs", default="2")
    p.add_argument("--rescan", action="store_true",
                   help="no configuration and no make: scan again what each build folder holds")
    p.add_argument("job", nargs="*")
    p = sub.add_parser("merge")
    p.add_argument("--plan", action="append", default=[],
                   help="a sweep's plan; again for each further sweep of the same tree")
    p.add_argument("--works", action="store_true",
                   help="the arguments are WORK folders (their plan.json and results/*.json)")
    p.add_argument("--into", metavar="FILE",
                   help="write the table and the totals into FILE, between its lines "
                        "'<!-- sweep-merge begin -->' and '<!-- sweep-merge end -->' (the record)")
    p.add_argument("--by-arch", action="store_true",
                   help="a row per candidate and architecture, a column per compiler")
    p.add_argument("result_or_work", nargs="+", metavar="RESULT.json|WORK")
    a = ap.parse_args()
    if a.cmd == "merge" and a.into:
        return merge_into(a)
    return {"plan": cmd_plan, "jobs": cmd_jobs, "run": cmd_run, "merge": cmd_merge}[a.cmd](a) or 0


BEGIN, END = "<!-- sweep-merge begin -->", "<!-- sweep-merge end -->"


def merge_into(a):
    """The merge written into a record (doc/findings/linux-6.12.md)
    between its two marker lines, so that the record's table is the
    merge's, never typed by hand: the table as it is, the lines after it
    as a block.  The file is replaced whole (a temporary file renamed)."""
    import contextlib
    import io
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        status = cmd_merge(a) or 0
    text = open(a.into, encoding="utf-8").read()
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        sys.exit(f"kernel-aggregate-sweep: {a.into}: no '{BEGIN}' ... '{END}' lines to write between")
    table, rest = [], []
    for line in buf.getvalue().rstrip("\n").split("\n"):
        (table if line.startswith("|") and not rest else rest).append(line)
    rest = [("    " + line if line else "") for line in rest]
    head, tail = text.split(BEGIN)[0], text.split(END)[1]
    new = head + BEGIN + "\n" + "\n".join(table) + "\n" + "\n".join(rest).rstrip() + "\n" + END + tail
    tmp = a.into + ".new"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(new)
    os.replace(tmp, a.into)
    return status


if __name__ == "__main__":
    sys.exit(main())
