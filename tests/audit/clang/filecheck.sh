#!/bin/sh
# filecheck.sh FIXTURE OUTPUT -- the golden check of the clang engine's
# tests, in the spirit of LLVM's FileCheck (simplified):
#
#   // CHECK: PATTERN      some line of OUTPUT about FIXTURE starts with
#                          PATTERN (after "FIXTURE:" is removed)
#   // CHECK-NOT: PATTERN  no such line starts with PATTERN
#   [[@LINE]], [[@LINE+N]], [[@LINE-N]] in PATTERN stand for the number of
#   the line holding the CHECK, plus or minus N.
#
# And the golden part: every OUTPUT line about FIXTURE must be matched by
# some CHECK, so a new finding fails the test until a CHECK names it.
# Prints what is wrong and exits 1; exits 0 when all is well.
fixture=$1 output=$2
name=$(basename "$fixture")
awk -v name="$name" '
function expand(pat, lineno,    m, n, off) {
	while (match(pat, /\[\[@LINE([+-][0-9]+)?\]\]/)) {
		m = substr(pat, RSTART + 7, RLENGTH - 9)
		off = (m == "") ? 0 : m + 0
		pat = substr(pat, 1, RSTART - 1) (lineno + off) substr(pat, RSTART + RLENGTH)
	}
	return pat
}
FNR == NR {
	if (match($0, /\/\/ CHECK(-NOT)?: /)) {
		kind = (substr($0, RSTART, RLENGTH) ~ /NOT/) ? "not" : "check"
		pat = expand(substr($0, RSTART + RLENGTH), FNR)
		nc++; ckind[nc] = kind; cpat[nc] = pat; cline[nc] = FNR
	}
	next
}
{
	p = name ":"
	if (substr($0, 1, length(p)) != p && index($0, "/" p) == 0)
		next
	line = $0
	if (substr(line, 1, length(p)) == p)
		line = substr(line, length(p) + 1)
	else
		line = substr(line, index(line, "/" p) + length(p) + 1)
	no++; out[no] = line
}
END {
	bad = 0
	for (i = 1; i <= nc; i++) {
		hit = 0
		for (j = 1; j <= no; j++)
			if (substr(out[j], 1, length(cpat[i])) == cpat[i]) {
				hit = 1; used[j] = 1
			}
		if (ckind[i] == "check" && !hit) {
			printf "%s:%d: CHECK not found: %s\n", name, cline[i], cpat[i]; bad = 1
		}
		if (ckind[i] == "not" && hit) {
			printf "%s:%d: CHECK-NOT found: %s\n", name, cline[i], cpat[i]; bad = 1
		}
	}
	for (j = 1; j <= no; j++)
		if (!used[j]) {
			printf "%s: output line matched by no CHECK: %s\n", name, out[j]; bad = 1
		}
	exit bad
}' "$fixture" "$output"
