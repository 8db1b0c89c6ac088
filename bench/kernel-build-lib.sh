# shellcheck shell=sh disable=SC3043 # local: dash and bash have it
# Shell functions shared by the scripts that build Linux for `rwonce
# scan`'s real-code records: bench/scan-kernel-build.sh (Linux 6.1, small
# configurations) and bench/kernel-6.12-build.sh (Linux 6.12, whole
# builds).  Sourced, not run.  Every build is out of tree and ends with
# the kernel's own compile_commands.json.  The functions keep their
# variables `local` (dash and bash have it) so that they cannot change the
# caller's.

# kb_need CMD...: stop (exit 2) naming the first command that is missing.
kb_need() {
	local c
	for c in "$@"; do
		command -v "$c" >/dev/null 2>&1 && continue
		echo "$0: $c not found (Debian packages: see deps/full/scan-real.txt)" >&2
		exit 2
	done
}

# kb_unpack TARBALL DIR NAME: unpack Debian's linux-source-X tarball
# (whose top folder is NAME) into DIR/NAME unless it is there.  The
# tarball is unpacked beside and moved into place, so an interrupted
# unpack is never taken for a source tree.
kb_unpack() {
	local tarball="$1" dir="$2" name="$3"
	[ -f "$dir/$name/Makefile" ] && return 0
	if [ -e "$dir/$name" ]; then
		echo "$0: $dir/$name is there but holds no kernel tree (no Makefile): remove it to unpack again" >&2
		exit 2
	fi
	if [ ! -f "$tarball" ]; then
		echo "$0: $tarball missing: apt-get install $name" >&2
		exit 2
	fi
	echo "$(basename "$0"): unpacking $tarball into $dir" >&2
	rm -rf "$dir/.unpack"
	mkdir "$dir/.unpack"
	tar -xJf "$tarball" -C "$dir/.unpack"
	mv "$dir/.unpack/$name" "$dir/$name"
	rmdir "$dir/.unpack"
}

# kb_small_config SRC OUT ARGS: the small configuration of the real-code
# record -- tinyconfig, then SMP (what makes arch_spinlock_t a real lock
# and builds the SMP paths of the scheduler, RCU and mm/), PREEMPT (the
# preemption counters) and -O2 (CC_OPTIMIZE_FOR_PERFORMANCE: tinyconfig
# asks for -Os, distributions ship -O2), with printk, futexes, epoll and
# users.  The caller adds what its architecture needs and runs
# olddefconfig.  ARGS: the make variables that choose arch and compiler.
kb_small_config() {
	local src="$1" out="$2" args="$3"
	# shellcheck disable=SC2086 # $args is a list of make variables
	make -s -C "$src" O="$out" $args tinyconfig >/dev/null
	"$src/scripts/config" --file "$out/.config" \
		-e SMP -d PREEMPT_NONE -d PREEMPT_VOLUNTARY -e PREEMPT \
		-d CC_OPTIMIZE_FOR_SIZE -e CC_OPTIMIZE_FOR_PERFORMANCE \
		-e PRINTK -e FUTEX -e EPOLL -e MULTIUSER
}

# kb_config_has OUT NAME LINE...: stop (exit 2) unless every LINE (e.g.
# CONFIG_SMP=y, or "# CONFIG_X is not set") is in OUT/.config -- a
# Kconfig dependency can silently drop what was asked for.
kb_config_has() {
	local out="$1" name="$2" want
	shift 2
	for want in "$@"; do
		grep -qx "$want" "$out/.config" && continue
		echo "$0: $name: '$want' did not stick in $out/.config" >&2
		exit 2
	done
}

# kb_compile_commands SRC OUT: OUT/compile_commands.json from the .cmd
# files kbuild left in OUT (scripts/clang-tools/gen_compile_commands.py).
kb_compile_commands() {
	local src="$1" out="$2"
	(cd "$out" && python3 "$src/scripts/clang-tools/gen_compile_commands.py" \
		-d "$out" -o "$out/compile_commands.json")
}

# kb_summary OUT: what a build holds, for the records (one line):
# compile commands, objects and how many have line tables (a .debug_line
# section), modules, vmlinux, size on disk.
kb_summary() {
	local out="$1" objs lined kos
	objs=$(find "$out" -name '*.o' | wc -l)
	lined=$(find "$out" -name '*.o' -exec sh -c \
		'for o; do readelf -S -W "$o" | grep -q " \.debug_line " && echo; done' sh {} + | wc -l)
	kos=$(find "$out" -name '*.ko' | wc -l)
	echo "$(grep -c '"file"' "$out/compile_commands.json" 2>/dev/null) compile commands," \
	     "$objs objects ($lined with line tables), $kos modules," \
	     "vmlinux $( [ -f "$out/vmlinux" ] && echo built || echo missing)," \
	     "$(du -sh "$out" | cut -f1) on disk"
}
