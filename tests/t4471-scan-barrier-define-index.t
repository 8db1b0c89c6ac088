#!/bin/sh
# A call in a function's body that may be a barrier macro (nsync's
# ATM_LD_ACQ_(), the kernel's barrier()) is looked up among the file's
# #defines; each lookup walked the whole file's tokens for them, once per
# call of every body discovery reads (0.7% of a vmlinux scan, issue 35).
# Now the file's "# define" lines are found once per file, at its first
# lookup.  The test hook RWONCE_TEST_SCAN_DISCOVER_STATS counts the
# lookups and the walks; the accessor is found as before, through a
# macro that names another (MB2 is MB).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
cat >acc.c <<'C'
#define MB() __asm__ __volatile__("" ::: "memory")
#define MB2 MB
#define OTHER 1

static inline int load_word(int *p)
{
	MB();
	int v = *(volatile int *)p;
	MB2();
	MB();
	return v;
}

int word;

int get(void)
{
	return load_word(&word);
}
C
gcc -O2 -g -c acc.c -o acc.o || exit 1

test_expect_success 'four lookups, the file walked once for its #defines' '
	RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan -v --no-source acc.o >out 2>err &&
	grep -q "barriers. #define lookups: 4, files. tokens walked for them: 1$" err
'
test_expect_success 'the accessor behind the barriers is found, its call checked' '
	grep -q "discovery: .load_word. is a once-accessor of this tree (read-once): acc.c:5 defines it as a function whose body is a volatile cast of what its argument .p. points to" err &&
	grep -q "1 site instance: ok 1," err
'
test_done
