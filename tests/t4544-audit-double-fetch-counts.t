#!/bin/sh
# A tree whose shared words are objects of a volatile type, with no
# once-macro and no volatile cast (nginx's ngx_atomic_t, `typedef
# volatile ngx_atomic_uint_t ngx_atomic_t`): `audit --enable
# double-fetch` reported the checked-then-used read and still said
# "nothing checked: no once-access site ...", exit 2 -- trouble, where a
# finding is exit 1.  The pair of reads it reports was checked; a tree
# where the rule finds nothing is still "nothing checked" (it names no
# site), exit 2.
. "$(dirname "$0")/lib/tap.sh"

mkdir -p "$TEST_TMP/df" "$TEST_TMP/clean" && cd "$TEST_TMP" || exit 1
cat >df/df.c <<'EOF2'
typedef volatile unsigned long ngx_atomic_t;
unsigned get(ngx_atomic_t *shared, unsigned *buf)
{
	if (*shared >= 64)
		return 0;
	return buf[*shared];
}
EOF2
cat >clean/ok.c <<'EOF2'
typedef volatile unsigned long ngx_atomic_t;
unsigned get(ngx_atomic_t *shared, unsigned *buf)
{
	unsigned long i = *shared;

	if (i >= 64)
		return 0;
	return buf[i];
}
EOF2
test_expect_success 'a double-fetch finding on a volatile object: exit 1, not "nothing checked"' '
	{ "$RWONCE" audit -q --enable double-fetch df >out 2>err; test $? = 1; } &&
	grep -q "df.c:6:13: warning: .\*shared. is read again and used as an array index" out &&
	! grep -q "nothing checked" err
'
test_expect_success 'no finding and no once-access site: still "nothing checked", exit 2' '
	{ "$RWONCE" audit -q --enable double-fetch clean >out 2>err; test $? = 2; } &&
	grep -q "nothing checked: no once-access site" err
'
test_done
