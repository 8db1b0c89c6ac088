#!/bin/sh
# Recall of access-once-nonscalar on a real tree against a list of known
# non-scalar ACCESS_ONCE sites (issue #12):
#
#   bench/audit-nonscalar-recall.sh TREE [LIST]
#
# LIST defaults to bench/audit-nonscalar-3.17.txt (Linux 3.17.0; lines
# "path:line ..."; '#' starts a comment).  Runs `rwonce audit` (lexical
# engine, default rules) in TREE, prints found/listed, the listed sites
# not found, and the findings not on the list (to be read by hand: a
# non-scalar site the list does not hold, or a false positive).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:?usage: $0 TREE [LIST]}
list=${2:-$root/bench/audit-nonscalar-3.17.txt}
rwonce=${RWONCE:-$root/build/rwonce}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-recall.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$list" | awk 'NF { print $1 }' | sort -u >"$tmp/want"
(cd "$tree" && "$rwonce" audit -q --no-progress .) >"$tmp/out" || [ $? = 1 ]
sed -n 's|^\./||; s/^\([^:]*:[0-9]*\):.*\[access-once-nonscalar\]$/\1/p' "$tmp/out" |
	sort -u >"$tmp/got"
found=$(comm -12 "$tmp/want" "$tmp/got" | wc -l)
echo "access-once-nonscalar: $(wc -l <"$tmp/got") findings; recall $found/$(wc -l <"$tmp/want")"
echo "listed, not found:"
comm -23 "$tmp/want" "$tmp/got" | sed 's/^/  /'
echo "found, not listed:"
comm -13 "$tmp/want" "$tmp/got" | sed 's/^/  /'
