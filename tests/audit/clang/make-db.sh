#!/bin/sh
# make-db.sh OUT_DIR SRC_DIR -- write OUT_DIR/compile_commands.json for the
# clang engine's fixtures in SRC_DIR, the way `bear` would record them:
# one "arguments" entry per unit, word32.c built for a 32-bit target.
out=$1 src=$2
units="typedefs.c macros.c anon.c aggregate.c word32.c broken.c ifdef.c"
{
	printf '[\n'
	sep=
	for f in $units; do
		m32=
		[ "$f" = word32.c ] && m32='"-m32", '
		printf '%s  {"directory": "%s", "file": "%s", "arguments": ["cc", %s"-std=gnu11", "-O2", "-c", "-o", "%s", "%s"]}' \
			"$sep" "$src" "$f" "$m32" "${f%.c}.o" "$f"
		sep=',
'
	done
	printf '\n]\n'
} >"$out/compile_commands.json"
