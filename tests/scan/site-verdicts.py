#!/usr/bin/env python3
"""Check the site instances of a `rwonce scan --json` output against a
table on standard input, one site a line (blank lines and '#' lines
skipped), fields separated by ' | ':

    SITE | ok | TYPE | SIZE | WHY | INSTRUCTIONS
        the site's verdict, the type and size of its object, the reason
        and how many instructions it rests on, each exactly
    SITE | size not known
        unattributed because its object's size is unknown

Exit 0 when every line holds; else 1, naming the first site that does
not (what was expected and what the JSON says).

    site-verdicts.py out.json <<EOF
    lib_load(&r->slot) | ok | void * | 8 | compiled to one 8-byte load | 1
    lib_load(p) | size not known
    EOF
"""
import json
import sys


def main():
    d = json.load(open(sys.argv[1]))
    got = {r["site"]: (r["verdict"], r["type"], r["size"], r["why"],
                       len(r["instructions"]))
           for r in d["site_instances"]}
    for line in sys.stdin:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        f = line.split(" | ")
        site = f[0]
        have = got.get(site)
        if f[1:] == ["size not known"]:
            ok = (have is not None and have[0] == "unattributed" and
                  have[2] is None and "size is unknown" in have[3])
            want = "unattributed, its size not known"
        elif len(f) == 6:
            want = (f[1], f[2], int(f[3]), f[4], int(f[5]))
            ok = have == want
        else:
            print("site-verdicts.py: bad line: %s" % line, file=sys.stderr)
            return 2
        if not ok:
            print("site %s: want %s, got %s" % (site, want, have),
                  file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
