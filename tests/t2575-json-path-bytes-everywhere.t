#!/bin/sh
# Every path member of the JSON reports names a file whose name is not
# UTF-8 exactly: the U+FFFD spelling keeps the output valid UTF-8, and
# "path_bytes" (or "object_bytes") gives the bytes as %XX.  The findings'
# and "unchecked" paths had it; audit's "once_macros", the codequality
# report's locations, and scan's "site_instances" (path and object),
# "once_macros" and "no_code_sites" wrote only the U+FFFD spelling, which
# two names differing in one bad byte share.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3
need_cmd gcc python3

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
dir=$(printf 'bad\377dir')
src=$(printf 'x\376.c')
obj=$(printf 'o\375.o')
mkdir "$dir"
cat >"$dir/$src" <<'EOF2'
#define MYREAD(x) (*(volatile __typeof__(x) *)&(x))
int f(int *p)
{
	return *(volatile int *)p + MYREAD(*p);
}
static inline int never(int *p) { return MYREAD(*p); }
EOF2

# check FILE PYTHON-EXPR...: each expression true of d (the JSON), with
# exact(m, key) the bytes m's key_bytes gives back
check() {
	f=$1
	shift
	python3 - "$f" "$dir/$src" "$obj" "$@" <<'EOF2'
import json, sys, urllib.parse
d = json.load(open(sys.argv[1]))
want = sys.argv[2].encode("utf-8", "surrogateescape")
want_obj = sys.argv[3].encode("utf-8", "surrogateescape")
def exact(m, key):
    return urllib.parse.unquote_to_bytes(m[key + "_bytes"])
def ends(m, key, tail):
    return "\ufffd" in m[key] and exact(m, key).endswith(tail)
for e in sys.argv[4:]:
    if not eval(e):
        print("false:", e)
        sys.exit(1)
EOF2
}

test_expect_success 'audit --format=json: once_macros names the file exactly' "
	'$RWONCE' audit --format=json --no-progress . >a.json 2>a.err; test \$? = 1 &&
	check a.json 'all(ends(f, \"path\", want) for f in d[\"findings\"])' \
		'[ends(m, \"path\", want) for m in d[\"once_macros\"]] == [True]'"

test_expect_success 'audit --format=codequality: each location names the file exactly' "
	'$RWONCE' audit --format=codequality --no-progress . >c.json 2>c.err; test \$? = 1 &&
	check c.json 'len(d) > 0 and all(ends(f[\"location\"], \"path\", want) for f in d)'"

test_expect_success 'scan --json: instances, once_macros and sites without code name file and object exactly' "
	gcc -O2 -g -c '$dir/$src' -o '$obj' &&
	'$RWONCE' scan --json '$obj' >s.json 2>s.err; test \$? = 0 &&
	check s.json 'len(d[\"site_instances\"]) > 0' \
		'all(ends(i, \"path\", want) and exact(i, \"object\") == want_obj for i in d[\"site_instances\"])' \
		'[ends(m, \"path\", want) for m in d[\"once_macros\"]] == [True]' \
		'len(d[\"no_code_sites\"]) > 0 and all(ends(s, \"path\", want) for s in d[\"no_code_sites\"])'"

test_done
