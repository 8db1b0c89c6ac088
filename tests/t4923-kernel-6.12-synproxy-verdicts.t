#!/bin/sh
# The nft_synproxy rows of doc/findings/linux-6.12.md ("nft_synproxy: the
# three candidates since 210d95e"), rescanned: the sweep's twelve
# +synproxy builds of net/netfilter/nft_synproxy.o (six architectures,
# clang 19 and gcc 12) and the verdict scan gives at lines 50, 81 (the two
# READ_ONCE(priv->info)) and 342 (the WRITE_ONCE): torn on riscv64 with
# both compilers (2-byte halves: the struct is only 2-byte aligned), torn
# with s390x clang 19 too (a call of memcpy(..., 4), which scan said was
# no memory access at the site until it knew copy calls: the sweep's
# "cannot tell" then), one access everywhere else.  The riscv64 objects
# are scanned as they are (scan applies their ULEB128 DWARF relocations;
# they were linked by ld.lld first before).  check-full only
# (RWONCE_FULL=1); a build that is absent is a skip naming it.  And the
# record's table of all 23 candidates is the one the merge of the
# sweep's results prints (written by --merge --into, never by hand).
#
# RWONCE_SWEEP_DIR (default $RWONCE_CACHE/sweep, RWONCE_CACHE defaulting to
# /work/cache): the sweep's work folder with the JOB+synproxy/ builds.
. "$(dirname "$0")/lib/tap.sh"

[ "$RWONCE_FULL" = 1 ] || skip_all "the sweep's nft_synproxy builds: check-full only (RWONCE_FULL=1)"
requires python3 python3
need_cmd python3
W=${RWONCE_SWEEP_DIR:-${RWONCE_CACHE:-/work/cache}/sweep}
S=net/netfilter/nft_synproxy.o
cd "$TEST_TMP" || exit 1

# build: the verdicts at lines 50, 81 and 342 the record gives
expect() {
	case $1 in
	riscv64-*|s390x-clang) echo "torn torn torn" ;;
	*) echo "ok ok ok" ;;
	esac
}

for build in x86_64-clang x86_64-gcc arm64-clang arm64-gcc arm-clang arm-gcc \
	ppc64le-clang ppc64le-gcc riscv64-clang riscv64-gcc s390x-clang s390x-gcc; do
	o=$W/$build+synproxy/$S
	if [ ! -f "$o" ]; then
		test_skip "$build: nft_synproxy verdicts" "no $build+synproxy build of $S in $W (bench/kernel-aggregate-sweep.sh)"
		continue
	fi
	test_expect_success "$build: nft_synproxy.c 50, 81, 342: $(expect $build)" "
		'$RWONCE' scan --no-progress --json '$o' >$build.json 2>$build.err; test \$? -le 1 &&
		python3 -c '
import json, sys
d = json.load(open(\"$build.json\"))
got = []
for line in (50, 81, 342):
    v = sorted({i[\"verdict\"] for i in d[\"site_instances\"]
                if i[\"path\"].endswith(\"net/netfilter/nft_synproxy.c\") and i[\"line\"] == line})
    got.append(\",\".join(v) or \"none\")
print(\" \".join(got))' >got &&
		if [ $build = s390x-clang ]; then
			grep -q 'compiled to a call of memcpy(), not one access: torn' $build.json
		fi &&
		echo '$(expect $build)' >want && cmp want got"
done

if [ -s "$W/plan.json" ] && ls "$W"/results/*.json >/dev/null 2>&1; then
	test_expect_success "the record's sweep table is what --merge $W --by-arch prints" "
		'$RWONCE_ROOT/bench/kernel-aggregate-sweep.sh' --merge '$W' --by-arch >merge.out 2>/dev/null
		grep '^|' merge.out >merge.table &&
		sed -n '/^<!-- sweep-merge begin -->\$/,/^<!-- sweep-merge end -->\$/p' \
			'$RWONCE_ROOT/doc/findings/linux-6.12.md' | grep '^|' >doc.table &&
		test \$(wc -l <merge.table) -gt 50 && cmp merge.table doc.table"
else
	test_skip "the record's sweep table" "no sweep results in $W (bench/kernel-aggregate-sweep.sh)"
fi

test_done
