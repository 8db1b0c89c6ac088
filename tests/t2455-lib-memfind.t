#!/bin/sh
# mem_find() (src/lib/memfind.h), the AVX2/SSE2 search for the short words
# audit, discovery and the tree type index look for in every file of a
# tree (issue #35: glibc's memmem() passes were 12 % of an audit of the
# kernel), must answer as memmem() does: the first occurrence or none,
# for needles of every length (0-20, on both sides of the 16-byte
# blocks it compares), at every offset, in buffers full of partial
# matches.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
. "$RWONCE_ROOT/tests/lib/simd-check.sh"
simd_checks lib memfind searches 'memmem()' '16 positions'
test_done
