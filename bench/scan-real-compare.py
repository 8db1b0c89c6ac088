#!/usr/bin/env python3
"""Compare the torn/duplicated findings of `rwonce scan --json` on one
kernel build with the hand-confirmed ground truth
(tests/scan-real/ground-truth.tsv).

  scan-real-compare.py GROUND_TRUTH BUILD SCAN.json

GROUND_TRUTH rows (tab-separated): build, site (path under the kernel
tree:line), verdict (torn or duplicated: what the machine code shows,
confirmed by hand; ok: one access, listed so that the object is scanned
too), object, function (the function whose code holds the
instance), count (copies of the site's code in that function with that
verdict), note.  scan prints one finding per instance; findings are
matched to the ground truth by (site, object, function), counted.

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
from collections import Counter

from scanreal import finding_notes, short


def load_truth(path, build):
    truth = Counter()
    try:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if not line.strip() or line.startswith("#"):
                    continue
                cols = line.rstrip("\n").split("\t")
                if len(cols) < 6 or not cols[5].isdigit():
                    sys.exit(f"scan-real-compare: error: {path}:{n}: expected build, site, verdict, object, function, count[, note]")
                # "ok" rows only name objects to scan (sites where this
                # build made one access): no finding may come from them.
                if cols[0] == build and cols[2] in ("torn", "duplicated"):
                    truth[(cols[2], cols[1], cols[3], cols[4])] += int(cols[5])
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
    reported = Counter()
    messages = {}
    for x in findings:
        kind = x["rule"].replace("scan-", "")
        if kind not in ("torn", "duplicated"):
            continue
        obj, func, _insns = finding_notes(x)
        obj, func = obj or "?", func or "?"
        # Objects given by absolute path are named so: keep the part
        # below the build's folder, as the ground truth does.
        mark = f"/{sys.argv[2]}/"
        if mark in obj:
            obj = obj.split(mark, 1)[1]
        key = (kind, f"{short(x['path'])}:{x['line']}", obj, func)
        reported[key] += 1
        messages[key] = x["message"]
    confirmed = reported & truth
    false = reported - truth
    missed = truth - reported
    for label, c in (("confirmed", confirmed), ("false", false), ("missed", missed)):
        for (kind, site, obj, func), n in sorted(c.items()):
            extra = f": {messages[(kind, site, obj, func)]}" if label == "false" else ""
            print(f"{label} {kind} {site} {obj} {func} x{n}{extra}")
    nr, nc, nt = sum(reported.values()), sum(confirmed.values()), sum(truth.values())
    precision = f"{nc}/{nr}" if nr else "-"
    recall = f"{nc}/{nt}" if nt else "-"
    print(f"{sys.argv[2]}: reported {nr}, confirmed {nc}, false {sum(false.values())}, "
          f"missed {sum(missed.values())}; precision {precision}, recall {recall}")
    sys.exit(1 if false or missed else 0)


if __name__ == "__main__":
    main()
