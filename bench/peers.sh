# Shared by the library benchmarks (bench/lib-*.sh): the peers that
# rwonce's READ_ONCE/WRITE_ONCE are measured against, and how to compile
# against each.  Each peer is a small header in bench/peers/ defining
# PEER_SHARED(T) (how a shared object is declared), PEER_READ(x) and
# PEER_WRITE(x, v).
#
#   volatile   *(volatile typeof(x) *)&(x), the pre-2014 ACCESS_ONCE
#   rwonce     include/rwonce.h
#   kernel     Linux's asm-generic/rwonce.h from Debian's
#              linux-headers-*-common (the newest in /usr/src, or
#              $RWONCE_KERNEL_HEADERS); bench/install-peers installs it
#   urcu       liburcu's CMM_LOAD_SHARED/CMM_STORE_SHARED (liburcu-dev)
#   c11        atomic_load_explicit/atomic_store_explicit, relaxed

BENCH_ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck disable=SC2034 # for the scripts that source this
PEERS="volatile rwonce kernel urcu c11"

# shellcheck disable=SC2012 # the names are Debian package paths
KERNEL_HEADERS=${RWONCE_KERNEL_HEADERS:-$(ls -d /usr/src/linux-headers-*-common 2>/dev/null | sort -V | tail -n 1)}

# Flags that make peer $1's header usable, on stdout; status 1 (and the
# reason on stdout) when the peer is not installed.
peer_flags() {
	case $1 in
	kernel)
		if [ -z "$KERNEL_HEADERS" ] || [ ! -f "$KERNEL_HEADERS/include/asm-generic/rwonce.h" ]; then
			echo "no linux-headers-*-common in /usr/src (run bench/install-peers)"
			return 1
		fi
		echo "-D__KERNEL__ -I$BENCH_ROOT/bench/kernel-shim" \
			"-I$KERNEL_HEADERS/include -I$KERNEL_HEADERS/arch/x86/include" \
			"-I$KERNEL_HEADERS/include/uapi -I$KERNEL_HEADERS/arch/x86/include/uapi" \
			"-include $KERNEL_HEADERS/include/linux/kconfig.h"
		;;
	urcu)
		if ! echo '#include <urcu/system.h>' | cc -E -x c - >/dev/null 2>&1; then
			echo "liburcu-dev not installed"
			return 1
		fi
		echo ""
		;;
	rwonce)
		echo "-I$BENCH_ROOT/include"
		;;
	*)
		echo ""
		;;
	esac
}

peer_header() {
	echo "$BENCH_ROOT/bench/peers/$1.h"
}

# CPU milliseconds (user + system) that a command's processes used: less
# disturbed by other load on the machine than wall-clock time.  `times`
# runs in this shell (a redirection does not fork), its second line is
# the children's total; 10 ms resolution.
_children_s() { # FILE written by `times`: the children's user+sys seconds
	awk 'NR == 2 {
		t = 0
		for (i = 1; i <= 2; i++) {
			split($i, p, "m"); sub(/s$/, "", p[2]); t += p[1] * 60 + p[2]
		}
		print t
	}' "$1"
}
cpu_ms() { # TMPFILE COMMAND...
	_tf=$1
	shift
	times >"$_tf.0"
	"$@" >/dev/null 2>&1 || return 1
	times >"$_tf.1"
	awk -v a="$(_children_s "$_tf.0")" -v b="$(_children_s "$_tf.1")" \
		'BEGIN { printf "%d\n", (b - a) * 1000 + 0.5 }'
}

# ratio A B: A/B to two decimals.
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "n/a"; else printf "%.2f\n", a / b }'
}
