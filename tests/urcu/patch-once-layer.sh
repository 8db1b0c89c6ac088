#!/bin/sh
# tests/urcu/patch-once-layer.sh SRCDIR -- route liburcu's once-access
# layer through rwonce.h, mechanically, in an unpacked copy of liburcu's
# source (never in anything installed):
#
#   include/urcu/compiler.h  CMM_ACCESS_ONCE(x)      -> RWONCE_ACCESS(x)
#                            (and #include <rwonce.h> under
#                            RWONCE_NO_SHORT_NAMES, so that liburcu's
#                            users keep their own READ_ONCE, if any)
#   include/urcu/system.h    _CMM_LOAD_SHARED(p)     -> RWONCE_READ(p)
#                            _CMM_STORE_SHARED(x, v) -> RWONCE_WRITE, still
#                            yielding the value stored, as before
#
# liburcu's barriers (cmm_smp_rmc, cmm_smp_wmc, cmm_barrier) stay as they
# are.  Each edit must match exactly one line of the file; if the source
# changed and a pattern no longer matches, the script fails (status 2)
# rather than leave the layer half converted.  The build then needs
# -I<rwonce>/include.
set -eu

src=${1:?usage: patch-once-layer.sh SRCDIR}
compiler=$src/include/urcu/compiler.h
system=$src/include/urcu/system.h

# edit FILE PATTERN SED-SCRIPT: apply SED-SCRIPT when PATTERN (ERE)
# matches exactly one line of FILE.
edit() {
	n=$(grep -cE "$2" "$1" || true)
	if [ "$n" != 1 ]; then
		echo "rwonce: error: $1: expected one line matching /$2/, found $n; liburcu changed, update $0" >&2
		exit 2
	fi
	sed -E -i "$3" "$1"
}

edit "$compiler" '^#define[[:space:]]+CMM_ACCESS_ONCE\(x\)' \
	's|^#define[[:space:]]+CMM_ACCESS_ONCE\(x\).*|#ifndef RWONCE_NO_SHORT_NAMES\
#define RWONCE_NO_SHORT_NAMES\
#endif\
#include <rwonce.h>\
#define CMM_ACCESS_ONCE(x)\tRWONCE_ACCESS(x)|'

edit "$system" '^#define[[:space:]]+_CMM_LOAD_SHARED\(p\)' \
	's|^#define[[:space:]]+_CMM_LOAD_SHARED\(p\).*|#define _CMM_LOAD_SHARED(p)\tRWONCE_READ(p)|'

# The old macro's value was the volatile assignment's; the value stored
# (converted to x's type) is the same number without re-reading x.
edit "$system" '^#define[[:space:]]+_CMM_STORE_SHARED\(x, v\)' \
	's|^#define[[:space:]]+_CMM_STORE_SHARED\(x, v\).*|#define _CMM_STORE_SHARED(x, v)\t__extension__ ({ __typeof__(x) _rwonce_stored = (v); RWONCE_WRITE(x, _rwonce_stored); _rwonce_stored; })|'

# Nothing of the old volatile cast may remain in the layer.
if grep -n '__volatile__[[:space:]]*__typeof__' "$compiler" "$system"; then
	echo "rwonce: error: a volatile cast is left in liburcu's once layer" >&2
	exit 2
fi
