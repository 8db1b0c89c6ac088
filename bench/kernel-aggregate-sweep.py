#!/usr/bin/env python3
"""The steps of bench/kernel-aggregate-sweep.sh (read its header first):
every aggregate once-access `rwonce audit --preset=linux` finds in a
kernel tree, built for each architecture x compiler and judged by
`rwonce scan`.

  kernel-aggregate-sweep.py plan  --tree SRC --audit AUDIT.json --out PLAN.json
  kernel-aggregate-sweep.py jobs  --plan PLAN.json [--shard K/N]
  kernel-aggregate-sweep.py run   --plan PLAN.json --tree SRC --rwonce R
                                  --kbuild DIR --out DIR [--shard K/N] [JOB...]
  kernel-aggregate-sweep.py merge --plan PLAN.json RESULT.json...

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

# What grep and the Makefiles cannot tell: a header site whose users are
# everywhere (the objects whose code held it before), and options a site
# is under by #ifdef rather than by its object's Makefile line.
HINTS = {
    "arch/arm/include/asm/spinlock.h": {"objects": ["security/keys/gc.o"], "options": ["KEYS"]},
    "arch/arm64/kvm/hyp/include/nvhe/spinlock.h": {
        "objects": ["arch/arm64/kvm/hyp/nvhe/mem_protect.nvhe.o", "arch/arm64/kvm/hyp/nvhe/mm.nvhe.o",
                    "arch/arm64/kvm/hyp/nvhe/pkvm.nvhe.o"],
        "options": ["KVM", "NVHE_EL2_DEBUG"]},
    "kernel/rcu/tasks.h": {"objects": ["kernel/rcu/update.o"], "options": ["TASKS_TRACE_RCU"]},
    "arch/powerpc/include/asm/simple_spinlock.h": {"objects": ["kernel/locking/spinlock.o", "mm/memory.o"],
                                                    "options": ["SMP"]},
    "arch/powerpc/kvm/book3s_xics.c": {"options": ["KVM_BOOK3S_64", "KVM_BOOK3S_64_HV", "KVM_XICS"]},
    "arch/powerpc/kvm/book3s_hv_rm_xics.c": {"options": ["KVM_BOOK3S_64", "KVM_BOOK3S_64_HV", "KVM_XICS"]},
    "arch/powerpc/kvm/book3s_hv_builtin.c": {"options": ["KVM_BOOK3S_64", "KVM_BOOK3S_64_HV"]},
    "drivers/net/ethernet/mellanox/mlxsw/spectrum_router.c": {"options": ["IP_ADVANCED_ROUTER", "IP_ROUTE_MULTIPATH", "NET_VENDOR_MELLANOX", "VLAN_8021Q", "NET_SWITCHDEV", "MLXSW_CORE", "MLXSW_PCI", "MLXSW_SPECTRUM"]},
}
OBJ_LINE = re.compile(r"\$\(CONFIG_([A-Z0-9_]+)\)")


def site_arches(path):
    m = re.match(r"arch/([^/]+)/", path)
    if not m:
        return list(ARCHES)
    return [a for a, (folder, _, _) in ARCHES.items() if folder == m.group(1)]


def header_users(tree, path, limit=3):
    """A few .c files of the header's own folder tree that #include it."""
    name = os.path.basename(path)
    top = path.split("/")
    where = "/".join(top[:2]) if top[0] == "arch" else os.path.dirname(path) or "."
    r = subprocess.run(["grep", "-rlE", "--include=*.c", r'#include [<"]([^>"]*/)?' + re.escape(name) + '[>"]',
                        where], cwd=tree, capture_output=True, text=True)
    return sorted(r.stdout.split())[:limit]


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


def cmd_plan(a):
    audit = json.load(open(a.audit))
    cands = []
    for f in audit["findings"]:
        if f["rule"] not in CANDIDATE_RULES:
            continue
        path = f["path"][2:] if f["path"].startswith("./") else f["path"]
        hint = HINTS.get(path, {})
        if path.endswith(".c"):
            objs = [object_of(path)]
        else:
            objs = hint.get("objects") or [object_of(c) for c in header_users(a.tree, path)]
        opts = list(hint.get("options", []))
        # A hint's objects come with their options: a Makefile may name
        # an object on several alternative obj-$(CONFIG_X) lines.
        for o in ([] if hint.get("objects") else objs):
            opts += [x for x in makefile_options(a.tree, o) if x not in opts]
        cands.append({"id": f"{path}:{f['line']}", "path": path, "line": f["line"], "rule": f["rule"],
                      "message": f["message"].split(":")[0], "type": f.get("type"),
                      "arches": site_arches(path), "objects": objs, "options": opts})
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


def run_job(a, plan, job, log):
    arch, cc = job.rsplit("-", 1)
    tree = plan["tree"]
    out = os.path.join(os.path.abspath(a.kbuild), job)
    os.makedirs(out, exist_ok=True)
    cands = [c for c in plan["candidates"] if arch in c["arches"]]
    args = make_args(arch, cc)
    opts = []
    for c in cands:
        opts += [o for o in c["options"] if o not in opts]
    t0 = time.time()
    make = ["make", "-s", "-C", tree, f"O={out}"] + args
    config_file = os.path.join(out, ".config")
    steps = [[ARCHES[arch][2]], None, ["olddefconfig"]]
    if os.path.exists(config_file):
        # A build made before (by an earlier run, another candidate list,
        # bench/kernel-6.12-build.sh): add only the options it lacks, so
        # that only the objects that depend on them are rebuilt.
        have = open(config_file).read()
        opts_new = [o for o in opts if not re.search(rf"^CONFIG_{o}=[ym]$", have, re.M)]
        steps = [None, ["olddefconfig"]] if opts_new else []
    else:
        opts_new = opts
    for step in steps:
        if step is None:
            subprocess.run([os.path.join(tree, "scripts/config"), "--file", config_file]
                           + sum((["-e", o] for o in opts_new), [])
                           + (DEBUG if opts_new is opts else []), check=True)
            continue
        r = subprocess.run(make + step, capture_output=True, text=True)
        if r.returncode:
            return {"job": job, "trouble": f"make {step[0]} failed: {r.stderr[-500:]}"}
    config = open(os.path.join(out, ".config")).read()
    missing = [o for o in opts if not re.search(rf"^CONFIG_{o}=[ym]$", config, re.M)]
    objs = []
    for c in cands:
        objs += [o for o in c["objects"] if o not in objs]
    r = subprocess.run(["nice", "-n", "19", "make", "-C", tree, f"O={out}", "-k", f"-j{a.jobs}"] + args + objs,
                       capture_output=True, text=True)
    log.write(r.stdout + r.stderr)
    built = {o: os.path.exists(os.path.join(out, o)) for o in objs}
    errors = {}
    for o in objs:
        if not built[o]:
            m = re.search(r"^.*(?:error|Error|No rule to make target)[^\n]*" + re.escape(os.path.basename(o)[:-2])
                          + r"[^\n]*$", r.stdout + r.stderr, re.M)
            errors[o] = (m.group(0).strip()[:200] if m else "make built no object (see the job's make.log)")
    build_s = time.time() - t0
    scans, nocode = {}, {}
    for o in objs:
        if not built[o]:
            continue
        s = subprocess.run([a.rwonce, "scan", "--json", "--no-progress", "--allow-empty", "--allow-unchecked",
                            os.path.join(out, o)], capture_output=True, text=True)
        try:
            d = json.loads(s.stdout)
            scans[o] = d["site_instances"]
            nocode[o] = d["no_code_sites"]
        except (ValueError, KeyError):
            return {"job": job, "trouble": f"rwonce scan {o}: exit {s.returncode}: {s.stderr[-500:]}"}
    cells = {}
    for c in cands:
        need = [o for o in c["options"] if o in missing]
        verdicts, where = {}, []
        for o in c["objects"]:
            for i in scans.get(o, []):
                if i["line"] == c["line"] and (i["path"] == c["path"] or i["path"].endswith("/" + c["path"])):
                    verdicts[i["verdict"]] = verdicts.get(i["verdict"], 0) + 1
                    if i["verdict"] != "ok":
                        where.append({"object": o, "function": i["function"], "verdict": i["verdict"],
                                      "why": i["why"], "instructions": [x["text"] for x in i["instructions"]]})
        if verdicts:
            worst = next((v for v in ("torn", "duplicated", "widened", "ok") if v in verdicts),
                         sorted(verdicts)[0])
            cell = {"verdict": worst, "instances": verdicts, "bad": where}
        elif need:
            cell = {"verdict": "not compiled", "why": "not set after olddefconfig: " + " ".join("CONFIG_" + o for o in need)}
        elif not any(built.get(o) for o in c["objects"]):
            cell = {"verdict": "not compiled",
                    "why": "build error: " + "; ".join(errors.get(o, "?") for o in c["objects"])}
        else:
            # scan's own reason when it has one (e.g. "not compiled: no
            # unit of this build has its function" -- an #ifdef that the
            # configuration leaves out).
            whys = sorted({n["why"] for o in c["objects"] for n in nocode.get(o, [])
                           if n["line"] == c["line"] and n["path"].endswith("/" + c["path"])})
            cell = {"verdict": "no instance",
                    "why": "; ".join(whys) or
                    "objects built and scanned, no instance at the line (not expanded, or optimised out)"}
        cells[c["id"]] = cell
    return {"job": job, "arch": arch, "compiler": cc, "options_missing": missing, "objects": built,
            "wall_s": round(time.time() - t0, 1), "build_s": round(build_s, 1), "cells": cells}


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
            n = sum(1 for c in res["cells"].values() if c["verdict"] not in ("not compiled", "no instance"))
            print(f"{job}: {n} of {len(res['cells'])} candidates judged, {res['wall_s']} s", file=sys.stderr)
    return status


def cmd_merge(a):
    plan = json.load(open(a.plan))
    results = [json.load(open(p)) for p in a.result]
    status = 0
    for r in results:
        if "trouble" in r:
            print(f"{r['job']}: trouble: {r['trouble']}", file=sys.stderr)
            status = 2
    results = [r for r in results if "trouble" not in r]
    jobs = [j for j in jobs_of(plan["candidates"]) if any(r["job"] == j for r in results)]
    byjob = {r["job"]: r for r in results}
    print("| candidate | " + " | ".join(jobs) + " |")
    print("|---|" + "---|" * len(jobs))
    for c in plan["candidates"]:
        row = []
        for j in jobs:
            cell = byjob[j]["cells"].get(c["id"])
            if cell is None:
                row.append("--")
            elif "instances" in cell:
                row.append(cell["verdict"] + " (" + ", ".join(f"{v} {n}" for v, n in sorted(cell["instances"].items())) + ")")
            else:
                row.append(f"{cell['verdict']}: {cell['why']}")
        print(f"| `{c['id']}` | " + " | ".join(row) + " |")
    print()
    for j in jobs:
        cells = byjob[j]["cells"].values()
        n = sum(1 for x in cells if "instances" in x)
        print(f"{j}: {n} of {len(cells)} candidates compiled and checked; wall {byjob[j]['wall_s']} s"
              f" (build {byjob[j]['build_s']} s); options not set after olddefconfig: {' '.join(byjob[j]['options_missing']) or 'none'}")
    missing = [j for j in jobs_of(plan["candidates"]) if j not in byjob]
    if missing:
        print(f"not run: {' '.join(missing)}")
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
    p.add_argument("job", nargs="*")
    p = sub.add_parser("merge")
    p.add_argument("--plan", required=True)
    p.add_argument("result", nargs="+")
    a = ap.parse_args()
    return {"plan": cmd_plan, "jobs": cmd_jobs, "run": cmd_run, "merge": cmd_merge}[a.cmd](a) or 0


if __name__ == "__main__":
    sys.exit(main())
