#!/bin/sh
#
# Every Debian package the project names -- in deps/ (the lists `make
# deps` installs), in src/targets/targets.def (the hints of verify and the
# tracers), and in every "apt-get install ..." hint of the tests, sources,
# scripts, benchmarks and documents -- can be installed together, so that
# following one hint never removes what another part needs (issue 11,
# item 2: gcc-multilib removes the gcc-*-linux-gnu cross compilers).
# Asks apt for a simulated installation of the union (apt-get -s, which
# needs no lock and changes nothing); SKIP when apt cannot answer.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/lib/m32.sh"
. "$RWONCE_ROOT/tests/library/compilers.sh"
# Names, not runs: compilers whose -m32 packages are listed, and packages.
mentions clang qemu-user nodejs npm
need_cmd apt-get apt-cache

cd "$RWONCE_ROOT" || exit 2
case $(apt-cache policy gcc 2>/dev/null) in
*"Candidate: (none)"* | "") skip_all "apt has no package lists here (apt-get update)" ;;
esac

words() { tr -s ' \t' '\n\n' | grep -E '^[a-z0-9][a-z0-9.+-]+$' | sort -u; }

# What `make deps` installs and verify's target hints name.
installed_by_us=$TEST_TMP/ours
{
	cat deps/*.txt deps/full/*.txt | sed 's/#.*//'
	# The package strings of the targets: their only quoted words with spaces.
	grep -o '"[^"]* [^"]*"' src/targets/targets.def | tr -d '"'
	# The -m32 hints are computed per compiler.
	for cc in $RWONCE_CCS $RWONCE_CXXS gcc cc clang; do
		m32_packages "$cc"
	done
} | words >"$installed_by_us"
# ... the packages installed when a command is missing (Debian's npm,
# on a machine without a nodejs that ships it: a fresh one) and every
# "apt-get install a b c" hint, up to punctuation.
names=$TEST_TMP/names
{
	cat "$installed_by_us"
	sed 's/#.*//' deps/if-missing.list | awk 'NF == 2 { print $2 }'
	grep -rhoE "apt-get install( -[a-z-]+)*( [a-z0-9][a-z0-9.+-]*)+" \
		--exclude-dir=build --exclude-dir=node_modules \
		tests src scripts bench doc tracer README.md mk Makefile 2>/dev/null |
		sed -E 's/^apt-get install//; s/ -[a-z-]+//g'
} | words >"$names"
diag "$(wc -l <"$names") packages named, $(wc -l <"$installed_by_us") of them installed by make deps"

test_expect_success 'the package lists and hints name packages' \
	'grep -qx gcc-aarch64-linux-gnu "$names" && grep -qx qemu-user "$names" &&
	 grep -qx npm "$names" && grep -qx nodejs "$names" &&
	 grep -qx gcc-12-multilib "$names" && grep -qx libclang-dev "$names"'
test_expect_success 'no list or hint names gcc-multilib or g++-multilib' \
	'! grep -xE "g(cc|\+\+)-multilib" "$names"'
# A fresh Debian 12 (empty dpkg status): one installation of them all.
: >"$TEST_TMP/empty-status"
test_expect_success 'on a fresh machine all of them install together (apt-get -s)' '
	apt-get -s -q -o Dir::State::status="$TEST_TMP/empty-status" \
		install $(cat "$names") >"$TEST_TMP/sim" 2>&1; rc=$?;
	grep -E "^E:|^ .* : (Depends|Conflicts|Breaks)" "$TEST_TMP/sim";
	test $rc = 0'
# This machine: what make deps installs removes nothing that is here.
test_expect_success 'here, installing what make deps names removes nothing' '
	apt-get -s -q install $(cat "$installed_by_us") >"$TEST_TMP/sim2" 2>&1; rc=$?;
	grep -E "^(E:|Remv)" "$TEST_TMP/sim2";
	test $rc = 0 && ! grep -q "^Remv" "$TEST_TMP/sim2"'
test_done
