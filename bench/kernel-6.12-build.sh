#!/bin/sh
# Build the current kernel for `rwonce scan`'s record of it
# (doc/findings/linux-6.12.md): Linux 6.12 LTS (Debian's
# linux-source-6.12) in its own standard configurations, vmlinux and
# modules, with line tables, by its own build system, out of tree, each
# with its compile_commands.json.
#
#   bench/kernel-6.12-build.sh KBUILD_DIR [BUILD...]
#
#   BUILD          configuration                          compiler
#   x86_64-clang   x86_64 defconfig                       clang 19 (LLVM=-19)
#   riscv64-clang  the small one of scan-kernel-build.sh  clang 19 (ARCH=riscv)
#   x86_64-gcc     x86_64 defconfig                       gcc 12 (the control)
#   arm64-clang    arm64 defconfig                        clang 19
#   arm-clang      multi_v7_defconfig (32-bit ARMv7)      clang 19
#   arm-gcc        multi_v7_defconfig                     gcc 12 (arm-linux-gnueabihf-;
#                  not in the default list: the control for patch 0003)
#
# Default: all five in that order.  Results: KBUILD_DIR/BUILD/{vmlinux,
# **/*.ko, **/*.o, compile_commands.json}, make's output in
# KBUILD_DIR/BUILD/make.log.
#
# Resumable: run it again and make carries on where it stopped; each run
# appends its start, end and exit status to KBUILD_DIR/BUILD/BUILD-TIMES
# (the build's wall time is the sum), and a build that finished with the
# same targets (KBUILD_DIR/BUILD/DONE) is left alone.  make runs with -k:
# an object that does not compile is named in make.log and the rest is
# still built; the run then exits 1 and writes no DONE.
#
# RWONCE_KBUILD_TARGETS: what to build (default "vmlinux modules";
# riscv64-clang has no modules: "vmlinux").  Where a whole build does not
# fit in the time there is, name vmlinux and folders instead, e.g.
# "vmlinux drivers/net/ fs/": kbuild builds every object, built-in or
# module, under a folder given with its trailing slash.
# RWONCE_KBUILD_JOBS: make's -j (default 2: the machine is shared).
#
# Line tables: the kernel's own CONFIG_DEBUG_INFO_DWARF5 on every build
# (not KCFLAGS=-g, so that assembly gets line tables too and the build
# system knows), not CONFIG_DEBUG_INFO_REDUCED (arm64's defconfig asks
# for it: it leaves out the struct types scan reads an operand's size
# from), and compressed with zlib (CONFIG_DEBUG_INFO_COMPRESSED_ZLIB,
# -gz=zlib): a whole defconfig build's debug sections take several times
# the disk otherwise, and libdw (so rwonce scan) and objdump read zlib
# sections as they are -- scan's output on a zlib-compressed object is
# the same as on the uncompressed one.  Not zstd: Debian 12's libdw
# (elfutils 0.188) cannot read it.  All five configurations already have
# DEBUG_KERNEL, which debug info needs; BUILD/config.base is the
# configuration before the debug-info settings, so that a diff against
# BUILD/.config shows they changed nothing else.  The x86_64 clang and
# gcc configurations differ only in what Kconfig derives from the
# compiler (CC_IS_CLANG, AS_IS_LLVM, USE_X86_SEG_SUPPORT with gcc...).
set -eu

if [ $# -lt 1 ]; then
	echo "usage: $0 KBUILD_DIR [x86_64-clang|riscv64-clang|x86_64-gcc|arm64-clang|arm-clang|arm-gcc]..." >&2
	exit 2
fi
kbuild=$(mkdir -p "$1" && cd "$1" && pwd)
shift
builds=${*:-x86_64-clang riscv64-clang x86_64-gcc arm64-clang arm-clang}
jobs=${RWONCE_KBUILD_JOBS:-2}
tarball=/usr/src/linux-source-6.12.tar.xz
src=$kbuild/linux-source-6.12
me=kernel-6.12-build

. "$(dirname "$0")/kernel-build-lib.sh"
kb_need make bc flex bison perl python3 nice readelf
kb_unpack "$tarball" "$kbuild" linux-source-6.12

# make_args BUILD: the make variables that choose arch and compiler.
make_args() {
	case $1 in
	x86_64-clang)  echo "ARCH=x86_64 LLVM=-19" ;;
	riscv64-clang) echo "ARCH=riscv LLVM=-19" ;;
	x86_64-gcc)    echo "ARCH=x86_64" ;;
	arm64-clang)   echo "ARCH=arm64 LLVM=-19" ;;
	arm-clang)     echo "ARCH=arm LLVM=-19" ;;
	arm-gcc)       echo "ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-" ;;
	*) echo "$0: unknown build '$1'" >&2; exit 2 ;;
	esac
}

configure() {
	name=$1 out=$2 args=$3
	cfg() { "$src/scripts/config" --file "$out/.config" "$@"; }
	case $name in
	riscv64-*)
		kb_small_config "$src" "$out" "$args"
		# tinyconfig's riscv is already 64-bit with an MMU (the
		# defaults of its choices), which SMP needs.
		cfg -e 64BIT -e MMU
		;;
	arm-*)
		# shellcheck disable=SC2086 # $args is a list of make variables
		make -s -C "$src" O="$out" $args multi_v7_defconfig >/dev/null ;;
	*)
		# shellcheck disable=SC2086
		make -s -C "$src" O="$out" $args defconfig >/dev/null ;;
	esac
	# shellcheck disable=SC2086
	make -s -C "$src" O="$out" $args olddefconfig >/dev/null
	cp "$out/.config" "$out/config.base"
	cfg -e DEBUG_KERNEL \
	    -d DEBUG_INFO_NONE -d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT \
	    -d DEBUG_INFO_DWARF4 -e DEBUG_INFO_DWARF5 -d DEBUG_INFO_REDUCED \
	    -d DEBUG_INFO_COMPRESSED_NONE -e DEBUG_INFO_COMPRESSED_ZLIB \
	    -d DEBUG_INFO_COMPRESSED_ZSTD -d DEBUG_INFO_SPLIT -d DEBUG_INFO_BTF
	# shellcheck disable=SC2086
	make -s -C "$src" O="$out" $args olddefconfig >/dev/null
}

build_one() {
	name=$1
	out=$kbuild/$name
	args=$(make_args "$name")
	targets=${RWONCE_KBUILD_TARGETS:-}
	case $name in
	riscv64-*) targets=${targets:-vmlinux} ;;
	*) targets=${targets:-vmlinux modules} ;;
	esac
	case $name in
	arm-gcc) kb_need arm-linux-gnueabihf-gcc arm-linux-gnueabihf-ld ;;
	*-gcc) kb_need gcc ld ;;
	*-clang) kb_need clang-19 ld.lld-19 llvm-ar-19 llvm-nm-19 llvm-objcopy-19 llvm-strip-19 ;;
	esac
	if [ -f "$out/DONE" ] && [ "$(cat "$out/DONE")" = "$targets" ]; then
		echo "$me: $name: already built ($targets): $(kb_summary "$out")" >&2
		return 0
	fi
	mkdir -p "$out"
	rm -f "$out/DONE"
	# Configure once: redoing it on a configured build would only risk
	# rebuilding everything.
	[ -f "$out/.config" ] || configure "$name" "$out" "$args"
	kb_config_has "$out" "$name" CONFIG_DEBUG_INFO=y CONFIG_DEBUG_INFO_DWARF5=y \
		CONFIG_DEBUG_INFO_COMPRESSED_ZLIB=y "# CONFIG_DEBUG_INFO_REDUCED is not set"
	case $name in
	riscv64-*)
		kb_config_has "$out" "$name" CONFIG_64BIT=y CONFIG_SMP=y CONFIG_PREEMPT=y \
			CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE=y ;;
	esac
	start=$(date +%s)
	echo "run $start $(date -u -d @"$start" +%FT%TZ) start, targets: $targets" >>"$out/BUILD-TIMES"
	echo "$me: $name: building $targets (make -j$jobs -k), output in $out/make.log" >&2
	# shellcheck disable=SC2086
	if nice -n 19 make -C "$src" O="$out" $args -k -j"$jobs" $targets >>"$out/make.log" 2>&1; then
		rc=0
	else
		rc=$?
	fi
	end=$(date +%s)
	echo "run $start $(date -u -d @"$end" +%FT%TZ) end, exit $rc, $((end - start)) s" >>"$out/BUILD-TIMES"
	kb_compile_commands "$src" "$out"
	wall=$(awk '/ end, / { s += $(NF - 1) } END { print s + 0 }' "$out/BUILD-TIMES")
	echo "$me: $name: make exit $rc, wall $wall s over all runs: $(kb_summary "$out")" >&2
	[ $rc -eq 0 ] || return $rc
	echo "$targets" >"$out/DONE"
}

status=0
for b in $builds; do
	build_one "$b" || status=1
done
exit $status
