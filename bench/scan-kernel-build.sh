#!/bin/sh
# Build the real code that `rwonce scan` is checked against: Linux 6.1
# (Debian's linux-source-6.1) in a small SMP + PREEMPT configuration, with
# line tables, four ways -- x86-64 and 32-bit ARMv7, each with gcc and with
# clang 16 -- out of tree, each with its compile_commands.json; and a
# fifth, aarch64 with clang 16 and Tasks Trace RCU, for
# kernel/rcu/tasks.h's union rcu_special (doc/scan.md).
#
#   bench/scan-kernel-build.sh KBUILD_DIR [BUILD...]
#
# BUILD is one of x86_64-gcc x86_64-clang arm-gcc arm-clang aarch64-clang
# (default: the first four).  Results: KBUILD_DIR/BUILD/{vmlinux,compile_commands.json,*.o}.
# A build whose vmlinux is already there is left alone (delete the folder
# to redo it).  RWONCE_KBUILD_JOBS sets make's -j (default 2: the machine
# is shared), RWONCE_KBUILD_TARGETS what to build (default vmlinux).
#
# Why this configuration: tinyconfig is the smallest kernel that links;
# SMP is what makes arch_spinlock_t a real lock (ticket lock on ARM,
# qspinlock on x86) and brings in the SMP paths of RCU, the scheduler and
# mm/ that use READ_ONCE on lock and page-table words; PREEMPT adds the
# preemption counters; -O2 because that is what distributions ship
# (kb_small_config in bench/kernel-build-lib.sh).  -g comes from KCFLAGS
# (DWARF 5 by default in gcc 12 and clang 16), not from
# CONFIG_DEBUG_INFO, so that the configuration stays the same for all
# four.
set -eu

if [ $# -lt 1 ]; then
	echo "usage: $0 KBUILD_DIR [x86_64-gcc|x86_64-clang|arm-gcc|arm-clang|aarch64-clang]..." >&2
	exit 2
fi
kbuild=$(mkdir -p "$1" && cd "$1" && pwd)
shift
builds=${*:-x86_64-gcc x86_64-clang arm-gcc arm-clang}
jobs=${RWONCE_KBUILD_JOBS:-2}
targets=${RWONCE_KBUILD_TARGETS:-vmlinux}
tarball=/usr/src/linux-source-6.1.tar.xz
src=$kbuild/linux-source-6.1

. "$(dirname "$0")/kernel-build-lib.sh"
kb_need make bc flex bison perl python3 nice
kb_unpack "$tarball" "$kbuild" linux-source-6.1

# make_args BUILD: the make variables that choose arch and compiler.
make_args() {
	case $1 in
	x86_64-gcc)   echo "ARCH=x86_64" ;;
	x86_64-clang) echo "ARCH=x86_64 LLVM=-16" ;;
	arm-gcc)      echo "ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-" ;;
	arm-clang)    echo "ARCH=arm LLVM=-16" ;;
	aarch64-clang) echo "ARCH=arm64 LLVM=-16" ;;
	*) echo "$0: unknown build '$1'" >&2; exit 2 ;;
	esac
}

configure() {
	name=$1 out=$2 args=$3
	kb_small_config "$src" "$out" "$args"
	cfg() { "$src/scripts/config" --file "$out/.config" "$@"; }
	case $name in
	arm-*)
		# tinyconfig on ARM is a no-MMU ARMv7-M; ask for an MMU, the
		# multi-platform ARMv7 kernel and the "virt" board (QEMU's), so
		# that SMP is possible and the ticket spinlock gets built.  The
		# ARMv7-M start leaves THUMB2_KERNEL set; Debian's armhf kernel
		# is ARM code, so is this one.
		cfg -e MMU -e ARCH_MULTIPLATFORM -e ARCH_MULTI_V7 -e ARCH_VIRT \
		    -e AEABI -d THUMB2_KERNEL
		;;
	x86_64-*)
		cfg -e 64BIT
		;;
	aarch64-*)
		# Tasks Trace RCU (kernel/rcu/tasks.h: union rcu_special read
		# by READ_ONCE), which BPF would select
		cfg -e RCU_EXPERT -e FORCE_TASKS_TRACE_RCU
		;;
	esac
	# shellcheck disable=SC2086
	make -s -C "$src" O="$out" $args olddefconfig >/dev/null
}

build_one() {
	name=$1
	out=$kbuild/$name
	args=$(make_args "$name")
	case $name in
	*-gcc) case $name in arm-*) kb_need arm-linux-gnueabihf-gcc ;; *) kb_need gcc ;; esac ;;
	*-clang) kb_need clang-16 ld.lld-16 llvm-ar-16 llvm-objcopy-16 ;;
	esac
	if [ -f "$out/vmlinux" ] && [ "$targets" = vmlinux ]; then
		echo "scan-kernel-build: $name: $out/vmlinux already built" >&2
		return 0
	fi
	mkdir -p "$out"
	# Configure once: redoing it on a configured build would only risk
	# rebuilding everything.
	[ -f "$out/.config" ] || configure "$name" "$out" "$args"
	kb_config_has "$out" "$name" CONFIG_SMP=y CONFIG_PREEMPT=y CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE=y
	echo "scan-kernel-build: $name: building $targets (make -j$jobs)" >&2
	# shellcheck disable=SC2086
	nice -n 10 make -s -C "$src" O="$out" $args KCFLAGS=-g -j"$jobs" $targets
	kb_compile_commands "$src" "$out"
	echo "scan-kernel-build: $name: done: $(kb_summary "$out")" >&2
}

for b in $builds; do
	build_one "$b"
done
