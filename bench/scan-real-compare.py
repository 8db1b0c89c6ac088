#!/usr/bin/env python3
"""Compare the torn/duplicated findings of `rwonce scan --json` on one
kernel build with the hand-confirmed ground truth
(tests/scan-real/ground-truth.tsv).

  scan-real-compare.py GROUND_TRUTH BUILD SCAN.json

GROUND_TRUTH rows: build, site (path under the kernel tree:line), verdict
(torn, duplicated or ok: what the machine code shows, confirmed by hand),
the objects that hold instances, and a note.  A site is compared as a
whole: scan prints one finding per site, so a site is "reported" when
scan has a finding of that kind at its line.

Prints, for BUILD:
  confirmed  findings that are in the ground truth with the same verdict
  false      findings the ground truth does not have (or has as ok)
  missed     ground-truth torn/duplicated sites scan did not report
and the precision (confirmed / reported) and recall (confirmed /
ground-truth findings).  Exit status 0 when there is nothing false and
nothing missed, 1 otherwise, 2 on bad input.
"""
import json
import sys


def short(path):
    i = path.find("/linux-source-6.1/")
    return path[i + len("/linux-source-6.1/"):] if i >= 0 else path


def load_truth(path, build):
    truth = {}
    try:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if not line.strip() or line.startswith("#"):
                    continue
                cols = line.rstrip("\n").split("\t")
                if len(cols) < 4:
                    sys.exit(f"scan-real-compare: error: {path}:{n}: expected build, site, verdict, objects[, note]")
                if cols[0] == build:
                    truth[cols[1]] = cols[2]
    except OSError as e:
        sys.exit(f"scan-real-compare: error: {path}: {e}")
    return truth


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    truth = load_truth(sys.argv[1], sys.argv[2])
    try:
        with open(sys.argv[3]) as f:
            findings = json.load(f)["findings"]
    except (OSError, ValueError, KeyError) as e:
        print(f"scan-real-compare: error: {sys.argv[3]}: {e}", file=sys.stderr)
        sys.exit(2)
    reported = {}
    for x in findings:
        kind = x["rule"].replace("scan-", "")
        if kind in ("torn", "duplicated"):
            reported[f"{short(x['path'])}:{x['line']}"] = (kind, x["message"])
    confirmed = [s for s, (k, _m) in reported.items() if truth.get(s) == k]
    false = [s for s in reported if truth.get(s) != reported[s][0]]
    missed = [s for s, v in truth.items() if v in ("torn", "duplicated") and reported.get(s, ("",))[0] != v]
    for s in sorted(confirmed):
        print(f"confirmed {reported[s][0]} {s}")
    for s in sorted(false):
        print(f"false {reported[s][0]} {s} (ground truth: {truth.get(s, 'not a finding')}): {reported[s][1]}")
    for s in sorted(missed):
        print(f"missed {truth[s]} {s}")
    n_truth = sum(1 for v in truth.values() if v in ("torn", "duplicated"))
    precision = f"{len(confirmed)}/{len(reported)}" if reported else "-"
    recall = f"{len(confirmed)}/{n_truth}" if n_truth else "-"
    print(f"{sys.argv[2]}: reported {len(reported)}, confirmed {len(confirmed)}, "
          f"false {len(false)}, missed {len(missed)}; precision {precision}, recall {recall}")
    sys.exit(1 if false or missed else 0)


if __name__ == "__main__":
    main()
