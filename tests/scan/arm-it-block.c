/* The source of the Thumb-2 IT-block code in tests/t4070-scan-arm-paths.t:
 * its assembly puts its loads on the READ_ONCE line. */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

long pick(long *p, int c)
{
	/* c chooses between two loads of *p; the second pair is plain */
	return READ_ONCE(*p);
}
