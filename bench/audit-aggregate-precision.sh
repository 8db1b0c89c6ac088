#!/bin/sh
# The volatile-aggregate rule's precision against the generated code of a
# real build (issue #12): run `rwonce audit --preset=linux` with both
# engines and `rwonce scan` on one kernel build made by
# bench/scan-kernel-build.sh, then compare site by site (file:line).
#
#   bench/audit-aggregate-precision.sh KBUILD_DIR/x86_64-clang [OUT_DIR]
#
# A finding is confirmed when scan reports that site torn.  The lexical
# engine reads the whole source tree; only its findings in files the
# build compiled (units and the headers in their .cmd dependency lists)
# are counted, the others are listed as "not in this build".
set -eu
build=$(cd "${1:?usage: $0 BUILD_DIR [OUT_DIR]}" && pwd)
out=${2:-$build/aggregate-precision}
rwonce=${RWONCE:-$(cd "$(dirname "$0")/.." && pwd)/build/rwonce}
src=$(readlink -f "$build/source")
mkdir -p "$out"
[ -f "$build/compile_commands.json" ] || { echo "$0: $build/compile_commands.json missing" >&2; exit 2; }

# Files the build compiled: every path in the objects' dependency lists.
find "$build" -name '.*.o.cmd' -exec sed -n 's/^ *\(\/[^ ]*\.[ch]\) *\\\{0,1\}$/\1/p; s/^source_[^ ]* := \(.*\)$/\1/p' {} + |
	xargs -r readlink -f 2>/dev/null | sort -u >"$out/built-files"

(cd "$build" && nice "$rwonce" scan -p . --format=json -q --no-progress >"$out/scan.json" 2>"$out/scan.err") || true
(cd "$build" && nice "$rwonce" audit --preset=linux --disable volatile-cast -p . -q --no-progress \
	--format=json >"$out/audit-clang.json" 2>"$out/audit-clang.err") || true
nice "$rwonce" audit --preset=linux --disable volatile-cast -q --no-progress --format=json \
	"$src" >"$out/audit-lexical.json" 2>"$out/audit-lexical.err" || true

python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
built = set(open(os.path.join(out, "built-files")).read().split())
def sites(name, rule):
    d = json.load(open(os.path.join(out, name)))
    return {(os.path.realpath(f["path"]), f["line"]) for f in d["findings"] if f["rule"] == rule}
torn = sites("scan.json", "scan-torn")
print(f"scan: {len(torn)} torn sites")
for engine in ("clang", "lexical"):
    rep = sites(f"audit-{engine}.json", "volatile-aggregate")
    inb = {s for s in rep if s[0] in built}
    conf = inb & torn
    print(f"{engine}: {len(rep)} findings, {len(inb)} in files of this build, "
          f"confirmed {len(conf)}/{len(inb)}, torn sites missed {len(torn - rep)}")
    for s in sorted(inb - torn):
        print(f"  not confirmed: {s[0]}:{s[1]}")
    for s in sorted(torn - rep):
        print(f"  missed: {s[0]}:{s[1]}")
PY
