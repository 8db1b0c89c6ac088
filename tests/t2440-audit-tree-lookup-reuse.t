#!/bin/sh
# What audit reuses to be fast (issue #35) must answer as a fresh parse:
#
#   - the tree lookup types each per-architecture variant in the file's
#     own index with its "local.h" headers, the variant's headers merged
#     in and taken out again after (type_index_rewind(); t2452):
#     a global declared only in local.h (the tree's index records types,
#     not variables) whose type, pte_t, is defined per architecture is
#     still typed in the x86 variant, and so is a block-scope local;
#   - a local header is parsed once for the files of its folder (the
#     header cache): the second file of the folder gets it too, and a
#     header of the same name in another folder is its own;
#   - once-macro names are looked up behind bitmaps of their first two
#     characters and of their length and last character: a one-character
#     name, one longer than 64, names that start with '_' or end in one.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1
mkdir -p tree/arch/x86/include/asm tree/arch/arm/include/asm tree/mm \
	tree/drivers/foo m
echo 'typedef struct { unsigned int pte_low, pte_high; } pte_t;' \
	>tree/arch/x86/include/asm/pgtable_types.h
echo 'typedef unsigned long pte_t;' >tree/arch/arm/include/asm/pgtable_types.h
echo 'extern pte_t shared_pte;' >tree/mm/local.h
printf '%s\n' '#include "local.h"' '' 'unsigned int first(void)' '{' \
	'	pte_t v = READ_ONCE(shared_pte);' '	return v.pte_low;' '}' >tree/mm/a.c
printf '%s\n' '#include "local.h"' '' 'void second(void)' '{' '	{' \
	'		pte_t *q = &shared_pte;' '		(void)READ_ONCE(*q);' '	}' \
	'	(void)READ_ONCE(shared_pte);' '}' >tree/mm/b.c
echo 'extern int shared_pte;' >tree/drivers/foo/local.h
printf '%s\n' '#include "local.h"' '' 'int third(void)' '{' \
	'	return READ_ONCE(shared_pte);' '}' >tree/drivers/foo/c.c

"$RWONCE" audit -q --preset linux --srcroot tree tree >out.txt
echo $? >rc
split="an aggregate that uses more than one storage unit under x86: .*\\[volatile-aggregate\\]"

test_expect_success 'exit status 1: findings' '[ "$(cat rc)" = 1 ]'
test_expect_success 'a global of local.h typed through the x86 variant of pte_t' "
	grep -q \"^tree/mm/a.c:5:12: error: READ_ONCE(shared_pte) of 'pte_t', $split\" out.txt"
test_expect_success 'a block-scope local in a variant' "
	grep -q \"^tree/mm/b.c:7:9: error: READ_ONCE(\\*q) of 'pte_t', $split\" out.txt"
test_expect_success 'the second file of the folder gets local.h too' "
	grep -q \"^tree/mm/b.c:9:8: error: READ_ONCE(shared_pte) of 'pte_t', $split\" out.txt"
test_expect_success 'another folder'\''s local.h is its own: an int, no finding' "
	! grep -q '^tree/drivers/foo/' out.txt && [ \$(wc -l <out.txt) = 3 ]"
test_expect_success 'the file alone gets the tree run'\''s findings' "
	\"$RWONCE\" audit -q --preset linux --srcroot tree tree/mm/b.c >alone.txt; [ \$? = 1 ] &&
	grep '^tree/mm/b.c:' out.txt | diff -u - alone.txt"

long=$(printf 'L%.0s' $(seq 70))
printf '%s\n' 'int x, y, z, w, v;' 'void f(void)' '{' '	Q(x) = 1;' \
	"	$long(y) = 2;" '	_9(z) = 3;' '	z9_(w) = 4;' '	QQ(v) = 5;' '}' >m/m.c
test_expect_success 'once-macro names of 1 and 70 characters, with _ first or last: every use a site' "
	\"$RWONCE\" audit --no-discover --macro Q=access-once --macro $long=access-once \
		--macro _9=access-once --macro z9_=access-once --format=json m >m.json 2>m.err; [ \$? = 1 ] &&
	grep -q '\"sites\": 4' m.json && grep -q 'access-once 4' m.err"
test_done
