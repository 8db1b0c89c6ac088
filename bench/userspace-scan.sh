#!/bin/sh
# rwonce scan on real userspace concurrency libraries (issue 31's proof):
# each project built by its own build system with CFLAGS="-g -O2", by
# gcc 12 and clang 19, for x86-64, aarch64 and ppc64le (cross), then
# scanned twice -- unaided (discovery only), and with every once-macro and
# once-accessor of the project named by hand with --macro -- and the
# figures recorded: exit status, findings, site instances by verdict,
# sites checked, unattributed instances by reason.
#
#   bench/userspace-scan.sh [-o OUT] [-c CONFIGS] [-r RWONCE] [-b BUILDS]
#                           NAME=SRCDIR...
#
# NAME is one of ck (concurrencykit/ck), urcu (urcu/userspace-rcu),
# libatomic_ops (ivmai/libatomic_ops), and the projects tried later as a
# new user would, untuned: liburing (axboe/liburing), libbpf
# (libbpf/libbpf), nsync (google/nsync), mimalloc (microsoft/mimalloc),
# jemalloc (jemalloc/jemalloc); SRCDIR a checkout of it (nothing of
# theirs is kept in this repository: fetch them first, e.g. into
# /work/cache/src/NAME).  CONFIGS is a comma list of COMPILER-TARGET
# (default gcc-x86_64,clang-x86_64,gcc-aarch64,clang-aarch64,
# gcc-ppc64le,clang-ppc64le).  OUT (default /work/cache/userspace-scan)
# gets per run: build/NAME-CONFIG/ (a copy of the source, built in
# place), scan/NAME-CONFIG-{unaided,hand}.{txt,json,err}, the --macro
# list used, and results.tsv, one line per project x config x mode:
#
#   project config mode exit findings instances ok torn duplicated
#   widened unattributed sites_checked sites_total build
#
# -b BUILDS: do not build; scan the builds an earlier run left in
# BUILDS/NAME-CONFIG (its OUT/build) as they are -- to measure a new
# rwonce on the same objects (their DWARF names the paths under BUILDS).
#
# A build that fails is recorded as such (build=failed, its log kept) and
# the run goes on.  The findings are to be confirmed by hand from the
# instructions (objdump -dr on the object the JSON names).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
RWONCE=$root/build/rwonce
OUT=/work/cache/userspace-scan
CONFIGS=gcc-x86_64,clang-x86_64,gcc-aarch64,clang-aarch64,gcc-ppc64le,clang-ppc64le
JOBS=${JOBS:-2}
BUILDS=

usage() {
	echo "usage: $0 [-o OUT] [-c CONFIGS] [-r RWONCE] [-b BUILDS] NAME=SRCDIR..." >&2
	echo "  NAME: ck, urcu, libatomic_ops, liburing, libbpf, nsync, mimalloc or jemalloc" >&2
	exit 2
}
while getopts o:c:r:b: opt; do
	case $opt in
	b) BUILDS=$OPTARG ;;
	o) OUT=$OPTARG ;;
	c) CONFIGS=$OPTARG ;;
	r) RWONCE=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
[ -x "$RWONCE" ] || { echo "bench: $RWONCE is not an executable (make)" >&2; exit 2; }
for p in "$@"; do
	case ${p%%=*} in
	ck|urcu|libatomic_ops|liburing|libbpf|nsync|mimalloc|jemalloc) ;;
	*) echo "bench: ${p%%=*}: not a project this script builds (ck, urcu, libatomic_ops, liburing, libbpf, nsync, mimalloc, jemalloc)" >&2; exit 2 ;;
	esac
	[ -d "${p#*=}" ] || { echo "bench: ${p#*=}: not a folder" >&2; exit 2; }
done
mkdir -p "$OUT/build" "$OUT/scan" || exit 2
OUT=$(cd "$OUT" && pwd)
results=$OUT/results.tsv
[ -f "$results" ] ||
	printf 'project\tconfig\tmode\texit\tfindings\tinstances\tok\ttorn\tduplicated\twidened\tunattributed\tsites_checked\tsites_total\tbuild\n' >"$results"

# The compiler command (CC) and the GNU triplet of a config.
cc_of() {
	cc=${1%%-*} target=${1#*-}
	case $target in
	x86_64) triplet=x86_64-linux-gnu ;;
	aarch64) triplet=aarch64-linux-gnu ;;
	ppc64le) triplet=powerpc64le-linux-gnu ;;
	*) echo "bench: $1: unknown target" >&2; return 1 ;;
	esac
	case $cc in
	gcc)
		if [ "$target" = x86_64 ]; then CC=gcc-12; else CC=$triplet-gcc-12; fi
		command -v "$CC" >/dev/null || CC=$triplet-gcc
		;;
	clang)
		if [ "$target" = x86_64 ]; then CC=clang-19
		else CC="clang-19 --target=$triplet"; fi
		;;
	*) echo "bench: $1: unknown compiler" >&2; return 1 ;;
	esac
	command -v ${CC%% *} >/dev/null ||
		{ echo "bench: ${CC%% *} not installed" >&2; return 1; }
}

# Build project $1 from a copy of $2 into $3 for config $4; the
# archives (.a) it made are the files scanned.
build_one() {
	name=$1 src=$2 dir=$3 config=$4
	rm -rf "$dir"
	mkdir -p "$dir" && cp -a "$src/." "$dir/" || return 1
	cc_of "$config" || return 1
	# A cross clang is "clang-19 --target=T": as one executable for the
	# build systems that take CC for a path (ck's configure links with
	# the path it found, without the option).
	if [ "$CC" != "${CC%% *}" ]; then
		printf '#!/bin/sh\nexec %s "$@"\n' "$CC" >"$dir.cc" &&
			chmod +x "$dir.cc" || return 1
		CC=$dir.cc
	fi
	host=
	[ "$target" = x86_64 ] || host=--host=$triplet
	(
		cd "$dir" || exit 1
		case $name in
		ck)
			# ck's own configure: --platform instead of --host
			case $target in
			x86_64) plat=x86_64 ;;
			aarch64) plat=aarch64 ;;
			ppc64le) plat=ppc64 ;;
			esac
			# COMPILER: its configure runs a test program to
			# tell gcc from clang, which a cross build cannot
			CC=$CC COMPILER=$cc CFLAGS="-g -O2" ./configure --platform=$plat &&
				make -j"$JOBS" CC="$CC"
			;;
		urcu)
			./bootstrap && ./configure $host CC="$CC" CFLAGS="-g -O2" \
				--disable-shared && make -j"$JOBS" -C src
			;;
		libatomic_ops)
			set -- -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS="-g -O2" \
				-DBUILD_SHARED_LIBS=OFF -Dbuild_tests=OFF
			if [ "$target" != x86_64 ]; then
				set -- "$@" -DCMAKE_SYSTEM_NAME=Linux \
					-DCMAKE_SYSTEM_PROCESSOR=$target
			fi
			case $cc in
			gcc) set -- "$@" -DCMAKE_C_COMPILER="$CC" ;;
			clang) set -- "$@" -DCMAKE_C_COMPILER=clang-19 \
					-DCMAKE_C_COMPILER_TARGET=$triplet ;;
			esac
			cmake -S . -B _build "$@" && cmake --build _build -j "$JOBS"
			;;
		liburing)
			# its own configure; the library's two archives
			./configure --cc="$CC" &&
				make -j"$JOBS" -C src CFLAGS="-g -O2"
			;;
		libbpf)
			# the static library only (no shared object to link
			# against the cross libelf, which is not installed:
			# only its headers are needed)
			make -j"$JOBS" -C src BUILD_STATIC_ONLY=1 CC="$CC" \
				CFLAGS="-g -O2"
			;;
		nsync)
			# CMake; the C library only (the project declares C++
			# too: a cross g++ is not installed, clang++ stands in
			# for it and compiles nothing)
			set -- -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS="-g -O2" \
				-DNSYNC_ENABLE_TESTS=OFF \
				-DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
				-DCMAKE_CXX_COMPILER=clang++-19
			if [ "$target" != x86_64 ]; then
				# the compiler checks make a static library:
				# no cross libstdc++ to link a test program
				set -- "$@" -DCMAKE_SYSTEM_NAME=Linux \
					-DCMAKE_SYSTEM_PROCESSOR=$target \
					-DCMAKE_CXX_COMPILER_TARGET=$triplet \
					-DCMAKE_TRY_COMPILE_TARGET_TYPE=STATIC_LIBRARY
			fi
			case $cc in
			gcc) set -- "$@" -DCMAKE_C_COMPILER="$CC" ;;
			clang) set -- "$@" -DCMAKE_C_COMPILER=clang-19 \
					-DCMAKE_C_COMPILER_TARGET=$triplet ;;
			esac
			cmake -S . -B _build "$@" &&
				cmake --build _build -j "$JOBS" --target nsync
			;;
		mimalloc)
			# CMake; the static library only.  Build type None:
			# mimalloc would choose Release (-O3) without one
			set -- -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS="-g -O2" \
				-DMI_BUILD_SHARED=OFF -DMI_BUILD_OBJECT=OFF \
				-DMI_BUILD_TESTS=OFF
			if [ "$target" != x86_64 ]; then
				set -- "$@" -DCMAKE_SYSTEM_NAME=Linux \
					-DCMAKE_SYSTEM_PROCESSOR=$target \
					-DCMAKE_TRY_COMPILE_TARGET_TYPE=STATIC_LIBRARY
			fi
			case $cc in
			gcc) set -- "$@" -DCMAKE_C_COMPILER="$CC" ;;
			clang) set -- "$@" -DCMAKE_C_COMPILER=clang-19 \
					-DCMAKE_C_COMPILER_TARGET=$triplet ;;
			esac
			cmake -S . -B _build "$@" &&
				cmake --build _build -j "$JOBS" --target mimalloc-static
			;;
		jemalloc)
			# autoconf, then its configure; the static library
			# only.  A cross configure cannot run its page-size
			# probe: the sizes are given (4 KiB pages, 2 MiB huge
			# pages); no C++ (no cross g++ is installed)
			set -- --disable-cxx --disable-shared
			[ "$target" = x86_64 ] ||
				set -- "$@" $host --with-lg-page=12 --with-lg-hugepage=21
			autoconf && ./configure "$@" CC="$CC" CFLAGS="-g -O2" \
				EXTRA_CFLAGS= &&
				make -j"$JOBS" build_lib_static
			;;
		esac
	) >"$dir.log" 2>&1
}

# Every once-macro and once-accessor of a project, named by hand: the
# load/store primitives its public headers define, by name pattern
# (loads read-once, stores write-once; urcu's CMM_ACCESS_ONCE is an
# access-once).  One --macro NAME=KIND a line.
hand_macros() {
	name=$1 dir=$2
	case $name in
	ck)
		grep -rhoE '\bck_pr_(md_)?(load|store)_[a-z0-9_]+' "$dir/include"
		;;
	urcu)
		grep -rhoE '\b(_?CMM_(LOAD|STORE)_SHARED|CMM_ACCESS_ONCE|uatomic_(read|set)|_?rcu_dereference|_?rcu_assign_pointer|_?rcu_set_pointer)\b' \
			"$dir/include"
		;;
	libatomic_ops)
		grep -rhoE '\bAO_([a-z]+_)?(load|store)(_(acquire|release|read|write|full|acquire_read|release_write))?\b' \
			"$dir/src"
		;;
	liburing)
		# the once-macros and the acquire/release pair (one access
		# each too) of <liburing/barrier.h>
		printf '%s\n' IO_URING_READ_ONCE IO_URING_WRITE_ONCE \
			io_uring_smp_load_acquire io_uring_smp_store_release
		;;
	libbpf)
		# include/linux/compiler.h
		printf '%s\n' READ_ONCE WRITE_ONCE smp_load_acquire \
			smp_store_release
		;;
	nsync)
		# platform/*/atomic.h: ATM_LOAD(p) and ATM_STORE(p, v) take
		# a pointer to a 32-bit word
		printf '%s\n' ATM_LOAD ATM_LOAD_ACQ ATM_STORE ATM_STORE_REL
		;;
	mimalloc)
		# include/mimalloc/atomic.h: mi_atomic_(load|store)_* of a
		# pointer to an _Atomic, relaxed, acquire or release (the
		# _ptr_ forms take the pointee type first)
		grep -rhoE '\bmi_atomic_(load|store)(i64)?(_ptr)?_(relaxed|acquire|release)\b' \
			"$dir/include"
		;;
	jemalloc)
		# include/jemalloc/internal/atomic_*.h: the accessors
		# atomic_load_T(a, mo) and atomic_store_T(a, v, mo) that
		# JEMALLOC_GENERATE_ATOMICS pastes, for each T it is given
		grep -rhoE '\batomic_(load|store)_(p|b|u|zu|zd|u8|u32|u64)\b' \
			"$dir/include/jemalloc/internal"
		;;
	esac | sort -u | while read -r m; do
		case $m in
		CMM_ACCESS_ONCE) echo "--macro=$m=access-once" ;;
		*load*|*LOAD*|*read*|*READ*|*dereference*) echo "--macro=$m=read-once" ;;
		*) echo "--macro=$m=write-once" ;;
		esac
	done
}

# One field of scan's summary lines: "ok 152" -> 152.
field() {
	sed -n "s/.*[ ;,(]$1 \([0-9][0-9]*\).*/\1/p" "$2" | head -1
}

record() {
	name=$1 config=$2 mode=$3 rc=$4 txt=$5 status=$6
	# the summary lines are on stderr
	sum=$(cat "$txt" "${txt%.txt}.err" | grep '^rwonce scan: [0-9]* finding' | head -1)
	cov=$(cat "$txt" "${txt%.txt}.err" | grep '^rwonce scan: coverage:' | head -1)
	printf '%s\n' "$sum" >"$txt.sum"
	printf '%s\n' "$cov" >"$txt.cov"
	findings=$(printf '%s' "$sum" | sed -n 's/^rwonce scan: \([0-9]*\) finding.*/\1/p')
	instances=$(printf '%s' "$sum" | sed -n 's/.*; \([0-9]*\) site instances.*/\1/p')
	checked=$(printf '%s' "$cov" | sed -n 's/.*: \([0-9]*\) checked.*/\1/p')
	total=$(printf '%s' "$cov" | sed -n 's/^rwonce scan: coverage: \([0-9]*\) sites.*/\1/p')
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
		"$name" "$config" "$mode" "$rc" "${findings:--}" "${instances:--}" \
		"$(field ok "$txt.sum")" "$(field torn "$txt.sum")" \
		"$(field duplicated "$txt.sum")" "$(field widened "$txt.sum")" \
		"$(field unattributed "$txt.sum")" "${checked:--}" "${total:--}" \
		"$status" >>"$results"
}

IFS_SAVE=$IFS
projects=$*   # NAME=SRCDIR words, without blanks; "$@" is reused below
for p in $projects; do
	name=${p%%=*}
	src=$(cd "${p#*=}" && pwd)
	IFS=,
	for config in $CONFIGS; do
		IFS=$IFS_SAVE
		dir=$OUT/build/$name-$config
		if [ -n "$BUILDS" ]; then
			dir=$(cd "$BUILDS" && pwd)/$name-$config
			echo "bench: $name $config: the build in $dir" >&2
		else
			echo "bench: $name $config: building" >&2
		fi
		if [ -n "$BUILDS" ]; then
			[ -d "$dir" ]
		else
			build_one "$name" "$src" "$dir" "$config"
		fi
		if [ $? != 0 ]; then
			echo "bench: $name $config: build failed ($dir.log)" >&2
			for mode in unaided hand; do
				printf '%s\t%s\t%s\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\tfailed\n' \
					"$name" "$config" "$mode" >>"$results"
			done
			continue
		fi
		find "$dir" -name '*.a' | sort >"$OUT/scan/$name-$config.files"
		hand_macros "$name" "$src" >"$OUT/scan/$name-$config.macros"
		for mode in unaided hand; do
			base=$OUT/scan/$name-$config-$mode
			set --
			if [ "$mode" = hand ]; then
				while read -r m; do set -- "$@" "$m"; done \
					<"$OUT/scan/$name-$config.macros"
			fi
			while read -r f; do set -- "$@" "$f"; done \
				<"$OUT/scan/$name-$config.files"
			echo "bench: $name $config: scan $mode" >&2
			"$RWONCE" scan --no-progress -v -j1 --color=never "$@" \
				>"$base.txt" 2>"$base.err"
			rc=$?
			"$RWONCE" scan --no-progress -j1 --json "$@" \
				>"$base.json" 2>/dev/null
			record "$name" "$config" "$mode" "$rc" "$base.txt" built
		done
		IFS=,
	done
	IFS=$IFS_SAVE
done
column -t -s '	' "$results" 2>/dev/null || cat "$results"
