#!/usr/bin/env python3
"""Compare the sites two unified diffs convert (bench/fix-vs-spatch.sh).

    bench/fix-compare-sites.py [--word WORD] TREE RWONCE.diff SPATCH.diff [SAMPLES]

A site is an original line (path, line number) that a diff removes or
changes; the line's text says which idiom it holds.  Prints how many
lines both tools change, and, for the lines only one changes, a count per
reason with a few examples -- the reasons are guessed from the line's text
and are checked by hand in doc/bench-audit.md.

--word WORD (e.g. ACCESS_ONCE): only original lines holding WORD are
sites, so lines a tool merely re-indents or re-wraps (spatch rewrites a
whole statement spanning lines) are not counted; it also prints, per
file, how many WORDs each diff removes ('-' lines minus '+' lines), and
the files where the two counts differ, which catches a line holding two
sites of which one tool converts only one.
"""
import collections
import os
import re
import sys


def changed_lines(diff_path):
    """{(path, old_line)} of the '-' lines of a unified diff."""
    out = set()
    path = None
    old = 0
    hunk = re.compile(r"^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@")
    with open(diff_path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("--- "):
                name = line[4:].split("\t")[0].strip()
                path = re.sub(r"^(a|b)/", "", name)
                path = os.path.normpath(path)
                continue
            if line.startswith("+++ "):
                continue
            m = hunk.match(line)
            if m:
                old = int(m.group(1))
                continue
            if path is None or not line:
                continue
            c = line[0]
            if c == "-":
                out.add((path, old))
                old += 1
            elif c == " ":
                old += 1
    return out


REASONS = [
    (r"^\s*#\s*define|\\$", "inside a macro body (#define)"),
    (r"(ACCESS_ONCE\([^;]*\)|\*\(volatile[^)]*\)&\S+)\s*(\+\+|--)|(\+\+|--)\s*(ACCESS_ONCE|\*\(volatile)",
     "++/-- (cannot become READ_ONCE)"),
    (r"(ACCESS_ONCE\([^;]*\)|&\w+)\s*([-+*/%&|^]|<<|>>)=", "compound assignment"),
    (r"&\s*ACCESS_ONCE", "address-of"),
    (r"=\s*(ACCESS_ONCE\(.*\)|\*\(volatile[^)]*\)&[\w>.-]+)\s*=[^=]", "assignment whose value is used"),
    (r"\*\s*\(\s*volatile[^)]*\)\s*&\s*\w+\s*(->|\.|\[)", "volatile cast of a member or element (type needs a type index)"),
    (r"\*\s*\(\s*volatile[^)]*\)\s*&", "volatile cast of a variable"),
    (r"\*\s*\(\s*volatile[^)]*\)\s*[^&\s]", "volatile cast of a pointer value (no &)"),
    (r"ACCESS_ONCE\(.*\)\s*=\s*$", "assignment spanning lines"),
    (r"ACCESS_ONCE", "other ACCESS_ONCE use"),
]


def reason(text):
    for pat, why in REASONS:
        if re.search(pat, text):
            return why
    return "other"


def word_counts(diff_path, word):
    """{path: occurrences of word on '-' lines minus those on '+' lines}."""
    pat = re.compile(r"\b%s\b" % re.escape(word))
    out = collections.Counter()
    path = None
    with open(diff_path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("--- "):
                name = line[4:].split("\t")[0].strip()
                path = os.path.normpath(re.sub(r"^(a|b)/", "", name))
                continue
            if line.startswith("+++ ") or path is None or not line:
                continue
            if line[0] == "-":
                out[path] += len(pat.findall(line))
            elif line[0] == "+":
                out[path] -= len(pat.findall(line))
    return out


def main():
    args = sys.argv[1:]
    word = None
    if args[:1] == ["--word"]:
        word, args = args[1], args[2:]
    tree, a, b = args[:3]
    samples = int(args[3]) if len(args) > 3 else 3
    ra, rb = changed_lines(a), changed_lines(b)
    if word:
        pat = re.compile(r"\b%s\b" % re.escape(word))
        keep = set()
        for site in ra | rb:
            p, n = site
            try:
                with open(os.path.join(tree, p), encoding="utf-8",
                          errors="replace") as f:
                    lines = f.read().split("\n")
            except OSError:
                continue
            if 0 < n <= len(lines) and pat.search(lines[n - 1]):
                keep.add(site)
        ra, rb = ra & keep, rb & keep
        ca, cb = word_counts(a, word), word_counts(b, word)
        print("%s removed: rwonce %d, spatch %d; files where the counts "
              "differ: %s" % (word, sum(ca.values()), sum(cb.values()),
                              ", ".join("%s (%d/%d)" % (p, ca[p], cb[p])
                                        for p in sorted(set(ca) | set(cb))
                                        if ca[p] != cb[p]) or "none"))
    print("lines changed by both: %d, only rwonce: %d, only spatch: %d"
          % (len(ra & rb), len(ra - rb), len(rb - ra)))
    cache = {}

    def text(site):
        p, n = site
        if p not in cache:
            try:
                with open(os.path.join(tree, p), encoding="utf-8",
                          errors="replace") as f:
                    cache[p] = f.read().split("\n")
            except OSError:
                cache[p] = []
        lines = cache[p]
        return lines[n - 1] if 0 < n <= len(lines) else ""

    for label, sites in (("only rwonce", ra - rb), ("only spatch", rb - ra)):
        groups = collections.defaultdict(list)
        for s in sorted(sites):
            groups[reason(text(s))].append(s)
        for why, ss in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            print("  %s: %d  %s" % (label, len(ss), why))
            for s in ss[:samples]:
                print("      %s:%d: %s" % (s[0], s[1], text(s).strip()[:110]))


if __name__ == "__main__":
    main()
