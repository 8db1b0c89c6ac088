#!/bin/sh
# scan's discovery looks for each #include <name> in every folder a named
# source is in; on Debian's vmlinux 27,000 of those 29,852 tries were
# access() calls that found nothing (issue 35).  Now each folder tried
# is listed once (readdir, src/cfront/dir-entries.c): a path whose
# folder's listing lacks it is not there without a system call; one the
# listing has is asked of access() as before.  The test hook
# RWONCE_TEST_SCAN_DISCOVER_STATS counts both.  Here src/a.c includes
# "local.h" (next to it), <lib/types.h> (named in the line table, so
# include/lib is an include folder), <lib/macros.h> (macros only, never
# named: found through that folder, MY_READ discovered in it), and in
# an #if 0 <ghost.h> (tried in src/ and include/lib/), <lib/ghost.h>
# (include/lib/) and <sub/none.h> (no folder ends with sub): 3 paths
# asked of access() -- the three that are there.  And since every
# folder of the sources is listed, a name that none of them holds is
# not looked for in each (ghost.h, lib/ghost.h, sub/none.h: 3 names, no
# path made); the macro and the counts of names found and not found are
# as before.  Once src/ghost.h is there, ghost.h is looked for in each
# folder: include/lib/ghost.h (twice: <ghost.h>, <lib/ghost.h>) answered
# by the listing.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

mkdir -p "$TEST_TMP/p/src" "$TEST_TMP/p/include/lib" && cd "$TEST_TMP/p" || exit 1
cat >src/a.c <<'C'
#include "local.h"
#include <lib/types.h>
#include <lib/macros.h>
#if 0
#include <ghost.h>
#include <lib/ghost.h>
#include <sub/none.h>
#endif
lib_t g;
struct loc l;
int get(void)
{
	return MY_READ(g) + MY_READ(l.v);
}
C
echo 'struct loc { int v; };' >src/local.h
echo 'typedef int lib_t;' >include/lib/types.h
printf '/* never named in a line table: macros only */\n#define MY_READ(x) (*(volatile __typeof__(x) *)&(x))\n' >include/lib/macros.h
gcc -O2 -g -Iinclude -c src/a.c -o a.o || exit 1

test_expect_success 'names no folder holds are looked for in none' '
	RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan -v --no-source a.o >out 2>err &&
	grep -q "; include paths: 3 asked of access(), 0 not there by the listings of 2 folders; 3 include names in none of them$" err
'

test_expect_success 'the macro of the header never named is found as before' '
	grep -q "^rwonce scan: discovery: .MY_READ. is a once-macro of this tree (access-once, volatile cast): .*include/lib/macros.h:2 defines it as a volatile cast of its argument .x.$" err &&
	grep -q "^rwonce scan: discovery: 1 once-macro found in 3 sources; of the names #included from them, 2 found in the include folders, 3 not$" err &&
	grep -q "^rwonce scan: 0 findings; 2 site instances: ok 2," err
'

test_expect_success 'a header put where a listing said nothing was is found by a new run' '
	printf "#define GHOST_READ(x) (*(volatile __typeof__(x) *)&(x))\n" >src/ghost.h &&
	RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan -v --no-source a.o >out 2>err &&
	grep -q "discovery: .GHOST_READ. is a once-macro of this tree" err &&
	grep -q "; include paths: 4 asked of access(), 2 not there by the listings of 2 folders; 1 include names in none of them$" err
'
test_done
