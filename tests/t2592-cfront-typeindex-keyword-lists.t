#!/bin/sh
# The type index's keyword lists (src/cfront/typeindex.c) are asked
# through a table of their words' lengths and first bytes that rejects a
# word before the list is searched: every word of each list must still do
# its job -- a scalar keyword makes a type, a qualifier or storage class
# is passed over, a function attribute before the type leaves the
# parameters seen, a statement keyword declares nothing.  One line per
# word, each asked of `test-tool cfront type`; a word the table wrongly
# turned away reads as a typedef name (unknown) or a declaration.
. "$(dirname "$0")/lib/tap.sh"

LT="$TEST_TOOL cfront"
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1

# the declarations at file scope, a use of each in a function after them;
# $pos: "LINE:COL" of each use, $want: the class each must have
pos= want= n=0
{
	echo 'struct pr { int a; };'
	echo 'typedef unsigned int u32_t;'
	for kw in char short int long signed unsigned float double _Bool \
		__int128 __signed__ __signed; do
		n=$((n + 1))
		echo "$kw v$n;"
	done
	# the words passed over among the specifiers, before a typedef name
# (before a keyword, the keyword alone would make the type)
	for kw in const volatile restrict __restrict __restrict__ static \
		extern register auto inline __inline __inline__ _Thread_local \
		__thread __extension__ _Noreturn __const __volatile__ \
		__volatile; do
		n=$((n + 1))
		echo "$kw u32_t v$n;"
	done
} >kw.c
last=$n
line=$(wc -l <kw.c)
k=1
while [ $k -le $last ]; do
	line=$((line + 1))
	echo "long use$k(void) { return v$k; }" >>kw.c
	col=$(printf 'long use%s(void) { return ' "$k" | wc -c)
	pos="$pos $line:$((col + 1))"
	want="$want scalar"
	k=$((k + 1))
done
# a function attribute before a typedef name: the function's parameter
# is typed (p->a: the member's type), where an unknown word there would
# be the type and the typedef name the function's
for kw in __always_inline noinline notrace nokprobe_inline asmlinkage \
	__visible __init __exit __sched __kprobes __cold __weak __pure \
	__must_check __maybe_unused __always_unused __used __noreturn \
	__attribute_const__ __ref __cpuinit __meminit __devinit \
	__init_or_module __flatten __noclone; do
	n=$((n + 1))
	line=$((line + 1))
	echo "static $kw u32_t f$n(struct pr *p) { return p->a; }" >>kw.c
	col=$(printf 'static %s u32_t f%s(struct pr *p) { return ' "$kw" "$n" |
		wc -c)
	pos="$pos $line:$((col + 1))"
	want="$want scalar"
done
# a statement keyword before a name declares nothing: the parameter
# keeps its type on the line after
for kw in return sizeof goto; do
	n=$((n + 1))
	line=$((line + 2))
	printf 'long g%s(long x)\n{ %s x; return x; }\n' "$n" "$kw" >>kw.c
	col=$(printf '{ %s x; return ' "$kw" | wc -c)
	pos="$pos $line:$((col + 1))"
	want="$want scalar"
done

# shellcheck disable=SC2086 # the positions are words
$LT type kw.c $pos >got || { echo "test-tool failed" >&2; exit 1; }
test_expect_success 'one answer per word asked' \
	"test \$(wc -l <got) -eq $(echo $pos | wc -w)"
k=0
for w in $want; do
	k=$((k + 1))
	p=$(echo $pos | cut -d' ' -f$k)
	src=$(sed -n "${p%%:*}p" kw.c)
	test_expect_success "$p ($src): $w" \
		"grep -q '^$p: $w ' got"
done
test_done
