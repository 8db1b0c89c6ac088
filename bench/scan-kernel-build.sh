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
# preemption counters.  tinyconfig asks for -Os; we build at -O2
# (CC_OPTIMIZE_FOR_PERFORMANCE), the kernel's default, because that is
# what distributions ship.  -g comes from KCFLAGS (DWARF 5 by default in
# gcc 12 and clang 16), not from CONFIG_DEBUG_INFO, so that the
# configuration stays the same for all four.
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

need() {
	for c in "$@"; do
		command -v "$c" >/dev/null 2>&1 && continue
		echo "$0: $c not found (Debian packages: see deps/full/scan-real.txt)" >&2
		exit 2
	done
}
need make bc flex bison perl python3 nice

if [ ! -d "$src" ]; then
	if [ ! -f "$tarball" ]; then
		echo "$0: $tarball missing: apt-get install linux-source-6.1" >&2
		exit 2
	fi
	echo "scan-kernel-build: unpacking $tarball into $kbuild" >&2
	rm -rf "$kbuild/.unpack"
	mkdir "$kbuild/.unpack"
	tar -xJf "$tarball" -C "$kbuild/.unpack"
	mv "$kbuild/.unpack/linux-source-6.1" "$src"
	rmdir "$kbuild/.unpack"
fi

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
	# shellcheck disable=SC2086 # $args is a list of make variables
	make -s -C "$src" O="$out" $args tinyconfig >/dev/null
	cfg() { "$src/scripts/config" --file "$out/.config" "$@"; }
	cfg -e SMP -d PREEMPT_NONE -d PREEMPT_VOLUNTARY -e PREEMPT \
	    -d CC_OPTIMIZE_FOR_SIZE -e CC_OPTIMIZE_FOR_PERFORMANCE \
	    -e PRINTK -e FUTEX -e EPOLL -e MULTIUSER
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
	*-gcc) case $name in arm-*) need arm-linux-gnueabihf-gcc ;; *) need gcc ;; esac ;;
	*-clang) need clang-16 ld.lld-16 llvm-ar-16 llvm-objcopy-16 ;;
	esac
	if [ -f "$out/vmlinux" ] && [ "$targets" = vmlinux ]; then
		echo "scan-kernel-build: $name: $out/vmlinux already built" >&2
		return 0
	fi
	mkdir -p "$out"
	# Configure once: redoing it on a configured build would only risk
	# rebuilding everything.
	[ -f "$out/.config" ] || configure "$name" "$out" "$args"
	for want in CONFIG_SMP=y CONFIG_PREEMPT=y CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE=y; do
		grep -qx "$want" "$out/.config" || {
			echo "$0: $name: $want did not stick in $out/.config" >&2
			exit 2
		}
	done
	echo "scan-kernel-build: $name: building $targets (make -j$jobs)" >&2
	# shellcheck disable=SC2086
	nice -n 10 make -s -C "$src" O="$out" $args KCFLAGS=-g -j"$jobs" $targets
	(cd "$out" && python3 "$src/scripts/clang-tools/gen_compile_commands.py" -d "$out" -o "$out/compile_commands.json")
	echo "scan-kernel-build: $name: done, $(grep -c '"file"' "$out/compile_commands.json") compile commands" >&2
}

for b in $builds; do
	build_one "$b"
done
