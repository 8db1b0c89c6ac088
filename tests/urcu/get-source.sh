#!/bin/sh
# tests/urcu/get-source.sh -- put Debian's liburcu source package (the
# .dsc and its tarballs, as `apt-get source --download-only` gets them)
# into $RWONCE_CACHE/liburcu-source (default /work/cache), once, so that
# tests/t0600-urcu-once-layer.t fetches nothing when it runs.  Prints the
# path of the .dsc.
#
# apt-get source needs a deb-src entry.  If the machine has none, one is
# added -- as root, and only as a copy of the machine's own "Types: deb"
# entries for this Debian release (/etc/apt/sources.list.d/*.sources),
# with "Types: deb-src": the same archive, nothing new.
set -eu

cache=${RWONCE_CACHE:-/work/cache}/liburcu-source
found=$(ls "$cache"/liburcu_*.dsc 2>/dev/null | head -n 1 || true)
if [ -n "$found" ]; then
	echo "$found"
	exit 0
fi

fail() {
	echo "rwonce: error: $*" >&2
	exit 2
}

command -v apt-get >/dev/null 2>&1 || fail "apt-get not found: Debian's liburcu source cannot be had here"
command -v dpkg-source >/dev/null 2>&1 || fail "dpkg-source not found (apt-get install dpkg-dev)"

has_deb_src() {
	grep -qsE '^[[:space:]]*(Types:.*deb-src|deb-src[[:space:]])' \
		/etc/apt/sources.list /etc/apt/sources.list.d/*.list \
		/etc/apt/sources.list.d/*.sources
}

if ! has_deb_src; then
	[ "$(id -u)" = 0 ] || fail "no deb-src entry in the apt sources; as root, rerun $0"
	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[ -n "$codename" ] || fail "/etc/os-release names no release codename"
	added=/etc/apt/sources.list.d/rwonce-deb-src.sources
	# deb822 stanzas are separated by blank lines; keep those of Types
	# deb whose Suites name this release, and make them deb-src.
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk -v rel="$codename" '
			function flush() {
				if (isdeb && suite) { sub(/Types:[^\n]*/, "Types: deb-src", st); printf "%s\n", st }
				st = ""; isdeb = 0; suite = 0
			}
			/^[[:space:]]*$/ { flush(); next }
			/^#/ { next }
			{
				st = st $0 "\n"
				if ($1 == "Types:" && $0 ~ /[[:space:]]deb([[:space:]]|$)/) isdeb = 1
				if ($1 == "Suites:") for (i = 2; i <= NF; i++) if ($i == rel) suite = 1
			}
			END { flush() }' "$f"
	done >"$added.tmp"
	if [ ! -s "$added.tmp" ]; then
		rm -f "$added.tmp"
		fail "the apt sources have no 'Types: deb' entry for $codename to copy as deb-src"
	fi
	# Only the release itself: its -updates/-security suites need not be there.
	sed -i -E "s/^Suites:.*/Suites: $codename/" "$added.tmp"
	mv "$added.tmp" "$added"
	echo "rwonce: added $added (deb-src of this machine's own $codename entries)" >&2
	apt-get -o DPkg::Lock::Timeout=600 update -q >&2 || fail "apt-get update failed"
fi

mkdir -p "$cache.part"
(cd "$cache.part" && apt-get source --download-only -q liburcu >&2) ||
	fail "apt-get source liburcu failed"
rm -rf "$cache"
mv "$cache.part" "$cache"
ls "$cache"/liburcu_*.dsc | head -n 1
